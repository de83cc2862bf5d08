"""AttachedView: an attached process's reads at one snapshot.

Its pages come from the process's RocksDB secondary instance once that has caught up to the
snapshot, and from the owner until then (a catch-up costs milliseconds: it runs in the
background, asked for by the first read that finds the secondary behind). A page a fork
inherits the owner does not read for it: the view reads it through its own inheritor, as it
would from the secondary.
"""

from __future__ import annotations

from collections.abc import Callable

from graft_client.storage.cipher import PageCipher
from graft_client.storage.db import LocalDB
from graft_client.storage.state import LocalState
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_core.errors import ClosedError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, Snapshot

__all__ = ["AttachedView", "read_unless_inherited"]


class _Inherited(Exception):
    """The page is one a fork inherits."""


class _ReferBack:
    """The owner's ``Inheritor`` for another process's read: the reader's process reads a
    fork's inherited pages through its own (the owner has none for that reader's view)."""

    def read(self, pageidx: int, lsn: int, page_count: int) -> bytes:
        raise _Inherited

    def close(self) -> None:
        return None


def read_unless_inherited(
    state: LocalState, vid: VolumeId, snapshot: Snapshot, pageidx: int, fetch: FetchPending
) -> bytes | None:
    """A page of ``snapshot`` (which the asking process holds pinned); None if the volume is a
    fork that inherits it."""
    try:
        return state.read_page(vid, snapshot, pageidx, fetch, _ReferBack())
    except _Inherited:
        return None


class AttachedView(SnapshotView):
    __slots__ = ("_here", "_remote")

    def __init__(
        self,
        db: LocalDB,
        vid: VolumeId,
        snapshot: Snapshot | None,
        release: Callable[[], None] | None,
        fetch: FetchPending,
        here: Callable[[], bool],
        remote: Callable[[int], bytes | None],
        inheritor: Inheritor | None = None,
        cipher: PageCipher | None = None,
    ) -> None:
        super().__init__(db, vid, snapshot, release, fetch, inheritor, cipher)
        # Whether the secondary has the snapshot (asks for a catch-up when not); None once so.
        self._here: Callable[[], bool] | None = here
        self._remote = remote

    def read(self, pageidx: int) -> bytes:
        here = self._here
        if here is not None:
            if self.closed:
                raise ClosedError("reader is closed")
            if not here():
                return self._read_remote(pageidx)
            self._here = None
        return super().read(pageidx)

    def _read_remote(self, pageidx: int) -> bytes:
        found = self._remote(pageidx)
        if found is not None:
            return found
        if self._inheritor is None:
            return EMPTY_PAGE
        return self._inheritor.read(pageidx, self.lsn, self.page_count)
