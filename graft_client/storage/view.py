"""SnapshotView: the pages of one pinned local snapshot, as a reader sees them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from graft_client.storage.cipher import PageCipher, is_marker
from graft_client.storage.db import LocalDB
from graft_client.storage.pages import PageCursor
from graft_client.storage.records import EMPTY_MARKER, INHERITED_MARKER, PENDING_MARKER
from graft_core.errors import ClosedError, CorruptDataError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE, Snapshot

__all__ = ["FetchPending", "Inheritor", "NotFetched", "SnapshotView", "not_fetched"]

# Reads a PENDING page from the servers: (pageidx, snapshot LSN, snapshot page count) -> bytes.
FetchPending = Callable[[int, int, int], bytes]


class NotFetched(Exception):
    """A page read with ``not_fetched`` is PENDING: it is on the servers only."""


def not_fetched(pageidx: int, lsn: int, page_count: int) -> bytes:
    """The ``FetchPending`` of a read that must not reach the servers."""
    raise NotFetched


class Inheritor(Protocol):
    """Reads the pages a fork inherits: its parent's at the origin (DESIGN section 12)."""

    def read(self, pageidx: int, lsn: int, page_count: int) -> bytes:
        """The page as the origin has it, for a view of the fork at ``lsn``."""

    def close(self) -> None: ...


class SnapshotView:
    """Reads at one snapshot, which stays pinned (not reclaimed) until ``close()``. One thread."""

    __slots__ = (
        "__weakref__",
        "_cipher",
        "_cursor",
        "_fetch",
        "_inheritor",
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
        inheritor: Inheritor | None = None,
        cipher: PageCipher | None = None,
    ) -> None:
        self.vid = vid
        self._fetch = fetch
        self._cipher = cipher  # the volume's pages are sealed at rest (encrypt_local)
        self._inheritor = inheritor
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
        if slot is None or slot == INHERITED_MARKER:
            if self._inheritor is None:
                return EMPTY_PAGE
            # A read-ahead run does not see inherited pages fetched since it began: look again.
            cursor.end_run()
            found = cursor.version(pageidx, self.lsn)
            if found is None or found[1] == INHERITED_MARKER:
                return self._inheritor.read(pageidx, self.lsn, self.page_count)
            slot = found[1]
        if self._cipher is not None and not is_marker(slot):
            return self._cipher.open(pageidx, slot)
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

    def reads(self, db: LocalDB) -> bool:
        """Whether the view is open and reads ``db``."""
        return self._cursor is not None and self._cursor.db is db

    def close(self) -> None:
        if self._cursor is None:
            return
        self._cursor.close()
        self._cursor = None
        release, self._release = self._release, None
        inheritor, self._inheritor = self._inheritor, None
        try:
            if inheritor is not None:
                inheritor.close()
        finally:
            if release is not None:
                release()
