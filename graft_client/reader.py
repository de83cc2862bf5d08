"""VolumeReader: reads pinned to one local snapshot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from graft_client.storage.pages import PageCursor
from graft_client.storage.records import EMPTY_MARKER, PENDING_MARKER
from graft_core.closing import Closing
from graft_core.errors import ClosedError, CorruptDataError
from graft_core.types import EMPTY_PAGE, MAX_PAGEIDX, PAGE_SIZE, Snapshot, check_pageidx

if TYPE_CHECKING:
    from graft_client.volume import Volume

__all__ = ["VolumeReader"]


class VolumeReader(Closing):
    """Every read sees the snapshot the reader was opened at, whatever commits land meanwhile.

    Readers are cheap and many may be open at once; each is for one thread. Close them (or use
    ``with``): an open reader keeps its snapshot's page versions from being reclaimed.

    Pages not yet fetched are read from the servers. If compaction dropped the remote LSN the
    snapshot maps to, a page no later commit changed is read at a newer retained LSN (same
    bytes); a page that did change raises ``SnapshotNotFoundError``: pull and read anew.
    """

    def __init__(self, volume: Volume, snapshot: Snapshot | None) -> None:
        self._volume = volume
        self._snapshot = snapshot
        self._lsn = 0 if snapshot is None else snapshot.lsn
        self._page_count = 0 if snapshot is None else snapshot.page_count
        self._cursor: PageCursor | None = PageCursor(volume._db, volume.vid)
        volume._client._readers.add(self)

    @property
    def snapshot(self) -> Snapshot | None:
        """The pinned snapshot; None for a volume without commits (every page reads as zeros)."""
        return self._snapshot

    @property
    def page_count(self) -> int:
        return self._page_count

    def read(self, pageidx: int) -> bytes:
        """The page's PAGE_SIZE bytes; zeros for pages never written or beyond the page count."""
        if not (type(pageidx) is int and 0 < pageidx <= MAX_PAGEIDX):
            check_pageidx(pageidx)
        cursor = self._cursor
        if cursor is None:
            raise ClosedError("reader is closed")
        if pageidx > self._page_count:
            return EMPTY_PAGE
        slot = cursor.lookup(pageidx, self._lsn)
        if slot is None:
            return EMPTY_PAGE
        if len(slot) == PAGE_SIZE:
            return slot
        if slot == EMPTY_MARKER:
            return EMPTY_PAGE
        if slot == PENDING_MARKER:
            return self._volume._fetch_pending(pageidx, self._lsn, self._page_count)
        raise CorruptDataError(f"page {pageidx} of {self._volume.vid}: slot of {len(slot)} bytes")

    def pause(self) -> None:
        """Let go of read-ahead state while the reader sits unused; it still reads afterwards."""
        if self._cursor is not None:
            self._cursor.end_run()

    def close(self) -> None:
        if self._cursor is None:
            return
        self._cursor.close()
        self._cursor = None
        if self._snapshot is not None:
            self._volume._client._pins.unpin(self._volume.vid, self._lsn)

    def __del__(self) -> None:
        # A reader dropped without close() must not pin its snapshot forever.
        if getattr(self, "_cursor", None) is not None:
            self.close()
