"""Pull: learn the servers' newer commits of a volume; reset to them (DESIGN section 6)."""

from __future__ import annotations

import logging

from graft_client.storage.pull import PullOutcome
from graft_client.storage.records import FIRST_LSN, ConflictPolicy, OriginRecord
from graft_client.storage.state import LocalState
from graft_client.sync.cluster import bind_cluster, checked_clusters
from graft_client.sync.runtime import SyncRuntime
from graft_core.errors import IntegrityError
from graft_core.failpoints import failpoint
from graft_core.ids import VolumeId
from graft_core.types import LSN, PageCount, RemoteLSN
from graft_core.wire import Origin, SnapshotInfo

__all__ = ["pull", "reset_to_remote"]

log = logging.getLogger(__name__)


async def pull(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId, wait_ms: int = 0
) -> PullOutcome:
    """Learn the newest remote commit (waiting up to ``wait_ms`` for one) and apply its graft.

    With an interrupted push pending, a push in flight (the resume that opening the volume
    starts) ends first: the pull then applies, instead of answering ``push_pending``.
    """
    if state.push_pending(vid):
        async with runtime.push_lock(vid):
            pass
    # A pull reads no page, but the pages it learns of are read from the pagestore: one that
    # is no pagestore, or another cluster's, is told now, not at the first read.
    cluster = await checked_clusters(state, runtime, vid)
    snapshot = state.snapshot(vid)
    start = 1 if snapshot is None or snapshot.remote_lsn is None else snapshot.remote_lsn + 1
    answer = await runtime.metastore.pull_graft(vid, start, wait_ms=wait_ms)
    _check_not_rolled_back(vid, start - 1, answer.snapshot)
    runtime.errors.success(vid)
    outcome = PullOutcome.UP_TO_DATE
    rebase = state.config(vid).conflict_policy is ConflictPolicy.REBASE
    while answer.snapshot is not None and answer.snapshot.lsn >= start:
        snap = answer.snapshot
        failpoint("pull.before_apply")
        step = state.apply_pull(
            vid,
            RemoteLSN(LSN(snap.lsn)),
            snap.page_count,
            answer.graft,
            rebase=rebase,
            cut=answer.cut,
            origin=_origin(answer.origin),
        )
        log.info("pull of %s to remote LSN %d: %s", vid, snap.lsn, step.value)
        if step is not PullOutcome.UP_TO_DATE:
            outcome = step
        if answer.next is None or step in (PullOutcome.CONFLICT, PullOutcome.PUSH_PENDING):
            break
        # A long range comes in bounded steps, each its own local LSN.
        start = answer.next
        answer = await runtime.metastore.pull_graft(vid, start)
    if outcome is PullOutcome.UP_TO_DATE:
        state.note_synced(vid)  # an applied pull stored its time with the commit
    bind_cluster(state, vid, cluster)
    return outcome


def _origin(origin: Origin | None) -> OriginRecord | None:
    """A fork's origin as a first pull learns it (the local LSN is set where it is stored)."""
    if origin is None:
        return None
    return OriginRecord(
        bytes(origin.vid),
        RemoteLSN(LSN(origin.lsn)),
        PageCount(origin.page_count),
        FIRST_LSN,
    )


def _check_not_rolled_back(vid: VolumeId, seen: int, latest: SnapshotInfo | None) -> None:
    """The servers' latest LSN must not be below one this client has seen (DESIGN 13): an older
    snapshot served as the newest is a rollback (tampering, or a restore from backup)."""
    if seen > 0 and (latest is None or latest.lsn < seen):
        served = "no commits" if latest is None else f"latest LSN {latest.lsn}"
        raise IntegrityError(
            f"the metastore answers {served} for {vid}, but this client has seen LSN {seen}: "
            "refusing a rolled-back history"
        )


async def reset_to_remote(state: LocalState, runtime: SyncRuntime, vid: VolumeId) -> None:
    """Drop the unpushed local commits, after any push of them in flight has ended (a resumed
    push finishing meanwhile would record a commit the reset has dropped)."""
    async with runtime.push_lock(vid):
        state.reset(vid)
