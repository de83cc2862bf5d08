"""The frame cache: bounded disk use with correct reads, and one download per concurrent miss."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from graft_core.ids import VolumeId
from tests.pagestore.cluster import running_cluster
from tests.support.sqlite_pages import sqlite_pages

LIMIT = 160 << 10


def _disk_use(path: Path) -> int:
    return sum(entry.stat().st_size for entry in path.iterdir())


def test_small_cache_stays_under_its_limit_and_reads_stay_correct(tmp_path: Path) -> None:
    pages = dict(enumerate(sqlite_pages(20000, seed=3), start=1))
    assert len(pages) > 500
    with running_cluster(tmp_path, pagestore_args=["--cache-limit", f"{LIMIT}B"]) as cluster:
        http = cluster.client()
        vid = VolumeId.random()
        http.commit(vid, None, len(pages), http.write(vid, pages))
        rng = random.Random(5)
        for _ in range(25):
            wanted = rng.sample(sorted(pages), 40)
            assert http.read(vid, 1, wanted) == {idx: pages[idx] for idx in wanted}
            assert _disk_use(tmp_path / "cache") <= LIMIT
        assert cluster.metric("pagestore_cache_evictions_total") > 0
        assert cluster.metric("pagestore_cache_hits_total") > 0
        assert cluster.metric("pagestore_cache_bytes") <= LIMIT


def test_concurrent_misses_download_once(tmp_path: Path) -> None:
    pages = dict(enumerate(sqlite_pages(3000, seed=4), start=1))
    with running_cluster(tmp_path) as cluster:
        writer = cluster.client()
        vid = VolumeId.random()
        writer.commit(vid, None, len(pages), writer.write(vid, pages))
        wanted = list(range(1, 65))  # the first frame only
        readers = [cluster.client() for _ in range(12)]
        start = threading.Barrier(len(readers))

        def read(index: int) -> dict[int, bytes]:
            start.wait(timeout=10)
            return readers[index].read(vid, 1, wanted)

        with ThreadPoolExecutor(len(readers)) as pool:
            results = list(pool.map(read, range(len(readers))))
        assert all(result == {idx: pages[idx] for idx in wanted} for result in results)
        assert cluster.metric('pagestore_objstore_seconds_count{op="get_suffix"}') == 1
        assert cluster.metric('pagestore_objstore_seconds_count{op="get_range"}') == 1
        assert cluster.metric("pagestore_metastore_calls_total") == 1
