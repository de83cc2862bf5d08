"""Reading pages out of stored segments: indexes cached in memory, frames on disk, fetched by range.

A read needs a segment's index (one suffix request reads footer and, usually, the whole index) and
then only the frames holding the wanted pages: adjacent frames are fetched as one byte range, and
different ranges in parallel. Concurrent readers of the same index or frame share one fetch.
Everything fetched is CRC-checked before use; a bad cached frame is dropped and fetched again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor

import anyio.to_thread

from graft_core.errors import CorruptSegmentError
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import (
    SegmentIndex,
    decode_frame,
    fetch_index,
    map_frames,
)
from pagestore_server.diskcache import DiskCache
from pagestore_server.metrics import Metrics
from pagestore_server.singleflight import SingleFlight
from pagestore_server.store import SegmentMismatchError, SegmentStore

__all__ = ["SegmentReader"]

# One suffix request of this size holds the footer and the index of a segment of ~1500 pages
# per volume; bigger indexes take a second, exact request.
DEFAULT_INDEX_ENTRIES = 4096

FrameKey = tuple[SegmentId, int]


def _cache_key(key: FrameKey) -> str:
    return f"{key[0]}.{key[1]}"


class SegmentReader:
    def __init__(
        self,
        store: SegmentStore,
        cache: DiskCache,
        metrics: Metrics,
        *,
        index_entries: int = DEFAULT_INDEX_ENTRIES,
        executor: Executor | None = None,
    ) -> None:
        self._store = store
        self._executor = executor
        self._cache = cache
        self._metrics = metrics
        self._index_entries = index_entries
        self._indexes: OrderedDict[SegmentId, SegmentIndex] = OrderedDict()
        self._index_loads: SingleFlight[SegmentId, SegmentIndex] = SingleFlight()
        self._frame_loads: SingleFlight[FrameKey, list[bytes]] = SingleFlight()

    # --- indexes -------------------------------------------------------------------------------

    async def index(self, sid: SegmentId) -> SegmentIndex:
        found = self._indexes.get(sid)
        if found is not None:
            self._indexes.move_to_end(sid)
            self._metrics.index_hits.inc()
            return found
        loaded = await self._index_loads.get_many([sid], self._load_indexes)
        return loaded[sid]

    async def _load_indexes(self, sids: list[SegmentId]) -> Mapping[SegmentId, SegmentIndex]:
        (sid,) = sids
        index = await anyio.to_thread.run_sync(self._fetch_index, sid)
        self._indexes[sid] = index
        while len(self._indexes) > self._index_entries:
            self._indexes.popitem(last=False)
        return {sid: index}

    def _fetch_index(self, sid: SegmentId) -> SegmentIndex:
        return fetch_index(
            sid,
            lambda length: self._store.get_suffix(sid, length),
            lambda start, length: self._store.get_range(sid, start, length),
        )

    # --- pages ---------------------------------------------------------------------------------

    async def read(
        self, sid: SegmentId, vid: VolumeId, pageidxs: Sequence[int]
    ) -> list[tuple[int, bytes]]:
        """The pages ``pageidxs`` of ``vid`` that segment ``sid`` holds (all of them must be)."""
        index = await self.index(sid)
        places: list[tuple[int, int, int]] = []
        for pageidx, where in zip(pageidxs, index.locate_many(vid, pageidxs), strict=True):
            if where is None:
                raise SegmentMismatchError(
                    f"segment {sid} lacks page {pageidx} of {vid} that a commit says it holds: "
                    "the commit names a segment the pagestore did not write for this volume"
                )
            places.append((pageidx, *where))
        keys = sorted({(sid, frame) for _, frame, _ in places})

        async def load(missing: list[FrameKey]) -> Mapping[FrameKey, list[bytes]]:
            return await self._load_frames(index, missing)

        frames = await self._frame_loads.get_many(keys, load)
        return [(pageidx, frames[(sid, frame)][slot]) for pageidx, frame, slot in places]

    async def _load_frames(
        self, index: SegmentIndex, keys: list[FrameKey]
    ) -> dict[FrameKey, list[bytes]]:
        loaded = await anyio.to_thread.run_sync(self._read_cached, index, keys)
        runs = _adjacent_runs(sorted(key[1] for key in keys if key not in loaded))
        fetched = await asyncio.gather(
            *(anyio.to_thread.run_sync(self._fetch_run, index, run) for run in runs)
        )
        for part in fetched:
            loaded.update(part)
        return loaded

    def _read_cached(
        self, index: SegmentIndex, keys: list[FrameKey]
    ) -> dict[FrameKey, list[bytes]]:
        found = map_frames(self._executor, lambda key: self._cached_frame(index, key), keys)
        return {key: pages for key, pages in zip(keys, found, strict=True) if pages is not None}

    def _cached_frame(self, index: SegmentIndex, key: FrameKey) -> list[bytes] | None:
        data = self._cache.get(_cache_key(key))
        if data is None:
            return None
        try:
            pages = decode_frame(data, index.frames[key[1]])
        except CorruptSegmentError:
            self._cache.discard(_cache_key(key))  # refetched from the store
            return None
        self._metrics.cache_hits.inc()
        return pages

    def _fetch_run(self, index: SegmentIndex, numbers: list[int]) -> dict[FrameKey, list[bytes]]:
        first, last = index.frames[numbers[0]], index.frames[numbers[-1]]
        data = self._store.get_range(
            index.sid, first.offset, last.offset + last.length - first.offset
        )
        self._metrics.cache_misses.inc(len(numbers))

        def decode(number: int) -> list[bytes]:
            frame = index.frames[number]
            stored = data[frame.offset - first.offset : frame.offset - first.offset + frame.length]
            pages = decode_frame(stored, frame)  # checks length and CRC
            self._cache.put(_cache_key((index.sid, number)), stored)
            return pages

        decoded = map_frames(self._executor, decode, numbers)
        return {(index.sid, number): pages for number, pages in zip(numbers, decoded, strict=True)}


def _adjacent_runs(numbers: list[int]) -> list[list[int]]:
    """Sorted frame numbers grouped into runs of consecutive ones (one byte range each)."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and runs[-1][-1] + 1 == number:
            runs[-1].append(number)
        else:
            runs.append([number])
    return runs
