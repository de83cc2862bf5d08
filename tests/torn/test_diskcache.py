"""Power cuts over the pagestore's disk cache, which never fsyncs: any entry may come back torn.

A cache holding frames of one segment (durable before the cut) fills with frames of a second
segment and evicts some; then the power goes. The restarted cache must open, and every page read
through it must be exact: a torn entry is dropped and its frame fetched again.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import LocalStore
from graft_core.segment import encode_segment
from graft_core.types import PAGE_SIZE
from pagestore_server.diskcache import DiskCache
from pagestore_server.metrics import Metrics
from pagestore_server.segments import SegmentReader
from pagestore_server.store import SegmentStore
from tests.torn.tornfs import power_cut

SEEDS = 40
PAGES = range(1, 257)  # four frames per segment
CACHE_LIMIT = 6 * 64 * PAGE_SIZE  # most, not all, of the eight frames' stored bytes

Pages = dict[int, bytes]


def _pages(rng: random.Random) -> Pages:
    # Half the pages compress (zstd frames), half do not (raw frames).
    return {i: rng.randbytes(PAGE_SIZE) if i % 2 else bytes([i % 251]) * PAGE_SIZE for i in PAGES}


def _read_all(reader: SegmentReader, sid: SegmentId, vid: VolumeId) -> Pages:
    return dict(asyncio.run(reader.read(sid, vid, list(PAGES))))


def _reader(store: SegmentStore, cache_dir: Path) -> tuple[SegmentReader, Metrics]:
    metrics = Metrics()
    return SegmentReader(store, DiskCache(cache_dir, CACHE_LIMIT, metrics), metrics), metrics


def _hits(metrics: Metrics) -> float:
    return metrics.registry.get_sample_value("pagestore_cache_hits_total") or 0.0


def test_torn_cache_entries_are_dropped_and_refetched(tmp_path: Path) -> None:
    rng = random.Random(7)
    vid = VolumeId.random()
    store = SegmentStore(LocalStore(tmp_path / "store"), Metrics())
    segments = {SegmentId.random(): _pages(rng) for _ in range(2)}
    for sid, pages in segments.items():
        store.create(sid, encode_segment(sid, {vid: pages}))
    (first, first_pages), (second, second_pages) = segments.items()
    hits_after_restart = 0.0
    for seed in range(SEEDS):
        root = tmp_path / f"cut{seed}"
        root.mkdir()
        reader, _ = _reader(store, root / "cache")
        assert _read_all(reader, first, vid) == first_pages
        with power_cut(root, seed=seed, crash_at=None):
            assert _read_all(reader, second, vid) == second_pages
            assert _read_all(reader, first, vid) == first_pages
        reader, metrics = _reader(store, root / "cache")
        assert _read_all(reader, first, vid) == first_pages
        assert _read_all(reader, second, vid) == second_pages
        hits_after_restart += _hits(metrics)
    assert hits_after_restart > 0  # entries that survived whole were used, not just refetched
