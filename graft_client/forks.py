"""Forks, reverts and diffs of a volume's history (DESIGN section 12), over the local state.

A fork reads the pages it never wrote through its origin: from the parent's local snapshot at
the origin when this device made the fork and still has the parent, else from the servers (the
pagestore resolves them through the parent, recursively). Either way nothing is copied up front.
"""

from __future__ import annotations

from collections.abc import Callable

from graft_client.reader import VolumeReader
from graft_client.storage.records import OriginRecord
from graft_client.storage.state import LocalState
from graft_client.sync.session import SyncSession
from graft_core.errors import InvalidInputError, NotFoundError, SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE

__all__ = ["ParentReads", "changes", "revert_pages"]


class ParentReads:
    """The ``Inheritor`` of one reader of a fork (closed with it)."""

    def __init__(
        self,
        session: SyncSession,
        vid: VolumeId,
        origin: OriginRecord,
        open_parent: Callable[[], VolumeReader | None],
    ) -> None:
        self._session = session
        self._vid = vid
        self._origin = origin
        self._open_parent = open_parent
        self._parent: VolumeReader | None = None
        self._tried = False

    def read(self, pageidx: int, lsn: int, page_count: int) -> bytes:
        if pageidx > self._origin.page_count:
            return EMPTY_PAGE
        if not self._tried:
            self._tried = True
            try:
                self._parent = self._open_parent()
            except NotFoundError:  # the parent's snapshot is gone here: read from the servers
                self._parent = None
        if self._parent is not None:
            return self._parent.read(pageidx)
        return self._session.fetch_inherited(self._vid, pageidx, lsn, page_count)

    def close(self) -> None:
        parent, self._parent = self._parent, None
        if parent is not None:
            parent.close()


def _check_range(state: LocalState, vid: VolumeId, from_lsn: int, to_lsn: int) -> None:
    latest = state.latest_lsn(vid)
    if not 1 <= from_lsn <= to_lsn:
        raise InvalidInputError(f"LSN range {from_lsn}..{to_lsn}: need 1 <= from <= to")
    if to_lsn > latest:
        raise SnapshotNotFoundError(f"volume {vid} has no LSN {to_lsn} (latest: {latest})")


def changes(state: LocalState, vid: VolumeId, from_lsn: int, to_lsn: int) -> Graft:
    """The pages the local commits after ``from_lsn`` up to ``to_lsn`` changed (the union of
    their grafts): every page whose bytes may differ between the two snapshots."""
    _check_range(state, vid, from_lsn, to_lsn)
    commits = state.commit_grafts(vid, from_lsn + 1, to_lsn + 1)
    if len(commits) != to_lsn - from_lsn:
        raise SnapshotNotFoundError(
            f"the commits of volume {vid} after LSN {from_lsn} are no longer all retained "
            "locally: pick a later LSN"
        )
    return Graft.union(commits)


def revert_pages(old: VolumeReader, changed: Graft) -> dict[int, bytes]:
    """The bytes at ``old``'s snapshot of every page of ``changed`` within its page count."""
    return {idx: old.read(idx) for idx in changed if idx <= old.page_count}
