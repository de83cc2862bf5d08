"""Commit semantics over a record store: CAS on the base LSN, exact idempotency, checkpoints,
snapshots, grafts and long-poll pulls. Backends only store and find records.

Idempotency needs no table of hashes: a retried push carries the same base LSN, so the only LSN it
can have won is ``base + 1``; the stored record there either is that commit (same client id and
hash: answer it again) or another one (409).
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import AsyncIterator, Sequence, Set
from typing import Protocol

import anyio.to_thread

from graft_core.errors import (
    CommitRejectedError,
    GraftError,
    InvalidInputError,
    InvalidSegmentError,
    SnapshotNotFoundError,
    VolumeNotFoundError,
)
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.receipts import ReceiptKey
from graft_core.wire import (
    MAX_ANSWER_BYTES,
    CheckpointRequest,
    CommitInfo,
    CommitRequest,
    ForkRequest,
    Origin,
    PullCommitsRequest,
    PullCommitsResponse,
    PullGraftRequest,
    PullGraftResponse,
    SegmentRef,
    SnapshotInfo,
    SnapshotRequest,
    VolumesRequest,
    VolumesResponse,
    encode,
)
from metastore_server.auth import granted_volumes
from metastore_server.metrics import Metrics
from metastore_server.records import LogRecord

__all__ = [
    "MAX_GRAFT_PAGES",
    "MAX_GRAFT_SCAN",
    "MAX_GRAFT_SEGMENTS",
    "MAX_PULL_COMMITS",
    "Catalog",
    "RecordStore",
]

# A pull spanning more commits (or segment references, or page versions) than this answers the
# first commits that fit and names the ``next`` step, instead of reading, joining and sending an
# unbounded amount (and making the client mark as much): 4M page versions encode in at most 8 MiB.
MAX_GRAFT_SCAN = 4096
MAX_GRAFT_SEGMENTS = 1 << 16
MAX_GRAFT_PAGES = 1 << 22
MAX_PULL_COMMITS = 1000
# Records read per store call while scanning: few first (most scans are short), then more.
_FIRST_READ = 16
_MAX_READ = 256
# Grafts joined on the event loop; a pull naming more segments joins them on a worker thread.
_INLINE_UNION = 256
_BASE58 = frozenset("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
log = logging.getLogger("metastore")


class RecordStore(Protocol):
    """Where commit and checkpoint records live (local log or object store)."""

    # None when every commit goes through this process (waiting for local commits sees them
    # all); otherwise how often a long-poll re-reads the store to see other nodes' commits.
    poll_interval: float | None

    @property
    def cluster_key(self) -> uuid.UUID | None:
        """The cluster this store belongs to (the log's control file, or the store's marker);
        None for a direct client's store that is not marked yet."""

    async def latest(self, vid: VolumeId) -> int:
        """The newest LSN of the volume, 0 when it has no commits."""

    async def read(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        """The commit records ``start..end`` (inclusive), all of which exist."""

    async def checkpoint(self, vid: VolumeId, *, fresh: bool = False) -> LogRecord | None:
        """The newest registered checkpoint; without ``fresh`` it may be a bounded time old."""

    async def append(self, record: LogRecord) -> bool:
        """Durably store a record; False if its LSN (or checkpoint) is already taken."""

    async def volumes(self, prefix: str, after: VolumeId | None, limit: int) -> list[VolumeId]:
        """Volume ids with commits, in order, whose text starts with ``prefix``."""

    async def aclose(self) -> None: ...


class Catalog:
    def __init__(
        self,
        store: RecordStore,
        metrics: Metrics,
        receipt_key: ReceiptKey,
        *,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        self.store = store
        self.metrics = metrics
        self._receipts = receipt_key
        self._max_answer = max_answer_bytes
        self._locks: dict[VolumeId, asyncio.Lock] = {}
        self._changed: dict[VolumeId, asyncio.Event] = {}
        self._waiting: dict[VolumeId, int] = {}  # long-polls in progress per volume
        self._pollers: dict[VolumeId, asyncio.Task[None]] = {}
        self._stopping = False
        # A volume's origin never changes once its LSN 1 exists: remembered per volume.
        self._origins: dict[VolumeId, Origin | None] = {}

    def _lock(self, vid: VolumeId) -> asyncio.Lock:
        return self._locks.setdefault(vid, asyncio.Lock())

    def stop_waiting(self) -> None:
        """Answer every long-poll now, and any that comes later at once: the server stops, and
        its shutdown waits for the requests under way (a pull waiting up to its ``wait_ms``
        held it for that long)."""
        self._stopping = True
        for vid in list(self._changed):
            self._notify(vid)

    def _notify(self, vid: VolumeId) -> None:
        event = self._changed.pop(vid, None)
        if event is not None:
            event.set()

    async def _record(self, vid: VolumeId, lsn: int) -> LogRecord:
        (record,) = await self.store.read(vid, lsn, lsn)
        return record

    async def _exists(self, vid: VolumeId) -> bool:
        return await self.store.latest(vid) > 0

    async def _scan(self, vid: VolumeId, start: int, end: int) -> AsyncIterator[list[LogRecord]]:
        """Records ``start..end`` in growing batches, so a caller that stops at a budget never
        has read (and held) much more than it used."""
        size = _FIRST_READ
        while start <= end:
            stop = min(end, start + size - 1)
            yield await self.store.read(vid, start, stop)
            start, size = stop + 1, min(size * 2, _MAX_READ)

    async def origin(self, vid: VolumeId) -> Origin | None:
        """The fork origin of ``vid`` (None for a volume that is not a fork, or has no commits)."""
        if vid in self._origins:
            return self._origins[vid]
        if await self.store.latest(vid) == 0:
            return None
        origin = (await self._record(vid, 1)).origin
        self._origins[vid] = origin
        return origin

    async def _horizon(self, vid: VolumeId) -> int:
        checkpoint = await self.store.checkpoint(vid)
        return 0 if checkpoint is None else checkpoint.lsn

    # --- reads ---------------------------------------------------------------------------------

    async def snapshot(self, req: SnapshotRequest) -> SnapshotInfo:
        latest = await self.store.latest(req.vid)
        if latest == 0:
            raise VolumeNotFoundError(f"volume {req.vid} has no commits")
        lsn = latest if req.lsn is None else req.lsn
        if lsn > latest:
            raise SnapshotNotFoundError(f"volume {req.vid} has no LSN {lsn} (latest {latest})")
        horizon = await self._horizon(req.vid)
        if lsn < horizon:
            raise SnapshotNotFoundError(
                f"LSN {lsn} of {req.vid} is below the retention horizon {horizon}"
            )
        return (await self._record(req.vid, lsn)).snapshot()

    async def pull_graft(self, req: PullGraftRequest) -> PullGraftResponse:
        if req.end is not None and req.end < req.start:
            raise InvalidInputError(f"end {req.end} is before start {req.start}")
        deadline = time.monotonic() + req.wait_ms / 1000
        latest = await self._wait_beyond(req.vid, req.start - 1, deadline)
        if latest == 0:
            return PullGraftResponse(snapshot=None, graft=Graft())
        end = latest if req.end is None else min(req.end, latest)
        if end < req.start:
            return PullGraftResponse(
                snapshot=(await self._record(req.vid, end)).snapshot(), graft=Graft()
            )
        first = max(1, req.start - 1)
        stop = min(end, req.start + MAX_GRAFT_SCAN - 1)
        records = await self._scan_grafted(req.vid, first, stop, req.start)
        prior = records[0].page_count if first < req.start else 0
        pulled = records[req.start - first :]
        if sum(len(record.segments) for record in pulled) <= _INLINE_UNION:
            graft, cut = _changed(pulled, prior)
        else:  # a large union would hold up every other request on the event loop
            graft, cut = await anyio.to_thread.run_sync(_changed, pulled, prior)
        top = records[-1]
        step = top.lsn + 1 if top.lsn < end else None
        origin = await self.origin(req.vid) if req.start == 1 else None
        return PullGraftResponse(
            snapshot=top.snapshot(), graft=graft, cut=cut, next=step, origin=origin
        )

    async def _scan_grafted(
        self, vid: VolumeId, first: int, end: int, start: int
    ) -> list[LogRecord]:
        """Records ``first..k``, k <= ``end`` the last at which the records from ``start`` on
        name at most ``MAX_GRAFT_SEGMENTS`` segments and ``MAX_GRAFT_PAGES`` page versions; at
        least up to ``start`` (one commit's references are bounded by what it wrote)."""
        records: list[LogRecord] = []
        segments = pages = 0
        async for batch in self._scan(vid, first, end):
            for record in batch:
                if record.lsn >= start:
                    segments += len(record.segments)
                    pages += sum(len(seg.graft) for seg in record.segments)
                    over = segments > MAX_GRAFT_SEGMENTS or pages > MAX_GRAFT_PAGES
                    if over and record.lsn > start:
                        return records
                records.append(record)
        return records

    async def _wait_beyond(self, vid: VolumeId, lsn: int, deadline: float) -> int:
        """The latest LSN, after waiting (until ``deadline``) for it to pass ``lsn``."""
        self._waiting[vid] = self._waiting.get(vid, 0) + 1
        self.metrics.long_polls.inc()
        try:
            while True:
                # Take the event before reading the state so a commit in between still wakes us.
                event = self._changed.setdefault(vid, asyncio.Event())
                latest = await self.store.latest(vid)
                remaining = deadline - time.monotonic()
                if latest > lsn or remaining <= 0 or self._stopping:
                    return latest
                self._watch(vid, latest)
                try:
                    await asyncio.wait_for(event.wait(), remaining)
                except TimeoutError:
                    return await self.store.latest(vid)
        finally:
            self.metrics.long_polls.dec()
            self._waiting[vid] -= 1
            if not self._waiting[vid]:
                del self._waiting[vid]

    def _watch(self, vid: VolumeId, seen: int) -> None:
        """Start polling the store for ``vid`` if other nodes may commit to it."""
        interval = self.store.poll_interval
        if interval is not None and vid not in self._pollers:
            self._pollers[vid] = asyncio.get_running_loop().create_task(
                self._poll(vid, seen, interval), name=f"poll {vid}"
            )

    async def _poll(self, vid: VolumeId, seen: int, interval: float) -> None:
        """Wake the long-polls of ``vid`` once its latest LSN passes ``seen``.

        One probe per interval, shared by every long-poll of the volume, so many waiting
        clients cost the store no more than one; it stops when the last of them is answered.
        """
        try:
            while True:
                await asyncio.sleep(interval)
                if vid not in self._waiting:
                    return
                try:
                    latest = await self.store.latest(vid)
                except GraftError as exc:
                    # The waiters still answer at their deadline, reading the store themselves.
                    log.warning("polling %s failed: %s", vid, exc, extra={"code": exc.code})
                    continue
                if latest > seen:
                    seen = latest
                    self._notify(vid)
        finally:
            self._pollers.pop(vid, None)

    async def pull_commits(self, req: PullCommitsRequest) -> PullCommitsResponse:
        if req.end is not None and req.end < req.start:
            raise InvalidInputError(f"end {req.end} is before start {req.start}")
        latest = await self.store.latest(req.vid)
        if latest == 0:
            raise VolumeNotFoundError(f"volume {req.vid} has no commits")
        checkpoint = await self.store.checkpoint(req.vid)
        start = req.start if checkpoint is None else max(req.start, checkpoint.lsn)
        end = min(latest if req.end is None else req.end, latest)
        commits = await self._commit_page(req.vid, start, min(end, start + MAX_PULL_COMMITS - 1))
        last = commits[-1].lsn if commits else end
        return PullCommitsResponse(
            checkpoint=None if checkpoint is None else checkpoint.checkpoint_info(),
            commits=commits,
            next=last + 1 if last < end else None,
            origin=await self.origin(req.vid),
        )

    async def _commit_page(self, vid: VolumeId, start: int, end: int) -> list[CommitInfo]:
        """Commits from ``start`` on, up to the answer size limit encoded (at least one)."""
        commits: list[CommitInfo] = []
        size = 0
        async for batch in self._scan(vid, start, end):
            for record in batch:
                info = record.commit_info()
                size += len(encode(info))
                if commits and size > self._max_answer:
                    return commits
                commits.append(info)
        return commits

    async def volumes(
        self, req: VolumesRequest, scope: Set[VolumeId] | None = None
    ) -> VolumesResponse:
        """Volumes with commits; only those in ``scope`` (a token's grant) unless it is None."""
        if not set(req.prefix) <= _BASE58:
            raise InvalidInputError(f"prefix {req.prefix!r} is not base58 text")
        if scope is None:
            vids = await self.store.volumes(req.prefix, req.after, req.limit + 1)
        else:
            vids = await granted_volumes(scope, req.prefix, req.after, req.limit + 1, self._exists)
        page = vids[: req.limit]
        infos = [(await self._record(vid, await self.store.latest(vid))).snapshot() for vid in page]
        return VolumesResponse(volumes=infos, next=page[-1] if len(vids) > req.limit else None)

    # --- writes --------------------------------------------------------------------------------

    async def commit(self, req: CommitRequest) -> SnapshotInfo:
        segments = self._checked_segments(req.vid, req.segments, req.page_count)
        # A shielded task: a client that hangs up cannot release the volume lock mid-commit.
        return await asyncio.shield(asyncio.ensure_future(self._commit(req, segments)))

    def _checked_segments(
        self, vid: VolumeId, segments: Sequence[SegmentRef], page_count: int
    ) -> list[SegmentRef]:
        """The segments without their receipts (which are not stored), once every receipt is
        valid for ``vid`` and every segment is named once and within ``page_count``."""
        _check_segments(segments, page_count)
        for seg in segments:
            if not self._receipts.valid(vid, seg):
                raise InvalidSegmentError(
                    f"segment {seg.sid} has no valid receipt for these pages of {vid}: only "
                    "segments the pagestore wrote for the volume, with exactly the pages it "
                    "wrote, can be committed"
                )
        return [SegmentRef(sid=seg.sid, graft=seg.graft) for seg in segments]

    async def _commit(self, req: CommitRequest, segments: list[SegmentRef]) -> SnapshotInfo:
        async with self._lock(req.vid):
            base = req.base_lsn or 0
            latest = await self.store.latest(req.vid)
            if base > latest:
                self.metrics.rejections.inc()
                raise CommitRejectedError(
                    f"base LSN {base} of {req.vid} is ahead of the latest LSN {latest}"
                )
            if base == latest:
                record = LogRecord(
                    kind="commit",
                    vid=req.vid,
                    lsn=base + 1,
                    segments=segments,
                    page_count=req.page_count,
                    cid=req.cid,
                    commit_hash=req.commit_hash,
                    ts_ms=time.time_ns() // 1_000_000,
                    keyring=req.keyring,
                )
                if await self.store.append(record):
                    self.metrics.commits.inc()
                    self._notify(req.vid)
                    return record.snapshot()
            return await self._replay(req, base + 1)

    async def fork(self, req: ForkRequest) -> SnapshotInfo:
        """Record LSN 1 of ``req.vid`` as the parent's snapshot at ``req.lsn``: one small record,
        whatever the parent's size (nothing is copied)."""
        if req.vid == req.parent:
            raise InvalidInputError(f"volume {req.vid} cannot be a fork of itself")
        parent = await self.snapshot(SnapshotRequest(vid=req.parent, lsn=req.lsn))
        origin = Origin(vid=req.parent, lsn=req.lsn, page_count=parent.page_count)
        async with self._lock(req.vid):
            if await self.store.latest(req.vid) == 0:
                record = LogRecord(
                    kind="commit",
                    vid=req.vid,
                    lsn=1,
                    segments=[],
                    page_count=parent.page_count,
                    cid=req.cid,
                    ts_ms=time.time_ns() // 1_000_000,
                    origin=origin,
                    keyring=req.keyring,
                )
                if await self.store.append(record):
                    self.metrics.commits.inc()
                    self._notify(req.vid)
                    return record.snapshot()
            won = await self._record(req.vid, 1)
            if won.cid == req.cid and won.origin == origin and won.keyring == req.keyring:
                return won.snapshot()
            raise CommitRejectedError(f"volume {req.vid} already exists; a fork needs a new id")

    async def _replay(self, req: CommitRequest, lsn: int) -> SnapshotInfo:
        """Answer a retry of the commit that won ``lsn``, or reject a different one."""
        won = await self._record(req.vid, lsn)
        if won.cid == req.cid and won.commit_hash == req.commit_hash:
            self.metrics.replays.inc()
            return won.snapshot()
        self.metrics.rejections.inc()
        raise CommitRejectedError(f"LSN {lsn} of {req.vid} was won by another commit")

    async def checkpoint(self, req: CheckpointRequest) -> SnapshotInfo:
        async with self._lock(req.vid):
            latest = await self.store.latest(req.vid)
            if req.lsn > latest:
                raise SnapshotNotFoundError(f"volume {req.vid} has no LSN {req.lsn}")
            at = await self._record(req.vid, req.lsn)
            segments = self._checked_segments(req.vid, req.segments, at.page_count)
            current = await self.store.checkpoint(req.vid, fresh=True)
            if current is not None and req.lsn < current.lsn:
                raise InvalidInputError(
                    f"checkpoint {req.lsn} of {req.vid} is below the current one ({current.lsn})"
                )
            if current is not None and (current.lsn, current.segments) == (req.lsn, segments):
                return at.snapshot()
            record = LogRecord(
                kind="checkpoint",
                vid=req.vid,
                lsn=req.lsn,
                segments=segments,
                page_count=at.page_count,
                ts_ms=time.time_ns() // 1_000_000,
            )
            if not await self.store.append(record):
                raise CommitRejectedError(f"checkpoint {req.lsn} of {req.vid} is already taken")
            return at.snapshot()

    async def aclose(self) -> None:
        pollers = list(self._pollers.values())
        for task in pollers:
            task.cancel()
        await asyncio.gather(*pollers, return_exceptions=True)
        await self.store.aclose()


def _check_segments(segments: Sequence[SegmentRef], page_count: int) -> None:
    seen = set()
    for seg in segments:
        if seg.sid in seen:
            raise InvalidInputError(f"segment {seg.sid} is listed twice")
        seen.add(seg.sid)
        beyond = seg.graft.above(page_count)
        if beyond:
            raise InvalidInputError(
                f"segment {seg.sid} holds pages beyond the page count {page_count}: {beyond!r}"
            )


def _changed(records: Sequence[LogRecord], prior: int) -> tuple[Graft, int | None]:
    """The pages ``records`` wrote, and the lowest count a truncate among them cut to, if that
    is below their final count (pages above the final count read empty anyway).

    Pages above that cut which the records' segments do not name read empty at the end, so a
    client that skipped the truncate blanks them. Saying so with one number instead of naming
    the cut pages keeps the answer's and the client's cost to what was written, not to the
    page counts the range swung through.
    """
    final = records[-1].page_count
    cut: int | None = None
    for record in records:
        if record.page_count < min(prior, final) and (cut is None or record.page_count < cut):
            cut = record.page_count
        prior = record.page_count
    return Graft.union(seg.graft for record in records for seg in record.segments), cut
