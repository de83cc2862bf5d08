"""Push, pull and fetch: the network half of sync (DESIGN section 6).

Each operation brackets its network calls with the durable transitions of ``sync.state``; the
named fail points sit between the steps where a crash must be survivable.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import anyio

from graft_client.storage.records import ConflictPolicy, VolumeStatus
from graft_client.sync import state
from graft_client.sync.runtime import SyncRuntime
from graft_client.sync.state import (
    PullOutcome,
    PushInfo,
    apply_pull,
    begin_push,
    finish_push,
    read_plan,
    reject_push,
    store_fetched,
    unpushed_lsn,
)
from graft_core import wire
from graft_core.errors import CommitRejectedError, GraftError, SnapshotNotFoundError
from graft_core.failpoints import failpoint
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE

if TYPE_CHECKING:
    from graft_client.volume import Volume

__all__ = [
    "PAGES_PER_REQUEST",
    "fetch",
    "pull",
    "push",
    "reset_to_remote",
    "resume_interrupted_push",
]

log = logging.getLogger(__name__)

# 256 pages = 1 MiB per request: loopback HTTP saturates near 150 MiB/s, not near 600 req/s.
PAGES_PER_REQUEST = 256
PARALLEL_REQUESTS = 4


async def _write_pages(
    runtime: SyncRuntime, volume: Volume, pages: list[tuple[int, bytes]]
) -> list[wire.SegmentRef]:
    chunks = [pages[i : i + PAGES_PER_REQUEST] for i in range(0, len(pages), PAGES_PER_REQUEST)]
    if len(chunks) == 1:  # the common small push: no task group to set up
        return await runtime.pagestore.write_pages(volume.vid, chunks[0])
    results: list[list[wire.SegmentRef]] = [[] for _ in chunks]
    limiter = anyio.CapacityLimiter(PARALLEL_REQUESTS)

    async def write(index: int) -> None:
        async with limiter:
            results[index] = await runtime.pagestore.write_pages(volume.vid, chunks[index])

    try:
        async with anyio.create_task_group() as group:
            for index in range(len(chunks)):
                group.start_soon(write, index)
    except BaseExceptionGroup as failed:
        # One failed request cancels the others: raise its typed error, not the task group's
        # ExceptionGroup (which ``except GraftError`` in push and in autosync would not catch).
        raise _graft_error(failed) from None
    return [ref for refs in results for ref in refs]


async def _write_pages_durably(
    runtime: SyncRuntime, volume: Volume, pages: list[tuple[int, bytes]]
) -> list[wire.SegmentRef]:
    """Upload ``pages`` while ``pending_sync`` is fsynced: both must be done before the commit."""
    try:
        async with anyio.create_task_group() as group:
            group.start_soon(anyio.to_thread.run_sync, volume._db.sync_wal)
            segments = await _write_pages(runtime, volume, pages)
    except BaseExceptionGroup as failed:
        raise _graft_error(failed) from None
    return segments


def _graft_error(failed: BaseExceptionGroup[BaseException]) -> BaseException:
    """The first GraftError in the group (searched depth-first), else the group itself."""
    for exc in failed.exceptions:
        found = _graft_error(exc) if isinstance(exc, BaseExceptionGroup) else exc
        if isinstance(found, GraftError):
            return found
    return failed


async def push(runtime: SyncRuntime, volume: Volume) -> PushInfo | None:
    """Push unpushed local commits as one remote commit; what it sent (None: nothing to push).

    Pushes of one volume are serialized: a resumed interrupted push and an explicit one must not
    both try to finish the same pending commit. If the one that ran first (such as the resume
    that opening the volume started) pushed everything this call was asked to, its result is
    this call's: the caller's commits were pushed, not "nothing".
    """
    asked = unpushed_lsn(volume)
    async with runtime.push_lock(volume.vid):
        pushed = await _push_locked(runtime, volume)
    if pushed is None and asked is not None:
        earlier = runtime.last_push.get(volume.vid)
        if earlier is not None and earlier.local_lsn >= asked:
            return earlier
    return pushed


async def _push_locked(runtime: SyncRuntime, volume: Volume) -> PushInfo | None:
    plan = begin_push(volume)
    if plan is None:
        return None
    try:
        failpoint("push.before_write_pages")
        segments = await _write_pages_durably(runtime, volume, plan.pages)
        failpoint("push.before_commit")
        snapshot = await runtime.metastore.commit(
            volume.vid,
            volume._client.client_id,
            plan.base_lsn,
            plan.page_count,
            segments,
            plan.commit_hash,
        )
        failpoint("push.after_commit")
    except CommitRejectedError as exc:
        volume._client._sync_errors.record(volume.vid, exc)
        reject_push(volume)
        raise
    except GraftError as exc:
        volume._client._sync_errors.record(volume.vid, exc)
        volume._set_status(VolumeStatus.INTERRUPTED_PUSH)
        raise
    finish_push(volume, plan, snapshot.lsn)
    volume._client._sync_errors.success(volume.vid)
    log.info("pushed %s local LSN %d as remote LSN %d", volume.vid, plan.local_lsn, snapshot.lsn)
    pushed = PushInfo(snapshot.lsn, plan.local_lsn, len(plan.pages), plan.resumed)
    runtime.last_push[volume.vid] = pushed
    return pushed


async def resume_interrupted_push(runtime: SyncRuntime, volume: Volume) -> None:
    """Finish a push a crash or an outage cut off; failures are recorded, not raised."""
    try:
        await push(runtime, volume)
    except GraftError as exc:
        log.warning("could not resume the interrupted push of %s: %s", volume.vid, exc)


async def reset_to_remote(runtime: SyncRuntime, volume: Volume) -> None:
    """Drop the unpushed local commits, after any push of them in flight has ended (a resumed
    push finishing meanwhile would record a commit the reset has dropped)."""
    async with runtime.push_lock(volume.vid):
        state.reset_to_remote(volume)


async def pull(runtime: SyncRuntime, volume: Volume, wait_ms: int = 0) -> PullOutcome:
    """Learn the newest remote commit (waiting up to ``wait_ms`` for one) and apply its graft.

    With an interrupted push pending, a push in flight (the resume that opening the volume
    starts) ends first: the pull then applies, instead of answering ``push_pending``.
    """
    if volume._client._records.watermarks(volume.vid).pending_sync is not None:
        async with runtime.push_lock(volume.vid):
            pass
    record = volume._client._records.snapshot(volume.vid)
    start = 1 if record is None or record.remote_lsn is None else record.remote_lsn + 1
    answer = await runtime.metastore.pull_graft(volume.vid, start, wait_ms=wait_ms)
    volume._client._sync_errors.success(volume.vid)
    outcome = PullOutcome.UP_TO_DATE
    rebase = volume.conflict_policy is ConflictPolicy.REBASE
    while answer.snapshot is not None and answer.snapshot.lsn >= start:
        snap = answer.snapshot
        failpoint("pull.before_apply")
        step = apply_pull(
            volume, snap.lsn, snap.page_count, answer.graft, rebase=rebase, cut=answer.cut
        )
        log.info("pull of %s to remote LSN %d: %s", volume.vid, snap.lsn, step.value)
        if step is not PullOutcome.UP_TO_DATE:
            outcome = step
        if answer.next is None or step in (PullOutcome.CONFLICT, PullOutcome.PUSH_PENDING):
            break
        # A long range comes in bounded steps, each its own local LSN.
        start = answer.next
        answer = await runtime.metastore.pull_graft(volume.vid, start)
    return outcome


async def fetch(
    runtime: SyncRuntime, volume: Volume, version_lsn: int, pageidxs: list[int]
) -> dict[int, bytes]:
    """Fetch pages that are PENDING at local ``version_lsn`` and store them at the same keys.

    Pages that changed after a remote LSN the servers no longer retain cannot be fetched at that
    version: they are left out of the answer (the caller decides whether that is an error).
    """
    failpoint("fetch.before_read")
    pages: dict[int, bytes] = {}
    trips = 0
    for remote_lsn, idxs in read_plan(volume, version_lsn, pageidxs).items():
        found, asked = await _read_retained(runtime, volume.vid, remote_lsn, Graft(idxs))
        pages |= found
        trips += asked
    assert all(len(page) == PAGE_SIZE for page in pages.values())
    failpoint("fetch.before_store")
    store_fetched(volume, version_lsn, pages)
    volume._client._fetch_stats.record(volume.vid, len(pages), len(pages) * PAGE_SIZE, trips)
    return pages


async def _read_retained(
    runtime: SyncRuntime, vid: VolumeId, lsn: int, wanted: Graft
) -> tuple[dict[int, bytes], int]:
    """Every page of ``wanted`` as it is at remote ``lsn`` (zeros if never written), and the
    round trips that took.

    If compaction dropped ``lsn``, the pages that no commit since changed are read at the latest
    LSN instead (the metastore's graft since ``lsn`` says which changed); the others are left out.
    """
    try:
        found = await runtime.pagestore.read_pages(vid, lsn, wanted)
    except SnapshotNotFoundError as dropped:
        answer = await runtime.metastore.pull_graft(vid, lsn + 1)
        latest = answer.snapshot
        if latest is None or latest.lsn <= lsn:
            raise  # not a compacted LSN but a missing one: nothing to read instead
        kept = latest.page_count if answer.cut is None else min(answer.cut, latest.page_count)
        unchanged = Graft(idx for idx in wanted if idx <= kept) - answer.graft
        log.info("%s; reading %d unchanged pages at LSN %d", dropped, len(unchanged), latest.lsn)
        if not unchanged:
            return {}, 2
        pages, trips = await _read_retained(runtime, vid, latest.lsn, unchanged)
        return pages, trips + 2
    return {idx: found.get(idx, EMPTY_PAGE) for idx in wanted}, 1
