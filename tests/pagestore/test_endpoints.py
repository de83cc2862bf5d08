"""write_pages / read_pages end to end through real metastore and pagestore processes."""

from __future__ import annotations

import random
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import msgspec
import pytest

from graft_core.errors import (
    InvalidInputError,
    PayloadTooLargeError,
    SnapshotNotFoundError,
    VolumeNotFoundError,
)
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE
from graft_core.wire import CheckpointRequest, SnapshotInfo
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.support.moto import MotoS3
from tests.support.sqlite_pages import sqlite_pages

SQLITE = sqlite_pages(1500, seed=7)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as running:
        yield running


def _page(rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return rng.choice(SQLITE)
    return rng.randbytes(64) * (PAGE_SIZE // 64)


class Model:
    """Each LSN's full page map; a volume's commits are serialized by its lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.states: dict[int, tuple[int, dict[int, bytes]]] = {}
        self.latest = 0

    def step(self, http: GraftHttp, vid: VolumeId, rng: random.Random) -> None:
        pages = {rng.randrange(1, 120): _page(rng) for _ in range(rng.randrange(1, 40))}
        segments = http.write(vid, pages)  # outside the lock: writes run concurrently
        assert sorted(idx for seg in segments for idx in seg.graft) == sorted(pages)
        with self.lock:
            count, state = self.states.get(self.latest, (0, {}))
            state = dict(state)
            if rng.random() < 0.15:  # a truncate that also writes
                count = rng.randrange(1, 100)
                state = {idx: page for idx, page in state.items() if idx <= count}
                pages = {idx: page for idx, page in pages.items() if idx <= count}
                segments = http.write(vid, pages) if pages else []
            state.update(pages)
            count = max(count, *pages) if pages else count
            snap = http.commit(vid, self.latest or None, count, segments)
            assert snap.lsn == self.latest + 1
            self.latest = snap.lsn
            self.states[snap.lsn] = (count, state)


def test_concurrent_clients_and_volumes_read_back_exactly_at_every_lsn(cluster: Cluster) -> None:
    volumes = {VolumeId.random(): Model() for _ in range(3)}
    jobs = [(vid, seed) for seed, vid in enumerate(list(volumes) * 2)]  # two clients per volume

    def run(vid: VolumeId, seed: int) -> None:
        http = cluster.client()
        rng = random.Random(seed)
        for _ in range(8):
            volumes[vid].step(http, vid, rng)

    with ThreadPoolExecutor(len(jobs)) as pool:
        for future in [pool.submit(run, vid, seed) for vid, seed in jobs]:
            future.result()
    http = cluster.client()
    for vid, model in volumes.items():
        assert model.latest == 16
        for lsn, (_, state) in model.states.items():
            got = http.read(vid, lsn, range(1, 131))
            assert got == {idx: state.get(idx, EMPTY_PAGE) for idx in range(1, 131)}, lsn
    # Concurrent requests shared segments (group flush).
    assert cluster.metric("pagestore_segments_flushed_total") < cluster.metric(
        'pagestore_requests_total{endpoint="write_pages",status="200"}'
    )


def test_truncated_pages_stay_empty_until_rewritten(cluster: Cluster) -> None:
    http = cluster.client()
    vid = VolumeId.random()
    a, b = SQLITE[3], SQLITE[4]
    http.commit(vid, None, 5, http.write(vid, {5: a, 1: b}))
    http.commit(vid, 1, 2, [])  # truncate to 2 pages
    http.commit(vid, 2, 8, http.write(vid, {8: b}))  # grow again without page 5
    assert http.read(vid, 1, [1, 5]) == {1: b, 5: a}
    assert http.read(vid, 2, [1, 5]) == {1: b, 5: EMPTY_PAGE}
    assert http.read(vid, 3, [1, 5, 8]) == {1: b, 5: EMPTY_PAGE, 8: b}


def test_lsn_beyond_latest_and_unknown_volumes_are_404(cluster: Cluster) -> None:
    http = cluster.client()
    vid = VolumeId.random()
    http.commit(vid, None, 1, http.write(vid, {1: SQLITE[1]}))
    with pytest.raises(SnapshotNotFoundError):
        http.read(vid, 2, [1])
    with pytest.raises(VolumeNotFoundError):
        http.read(VolumeId.random(), 1, [1])
    http.commit(vid, 1, 1, http.write(vid, {1: SQLITE[2]}))
    assert http.read(vid, 2, [1]) == {1: SQLITE[2]}  # caught up past the cached latest


def test_batch_limits_and_bad_writes(cluster: Cluster) -> None:
    http = cluster.client()
    vid = VolumeId.random()
    http.commit(vid, None, 1, http.write(vid, {1: SQLITE[1]}))
    assert len(http.read(vid, 1, range(1, 1025))) == 1024
    with pytest.raises(PayloadTooLargeError):
        http.read(vid, 1, range(1, 1026))
    assert http.write(vid, {}) == []
    body = {"vid": bytes(vid), "pages": [(1, SQLITE[1]), (1, SQLITE[2])]}
    response = http.pages.post("/pagestore/v1/write_pages", content=msgspec.msgpack.encode(body))
    assert response.status_code == 400
    assert b"more than once" in response.content
    with pytest.raises(InvalidInputError):
        http.write(vid, {1: b"short"})


def test_checkpoint_sets_the_horizon(cluster: Cluster) -> None:
    http = cluster.client()
    vid = VolumeId.random()
    http.commit(vid, None, 3, http.write(vid, {1: SQLITE[1], 2: SQLITE[2], 3: SQLITE[3]}))
    http.commit(vid, 1, 3, http.write(vid, {2: SQLITE[20]}))
    http.commit(vid, 2, 3, http.write(vid, {3: SQLITE[30]}))
    newest = {1: SQLITE[1], 2: SQLITE[20], 3: SQLITE[30]}
    checkpoint = CheckpointRequest(vid=vid, lsn=3, segments=http.write(vid, newest))
    http._call(http.meta, "/metastore/v1/checkpoint", checkpoint, SnapshotInfo)
    http.commit(vid, 3, 3, http.write(vid, {1: SQLITE[10]}))
    # First read of this volume: the pagestore learns the checkpoint with the commit list.
    assert http.read(vid, 3, [1, 2, 3]) == newest
    assert http.read(vid, 4, [1, 2, 3]) == {**newest, 1: SQLITE[10]}
    with pytest.raises(SnapshotNotFoundError):
        http.read(vid, 2, [1])


def test_health_metrics_and_unknown_routes(cluster: Cluster) -> None:
    url = cluster.pagestore.url
    # The pagestore learned the metastore's cluster key at start and marked its store with it.
    meta_health = httpx.get(cluster.metastore.url + "/health").json()
    assert meta_health["service"] == "metastore"
    health = httpx.get(url + "/health").json()
    assert health == {"status": "ok", "service": "pagestore", "cluster": meta_health["cluster"]}
    assert "pagestore_pages_written_total" in httpx.get(url + "/metrics").text
    as_json = {"accept": "application/json"}
    assert httpx.get(url + "/", headers=as_json).json()["service"] == "graft pagestore"
    msgpack = {"accept": "application/msgpack"}
    for response in (
        httpx.post(url + "/pagestore/v1/nope", content=b"", headers=msgpack),
        httpx.get(url + "/pagestore/v1/read_pages", headers=msgpack),
    ):
        assert response.status_code in (404, 405)
        assert response.headers["content-type"] == "application/msgpack"


def test_s3_store_through_moto(moto_s3: MotoS3, tmp_path: Path) -> None:
    bucket = moto_s3.make_bucket(f"pages-{uuid.uuid4().hex[:10]}")
    with running_cluster(tmp_path, store=bucket + "/graft", env=moto_s3.env) as running:
        http = running.client()
        vid = VolumeId.random()
        pages = dict(enumerate(SQLITE, start=1))
        http.commit(vid, None, len(pages), http.write(vid, pages))
        assert http.read(vid, 1, range(1, len(pages) + 1)) == pages
        assert http.read(vid, 1, [7, 40]) == {7: pages[7], 40: pages[40]}
