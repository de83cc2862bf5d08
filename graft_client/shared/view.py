"""AttachedView: an attached process's reads at one snapshot.

Its pages come from the process's RocksDB secondary instance once that has caught up to the
snapshot, and from the owner until then (a catch-up costs milliseconds: it runs in the
background, asked for by the first read that finds the secondary behind).
"""

from __future__ import annotations

from collections.abc import Callable

from graft_client.storage.db import LocalDB
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_core.errors import ClosedError
from graft_core.ids import VolumeId
from graft_core.types import Snapshot

__all__ = ["AttachedView"]


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
        remote: Callable[[int], bytes],
        inheritor: Inheritor | None = None,
    ) -> None:
        super().__init__(db, vid, snapshot, release, fetch, inheritor)
        # Whether the secondary has the snapshot (asks for a catch-up when not); None once so.
        self._here: Callable[[], bool] | None = here
        self._remote = remote

    def read(self, pageidx: int) -> bytes:
        here = self._here
        if here is not None:
            if self.closed:
                raise ClosedError("reader is closed")
            if not here():
                return self._remote(pageidx)
            self._here = None
        return super().read(pageidx)
