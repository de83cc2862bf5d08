"""Which segment holds each page version: a volume's commit list, indexed by page.

A page's version at LSN ``x`` is its newest write at or below ``x``, unless a commit in between
shrank the page count below that page (a truncate drops it: it reads empty until rewritten, as in
the client). A registered checkpoint at ``C`` stands in for every commit at or below ``C``: its
segments are the versions at ``C`` and reads below ``C`` are 404.

``Histories`` keeps one ``VolumeHistory`` per volume, caught up incrementally from the metastore
(``pull_commits`` from the last known LSN + 1, 1000 commits per answer). A read at or below the
cached latest LSN needs no metastore call while the cache is fresh; a stale one is re-checked so a
new checkpoint (a raised horizon) is noticed.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from collections import OrderedDict
from collections.abc import Iterable

from graft_core.errors import SnapshotNotFoundError
from graft_core.ids import SegmentId, VolumeId
from graft_core.wire import CommitInfo, PullCommitsResponse, SegmentRef
from pagestore_server.metaclient import MetastoreClient

__all__ = ["Histories", "VolumeHistory"]

DEFAULT_MAX_VERSIONS = 4_000_000


class VolumeHistory:
    def __init__(self, vid: VolumeId) -> None:
        self.vid = vid
        self.horizon = 0
        self.latest = 0
        self.checked = 0.0
        self.versions = 0
        self._page_count = 0
        self._lsns: dict[int, list[int]] = {}
        self._segments: dict[int, list[SegmentRef]] = {}
        # (lsn, page count) of every commit that lowered the page count, in LSN order.
        self._shrinks: list[tuple[int, int]] = []

    def apply(self, answer: PullCommitsResponse) -> None:
        """Add an answer's commits (which continue this history: the caller checks)."""
        checkpoint = answer.checkpoint
        for commit in answer.commits:
            if commit.lsn <= self.latest:
                continue
            if checkpoint is not None and commit.lsn <= checkpoint.lsn:
                # The checkpoint holds these versions; only the page count at C matters.
                if commit.lsn == checkpoint.lsn:
                    self.horizon = checkpoint.lsn
                    self._add(commit.lsn, commit.page_count, checkpoint.segments)
                continue
            self._add(commit.lsn, commit.page_count, commit.segments)

    def _add(self, lsn: int, page_count: int, segments: list[SegmentRef]) -> None:
        if page_count < self._page_count:
            self._shrinks.append((lsn, page_count))
        self._page_count = page_count
        self._segments[lsn] = segments
        for seg in segments:
            for pageidx in seg.graft:
                self._lsns.setdefault(pageidx, []).append(lsn)
            self.versions += len(seg.graft)
        self.latest = lsn

    def check(self, lsn: int) -> None:
        if lsn > self.latest:
            raise SnapshotNotFoundError(
                f"volume {self.vid} has no LSN {lsn} (latest {self.latest})"
            )
        if lsn < self.horizon:
            raise SnapshotNotFoundError(
                f"LSN {lsn} of {self.vid} is below the retention horizon {self.horizon}"
            )

    def resolve(self, lsn: int, pageidxs: Iterable[int]) -> dict[SegmentId, list[int]]:
        """Segment -> pages to read from it, for the versions at ``lsn``; empty pages left out."""
        plan: dict[SegmentId, list[int]] = {}
        for pageidx in pageidxs:
            lsns = self._lsns.get(pageidx)
            if not lsns:
                continue
            position = bisect.bisect_right(lsns, lsn) - 1
            if position < 0:
                continue
            written = lsns[position]
            if self._truncated(pageidx, written, lsn):
                continue
            plan.setdefault(self._holder(written, pageidx), []).append(pageidx)
        return plan

    def _holder(self, lsn: int, pageidx: int) -> SegmentId:
        """The segment of commit ``lsn`` that holds ``pageidx`` (which that commit wrote)."""
        segments = self._segments[lsn]
        if len(segments) == 1:  # the usual commit: no need to search the grafts
            return segments[0].sid
        return next(seg.sid for seg in segments if pageidx in seg.graft)

    def _truncated(self, pageidx: int, written: int, lsn: int) -> bool:
        """Did a commit in ``(written, lsn]`` shrink the volume below ``pageidx``?"""
        if not self._shrinks or self._shrinks[-1][0] <= written:
            return False  # no shrink since the write: the common case, checked per page
        start = bisect.bisect_right(self._shrinks, (written, 2**63))
        for shrink_lsn, page_count in self._shrinks[start:]:
            if shrink_lsn > lsn:
                return False
            if page_count < pageidx:
                return True
        return False


class Histories:
    """Per-volume histories, least recently used evicted beyond ``max_versions`` page versions."""

    def __init__(
        self,
        metastore: MetastoreClient,
        *,
        refresh_s: float,
        max_versions: int = DEFAULT_MAX_VERSIONS,
    ) -> None:
        self._metastore = metastore
        self._refresh_s = refresh_s
        self._max_versions = max_versions
        self._volumes: OrderedDict[VolumeId, VolumeHistory] = OrderedDict()
        self._locks: dict[VolumeId, asyncio.Lock] = {}
        self._total_versions = 0

    async def at(self, vid: VolumeId, lsn: int, *, refresh: bool = False) -> VolumeHistory:
        """The history of ``vid``, known up to at least ``lsn``; 404 if ``lsn`` is not readable."""
        # One catch-up per volume at a time: concurrent readers wait for it, then reuse it.
        lock = self._locks.setdefault(vid, asyncio.Lock())
        async with lock:
            history = self._volumes.get(vid)
            now = time.monotonic()
            if (
                history is None
                or refresh
                or lsn > history.latest
                or now - history.checked > self._refresh_s
            ):
                before = 0 if history is None else history.versions
                history = await self._catch_up(vid, history)
                history.checked = now
                self._volumes[vid] = history
                self._total_versions += history.versions - before
            self._volumes.move_to_end(vid)
            self._evict()
        history.check(lsn)
        return history

    async def _catch_up(self, vid: VolumeId, history: VolumeHistory | None) -> VolumeHistory:
        if history is None:
            history = VolumeHistory(vid)
        while True:
            answer = await self._metastore.pull_commits(vid, history.latest + 1)
            horizon = 0 if answer.checkpoint is None else answer.checkpoint.lsn
            if horizon != history.horizon and history.latest > 0:
                # A new checkpoint: start over from it (older versions are no longer readable).
                history = VolumeHistory(vid)
                continue
            history.apply(answer)
            if not _more(answer.commits):
                return history

    def _evict(self) -> None:
        while self._total_versions > self._max_versions and len(self._volumes) > 1:
            vid, history = self._volumes.popitem(last=False)
            self._total_versions -= history.versions
            lock = self._locks.get(vid)
            if lock is not None and not lock.locked():
                del self._locks[vid]


def _more(commits: list[CommitInfo]) -> bool:
    """A full answer may have more after it (the metastore pages at 1000 commits)."""
    return len(commits) >= 1000
