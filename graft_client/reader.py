"""VolumeReader: reads pinned to one local snapshot."""

from __future__ import annotations

from graft_client.storage.view import SnapshotView
from graft_core.closing import Closing
from graft_core.types import MAX_PAGEIDX, Snapshot, check_pageidx

__all__ = ["VolumeReader"]


class VolumeReader(Closing):
    """Every read sees the snapshot the reader was opened at, whatever commits land meanwhile.

    Readers are cheap and many may be open at once; each is for one thread. Close them (or use
    ``with``): an open reader keeps its snapshot's page versions from being reclaimed.

    Pages not yet fetched are read from the servers. If compaction dropped the remote LSN the
    snapshot maps to, a page no later commit changed is read at a newer retained LSN (same
    bytes); a page that did change raises ``SnapshotNotFoundError``: pull and read anew.
    """

    def __init__(self, view: SnapshotView) -> None:
        self._view = view
        self._read = view.read  # bound once: read() is the hot path of every SQLite query

    @property
    def snapshot(self) -> Snapshot | None:
        """The pinned snapshot; None for a volume without commits (every page reads as zeros)."""
        return self._view.snapshot

    @property
    def page_count(self) -> int:
        return self._view.page_count

    def read(self, pageidx: int) -> bytes:
        """The page's PAGE_SIZE bytes; zeros for pages never written or beyond the page count."""
        if not (type(pageidx) is int and 0 < pageidx <= MAX_PAGEIDX):
            check_pageidx(pageidx)
        return self._read(pageidx)

    def pause(self) -> None:
        """Let go of read-ahead state while the reader sits unused; it still reads afterwards."""
        self._view.pause()

    def close(self) -> None:
        self._view.close()

    def __del__(self) -> None:
        # A reader dropped without close() must not pin its snapshot forever.
        view = getattr(self, "_view", None)
        if view is not None:
            view.close()
