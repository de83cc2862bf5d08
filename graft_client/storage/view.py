"""SnapshotView: the pages of one pinned local snapshot, as a reader sees them."""

from __future__ import annotations

from collections.abc import Callable

from graft_client.storage.db import LocalDB
from graft_client.storage.pages import PageCursor
from graft_client.storage.records import EMPTY_MARKER, PENDING_MARKER
from graft_core.errors import ClosedError, CorruptDataError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE, Snapshot

__all__ = ["FetchPending", "SnapshotView"]

# Reads a PENDING page from the servers: (pageidx, snapshot LSN, snapshot page count) -> bytes.
FetchPending = Callable[[int, int, int], bytes]


class SnapshotView:
    """Reads at one snapshot, which stays pinned (not reclaimed) until ``close()``. One thread."""

    __slots__ = (
        "__weakref__",
        "_cursor",
        "_fetch",
        "_release",
        "lsn",
        "page_count",
        "snapshot",
        "vid",
    )

    def __init__(
        self,
        db: LocalDB,
        vid: VolumeId,
        snapshot: Snapshot | None,
        release: Callable[[], None] | None,
        fetch: FetchPending,
    ) -> None:
        self.vid = vid
        self._fetch = fetch
        self.snapshot = snapshot
        self.lsn = 0 if snapshot is None else snapshot.lsn
        self.page_count = 0 if snapshot is None else snapshot.page_count
        self._cursor: PageCursor | None = PageCursor(db, vid)
        self._release = release

    def read(self, pageidx: int) -> bytes:
        """The page's bytes (``pageidx`` is valid); a PENDING page is fetched."""
        cursor = self._cursor
        if cursor is None:
            raise ClosedError("reader is closed")
        if pageidx > self.page_count:
            return EMPTY_PAGE
        slot = cursor.lookup(pageidx, self.lsn)
        if slot is None:
            return EMPTY_PAGE
        if len(slot) == PAGE_SIZE:
            return slot
        if slot == EMPTY_MARKER:
            return EMPTY_PAGE
        if slot == PENDING_MARKER:
            return self._fetch(pageidx, self.lsn, self.page_count)
        raise CorruptDataError(f"page {pageidx} of {self.vid}: slot of {len(slot)} bytes")

    def pause(self) -> None:
        """Let go of read-ahead state (the iterator pins RocksDB's files while it lives)."""
        if self._cursor is not None:
            self._cursor.end_run()

    @property
    def closed(self) -> bool:
        return self._cursor is None

    def close(self) -> None:
        if self._cursor is None:
            return
        self._cursor.close()
        self._cursor = None
        release, self._release = self._release, None
        if release is not None:
            release()
