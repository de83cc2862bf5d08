"""Push: local commits to the servers as one remote commit (DESIGN section 6).

The durable steps are ``LocalState`` transitions around the network calls; the named fail points
sit between the steps where a crash must be survivable.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import anyio

from graft_client.storage.push import PushPlan
from graft_client.storage.state import LocalState
from graft_client.sync.cluster import bind_cluster, checked_clusters
from graft_client.sync.observe import Progress, PushInfo
from graft_client.sync.runtime import PAGES_PER_REQUEST, SyncRuntime
from graft_client.sync.sealing import seal_pages
from graft_core import wire
from graft_core.commit_hash import commit_hash
from graft_core.crypto import Keyring
from graft_core.errors import CommitRejectedError, GraftError
from graft_core.failpoints import failpoint
from graft_core.ids import VolumeId
from graft_core.types import LSN, LocalLSN, PageIdx, RemoteLSN

__all__ = ["graft_error", "push", "resume_interrupted_push"]

log = logging.getLogger(__name__)

PARALLEL_REQUESTS = 4


Pages = list[tuple[PageIdx, bytes]]


async def _write_pages(
    runtime: SyncRuntime,
    vid: VolumeId,
    pages: Sequence[tuple[PageIdx, bytes]],
    progress: Progress | None,
    seal: Callable[[Pages], Pages] | None,
) -> tuple[list[wire.SegmentRef], Pages]:
    """Upload ``pages`` in requests of ``PAGES_PER_REQUEST``, each sealed first with ``seal``
    (in a worker thread, so sealing one request overlaps uploading others) if the volume is
    encrypted; the segments written and the pages as sent."""
    chunks: list[Pages] = [
        list(pages[i : i + PAGES_PER_REQUEST]) for i in range(0, len(pages), PAGES_PER_REQUEST)
    ]
    sealed = seal is not None
    if len(chunks) == 1 and progress is None:  # the common small push: no task group to set up
        sent = chunks[0] if seal is None else seal(chunks[0])
        return await runtime.pagestore.write_pages(vid, sent, sealed=sealed), sent
    results: list[list[wire.SegmentRef]] = [[] for _ in chunks]
    limiter = anyio.CapacityLimiter(PARALLEL_REQUESTS)
    done = 0

    async def write(index: int) -> None:
        nonlocal done
        async with limiter:
            if seal is not None:
                chunks[index] = await anyio.to_thread.run_sync(seal, chunks[index])
            results[index] = await runtime.pagestore.write_pages(vid, chunks[index], sealed=sealed)
        done += len(chunks[index])
        if progress is not None:
            progress(done, len(pages))

    try:
        async with anyio.create_task_group() as group:
            for index in range(len(chunks)):
                group.start_soon(write, index)
    except BaseExceptionGroup as failed:
        # One failed request cancels the others: raise its typed error, not the task group's
        # ExceptionGroup (which ``except GraftError`` in push and in autosync would not catch).
        raise graft_error(failed) from None
    return [ref for refs in results for ref in refs], [page for chunk in chunks for page in chunk]


async def _write_pages_durably(
    state: LocalState,
    runtime: SyncRuntime,
    outgoing: _Outgoing,
    vid: VolumeId,
    plan: PushPlan,
    progress: Progress | None,
) -> tuple[list[wire.SegmentRef], bytes]:
    """Upload the plan's pages while ``pending_sync`` is fsynced: both must be done before the
    commit. The segments and the commit's hash (over the sealed bytes, if sealed)."""
    try:
        async with anyio.create_task_group() as group:
            group.start_soon(anyio.to_thread.run_sync, state.sync_wal)
            segments, sent = await _write_pages(runtime, vid, plan.pages, progress, outgoing.seal)
    except BaseExceptionGroup as failed:
        raise graft_error(failed) from None
    if outgoing.seal is None:
        return segments, plan.commit_hash
    return segments, commit_hash(vid, plan.base_lsn, plan.page_count, sent)


def graft_error(failed: BaseExceptionGroup[BaseException]) -> BaseException:
    """The first GraftError in the group (searched depth-first), else the group itself."""
    for exc in failed.exceptions:
        found = graft_error(exc) if isinstance(exc, BaseExceptionGroup) else exc
        if isinstance(found, GraftError):
            return found
    return failed


@dataclass(frozen=True)
class _Outgoing:
    """How a push sends the plan's pages: sealed with ``seal`` if the volume is encrypted (then
    the commit hash covers the sealed bytes and the commit carries the volume's keyring)."""

    seal: Callable[[Pages], Pages] | None
    keyring: bytes


def _keyring(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId
) -> tuple[Keyring, bytes] | None:
    """The volume's keyring (its current key unwrapped: a missing or wrong key fails here,
    before the push starts) and its encoded form; None if the volume is not encrypted."""
    encoded = state.config(vid).keyring
    ring = runtime.keys.ring(vid, encoded)
    if ring is None:
        return None
    ring.current()
    return ring, encoded


