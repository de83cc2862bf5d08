"""Which segment holds each page version: a volume's commit list, searched with bitmap operations.

A page's version at LSN ``x`` is its newest write at or below ``x``, unless a commit in between
shrank the page count below that page (a truncate drops it: it reads empty until rewritten, as in
the client). A registered checkpoint at ``C`` stands in for every commit at or below ``C``: its
segments are the versions at ``C`` and reads below ``C`` are 404.

Nothing here loops over the pages a commit wrote or over a page count: a commit is kept as the
Roaring bitmaps of its segments, and the commits of a volume as a Fenwick tree of their unions
(node ``i`` joins the commits ``(i - lowbit(i), i]`` and knows their smallest page count). A read
walks the tree from its LSN downwards and descends only into nodes that hold a wanted page, so it
costs a few bitmap operations per commit that holds an answer, times log(commits); adding a
commit costs log(commits) unions. Memory is the bitmaps' (compressed) size.

``Histories`` keeps one ``VolumeHistory`` per volume, caught up incrementally from the metastore
(``pull_commits`` from the last known LSN + 1, following its ``next`` pages) with the bitmap work
on a worker thread, so one volume's large history never holds up another volume's reads. A read at
or below the cached latest LSN needs no metastore call while the cache is fresh; a stale one is
re-checked so a new checkpoint (a raised horizon) is noticed.

A fork (DESIGN section 12) has an ``origin``, its parent at an LSN: the pages a read does not find
in the fork's own commits, and that no truncate since LSN 1 cut off, are the parent's at that
LSN (``resolve_inherited`` answers them as the rest, for the reader to resolve in the parent).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Protocol

import anyio.to_thread
from pyroaring import BitMap

from graft_core.errors import SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.types import MAX_PAGEIDX
from graft_core.wire import Origin, PullCommitsResponse, SegmentRef

__all__ = ["CommitSource", "Histories", "VolumeHistory"]

# Bytes of bitmaps (and per-commit bookkeeping) cached over all volumes before the least
# recently used volumes are dropped.
DEFAULT_MAX_BYTES = 256 << 20
_COMMIT_OVERHEAD = 256


@dataclass(frozen=True, slots=True)
class _Entry:
    """One readable commit (or the checkpoint at its LSN)."""

    page_count: int
    segments: list[tuple[SegmentId, BitMap]]
    pages: BitMap  # the union of the segments' pages


def _size(bits: BitMap) -> int:
    stats = bits.get_statistics()
    return (
        stats["n_bytes_array_containers"]
        + stats["n_bytes_run_containers"]
        + stats["n_bytes_bitset_containers"]
        + 16 * stats["n_containers"]
    )


class VolumeHistory:
    def __init__(self, vid: VolumeId) -> None:
        self.vid = vid
        self.horizon = 0
        self.latest = 0
        self.checked = 0.0
        self.weight = 0  # approximate bytes held
        self._first = 0  # LSN of entry 1
        self._entries: list[_Entry] = []  # entry i (1-based) at self._entries[i - 1]
        self._nodes: list[BitMap] = []  # Fenwick node i at self._nodes[i - 1]
        self._node_min: list[int] = []  # smallest page count of node i's commits
        self.origin: Origin | None = None

    def apply(self, answer: PullCommitsResponse) -> None:
        """Add an answer's commits (which continue this history: the caller checks)."""
        checkpoint = answer.checkpoint
        self.origin = answer.origin
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
        assert not self._entries or lsn == self.latest + 1, "LSNs are gap-free"
        if not self._entries:
            self._first = lsn
        parts = [(seg.sid, seg.graft.bitmap()) for seg in segments]
        pages = BitMap.union(BitMap(), *(bits for _, bits in parts))
        self._entries.append(_Entry(page_count, parts, pages))
        position = len(self._entries)
        node, smallest = pages.copy(), page_count
        step = 1
        while step < position & -position:  # the children: position - 1, - 2, - 4, ...
            node |= self._nodes[position - step - 1]
            smallest = min(smallest, self._node_min[position - step - 1])
            step <<= 1
        node.run_optimize()
        self._nodes.append(node)
        self._node_min.append(smallest)
        self.weight += _COMMIT_OVERHEAD + _size(pages) + _size(node)
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

    def resolve(self, lsn: int, pageidxs: Graft) -> dict[SegmentId, list[int]]:
        """Segment -> pages to read from it, for the versions at ``lsn``; empty pages left out."""
        return self.resolve_inherited(lsn, pageidxs)[0]

    def resolve_inherited(
        self, lsn: int, pageidxs: Graft
    ) -> tuple[dict[SegmentId, list[int]], Graft]:
        """``resolve``, and the pages this volume never wrote up to ``lsn`` that read as its
        origin's (none unless it is a fork)."""
        search = _Search(self, pageidxs.bitmap().copy())
        position = lsn - self._first + 1 if self._entries else 0
        while position > 0 and search.remaining:
            search.node(position)
            position -= position & -position
        if self.origin is None or self._first != 1:
            return search.plan, Graft()
        return search.plan, Graft(search.remaining)


