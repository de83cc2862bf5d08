"""AttachedView: an attached process's reads at one snapshot.

Its pages come from the process's RocksDB secondary instance, as it stands: when the owner
said which pages changed since the secondary's LSN (``changes``), those come from the owner
(or the process's ``PageVersions``) and every other page from the secondary; else every page
comes from the owner until the secondary, caught up in the background (a catch-up costs
milliseconds), has the snapshot. A page a fork inherits the owner does not read for it: the
view reads it through its own inheritor, as it would from the secondary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from graft_client.shared.changes import Changed
from graft_client.shared.versions import PageVersions
from graft_client.storage.cipher import PageCipher
from graft_client.storage.db import LocalDB
from graft_client.storage.state import LocalState
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_core.errors import ClosedError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, Snapshot

__all__ = ["AttachedView", "RemoteReads", "read_unless_inherited"]


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


@dataclass(frozen=True)
class RemoteReads:
    """How an attached view reads what its secondary may not have."""

    here: Callable[[], bool]  # whether the secondary has the snapshot now
    remote: Callable[[int], bytes | None]  # a page through the owner (None: inherited)
    changed: Changed | None  # the pages changed since the secondary's LSN, if known
    versions: PageVersions


class AttachedView(SnapshotView):
    __slots__ = ("_changed", "_here", "_reads", "_token")

    def __init__(
        self,
        db: LocalDB,
        vid: VolumeId,
        snapshot: Snapshot | None,
        release: Callable[[], None] | None,
        fetch: FetchPending,
        reads: RemoteReads,
        inheritor: Inheritor | None = None,
        cipher: PageCipher | None = None,
    ) -> None:
        super().__init__(db, vid, snapshot, release, fetch, inheritor, cipher)
        self._reads = reads
        # Whether the secondary has the snapshot (asks for a catch-up when not); None once so.
        self._here: Callable[[], bool] | None = reads.here
        self._token = 0
        self._changed: dict[int, int] | None = None
        if reads.changed is not None:
            self._token, self._changed = reads.changed

    def read(self, pageidx: int) -> bytes:
        changed = self._changed
        if changed is not None:
            # The secondary holds every page but these as the snapshot has them.
            lsn = changed.get(pageidx)
            if lsn is None:
                return super().read(pageidx)
            return self._read_version(pageidx, lsn)
        here = self._here
        if here is not None:
            if self.closed:
                raise ClosedError("reader is closed")
            if not here():
                return self._read_remote(pageidx)
            self._here = None
        return super().read(pageidx)

    def _read_version(self, pageidx: int, lsn: int) -> bytes:
        if self.closed:
            raise ClosedError("reader is closed")
        key = (self._token, self.vid, pageidx, lsn)
        versions = self._reads.versions
        found = versions.get(key)
        if found is None:
            found = self._reads.remote(pageidx)
            if found is None:
                return self._read_inherited(pageidx)
            versions.put(key, found)
        return found

    def _read_remote(self, pageidx: int) -> bytes:
        found = self._reads.remote(pageidx)
        if found is not None:
            return found
        return self._read_inherited(pageidx)

    def _read_inherited(self, pageidx: int) -> bytes:
        if self._inheritor is None:
            return EMPTY_PAGE
        return self._inheritor.read(pageidx, self.lsn, self.page_count)