def _outgoing(keyring: tuple[Keyring, bytes] | None, vid: VolumeId, plan: PushPlan) -> _Outgoing:
    if keyring is None:
        return _Outgoing(None, b"")
    ring, encoded = keyring
    # Sealing is deterministic: a resumed push sends the same bytes, so the same commit hash,
    # with the key its first try used, whatever rotated since (keys are only ever added).
    key = ring.current() if plan.key_id is None else ring.get(plan.key_id)
    return _Outgoing(partial(seal_pages, key, vid, (plan.base_lsn or 0) + 1), encoded)


async def push(
    state: LocalState,
    runtime: SyncRuntime,
    vid: VolumeId,
    progress: Progress | None = None,
    *,
    only_interrupted: bool = False,
) -> PushInfo | None:
    """Push unpushed local commits as one remote commit; what it sent (None: nothing to push).

    A push that a crash or an outage cut off goes first, as it was (a resume must send the same
    commit); the commits after it then go in one more remote commit, unless
    ``only_interrupted`` (a resume nobody asked for), and the result counts the pages of both
    (``resumed``). Pushes of one volume are serialized: a resumed interrupted push
    and an explicit one must not both try to finish the same pending commit. If the one that
    ran first (such as the resume that opening the volume started) pushed everything this call
    was asked to, its result is this call's: the caller's commits were pushed, not "nothing".
    """
    asked = state.unpushed_lsn(vid)
    async with runtime.push_lock(vid):
        runtime.push_began(vid)
        pushed = await _push_locked(state, runtime, vid, progress)
        if pushed is not None and pushed.resumed and not only_interrupted:
            pushed = await _push_rest(state, runtime, vid, progress, pushed, asked)
    if pushed is None and asked is not None:
        earlier = runtime.last_push.get(vid)
        if earlier is not None and earlier.local_lsn >= asked:
            return earlier
    return pushed


async def _push_locked(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId, progress: Progress | None
) -> PushInfo | None:
    # Before anything is marked: a URL that leads to no pagestore (or another cluster's) is
    # bad input, which leaves the volume as it was.
    cluster = await checked_clusters(state, runtime, vid)
    keyring = _keyring(state, runtime, vid)
    key_id = None if keyring is None else keyring[0].current_id
    plan = state.begin_push(vid, lambda: runtime.closing, key_id)
    if plan is None:
        return None
    assert runtime.client_id is not None, "a runtime that pushes knows its client id"
    try:
        outgoing = _outgoing(keyring, vid, plan)
        failpoint("push.before_write_pages")
        segments, digest = await _write_pages_durably(state, runtime, outgoing, vid, plan, progress)
        failpoint("push.before_commit")
        snapshot = await runtime.metastore.commit(
            vid,
            runtime.client_id,
            plan.base_lsn,
            plan.page_count,
            segments,
            digest,
            outgoing.keyring,
        )
        failpoint("push.after_commit")
    except CommitRejectedError as exc:
        state.reject_push(vid, runtime.errors.record(vid, exc))
        raise
    except GraftError as exc:
        state.mark_interrupted(vid, runtime.errors.record(vid, exc))
        raise
    remote_lsn = RemoteLSN(LSN(snapshot.lsn))
    state.finish_push(vid, plan, remote_lsn)
    if cluster is None:  # a direct remote this push was the first to write to marks it now
        cluster = await runtime.cluster(runtime.metastore)
    bind_cluster(state, vid, cluster)
    runtime.errors.success(vid)
    log.info("pushed %s local LSN %d as remote LSN %d", vid, plan.local_lsn, remote_lsn)
    pushed = PushInfo(remote_lsn, plan.local_lsn, len(plan.pages), plan.resumed)
    runtime.last_push[vid] = pushed
    return pushed


async def _push_rest(
    state: LocalState,
    runtime: SyncRuntime,
    vid: VolumeId,
    progress: Progress | None,
    resumed: PushInfo,
    asked: LocalLSN | None,
) -> PushInfo:
    """After the ``resumed`` interrupted push, the commits after it up to ``asked`` (the
    latest when the push was asked for): both as one result."""
    if asked is None or asked <= resumed.local_lsn:
        return resumed
    rest = await _push_locked(state, runtime, vid, progress)
    if rest is None:
        return resumed
    pages = resumed.pages + rest.pages
    return PushInfo(rest.remote_lsn, rest.local_lsn, pages, resumed=True)


async def resume_interrupted_push(state: LocalState, runtime: SyncRuntime, vid: VolumeId) -> None:
    """Finish a push a crash or an outage cut off; failures are recorded, not raised."""
    try:
        await push(state, runtime, vid, only_interrupted=True)
    except GraftError as exc:
        log.warning("could not resume the interrupted push of %s: %s", vid, exc)