class _Search:
    """One read's walk down the tree: what is still wanted and the page-count limit so far."""

    def __init__(self, history: VolumeHistory, wanted: BitMap) -> None:
        self._history = history
        self.remaining = wanted
        self.plan: dict[SegmentId, list[int]] = {}
        # The smallest page count of the commits passed so far (all newer than the next one
        # examined): a page above it was cut by a truncate since any older write.
        self._limit = MAX_PAGEIDX

    def _cut(self, page_count: int) -> None:
        if page_count < self._limit:
            self._limit = page_count
            self.remaining.remove_range(page_count + 1, MAX_PAGEIDX + 1)

    def node(self, position: int) -> None:
        """Find the wanted pages in node ``position``'s commits (newest first), or skip it."""
        history = self._history
        if not self.remaining.intersect(history._nodes[position - 1]):
            self._cut(history._node_min[position - 1])
            return
        self._entry(position)
        step = 1
        while step < position & -position and self.remaining:
            self.node(position - step)
            step <<= 1

    def _entry(self, position: int) -> None:
        entry = self._history._entries[position - 1]
        hits = self.remaining & entry.pages
        if hits:
            self.remaining -= hits
            for sid, bits in entry.segments:
                found = hits & bits if len(entry.segments) > 1 else hits
                if found:
                    self.plan.setdefault(sid, []).extend(found)
                    hits -= found
                    if not hits:
                        break
        self._cut(entry.page_count)


class CommitSource(Protocol):
    """Where histories come from: the metastore's ``pull_commits`` (over HTTP, or a direct
    client's catalog in process)."""

    async def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> PullCommitsResponse: ...


class Histories:
    """Per-volume histories, least recently used evicted beyond ``max_bytes`` of bitmaps."""

    def __init__(
        self,
        metastore: CommitSource,
        *,
        refresh_s: float,
        max_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        self._metastore = metastore
        self._refresh_s = refresh_s
        self._max_bytes = max_bytes
        self._volumes: OrderedDict[VolumeId, VolumeHistory] = OrderedDict()
        self._locks: dict[VolumeId, asyncio.Lock] = {}
        self._total_bytes = 0

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
                before = 0 if history is None else history.weight
                history = await self._catch_up(vid, history)
                history.checked = now
                self._volumes[vid] = history
                self._total_bytes += history.weight - before
            self._volumes.move_to_end(vid)
            self._evict()
        history.check(lsn)
        return history

    async def _catch_up(self, vid: VolumeId, history: VolumeHistory | None) -> VolumeHistory:
        if history is None:
            history = VolumeHistory(vid)
        start = history.latest + 1
        while True:
            answer = await self._metastore.pull_commits(vid, start)
            horizon = 0 if answer.checkpoint is None else answer.checkpoint.lsn
            if horizon != history.horizon and history.latest > 0:
                # A new checkpoint: start over from it (older versions are no longer readable).
                history = VolumeHistory(vid)
                start = 1
                continue
            # Readers of the previous state may still walk it: applying only appends.
            await anyio.to_thread.run_sync(history.apply, answer)
            if answer.next is None:
                return history
            start = answer.next

    def _evict(self) -> None:
        while self._total_bytes > self._max_bytes and len(self._volumes) > 1:
            vid, history = self._volumes.popitem(last=False)
            self._total_bytes -= history.weight
            lock = self._locks.get(vid)
            if lock is not None and not lock.locked():
                del self._locks[vid]
