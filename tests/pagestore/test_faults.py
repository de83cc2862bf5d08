"""A failing object store (errors, timeouts, garbled bytes): 503s or errors, never a wrong page."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from graft_core.errors import CorruptSegmentError, GraftError
from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import open_store
from pagestore_server.metrics import Metrics
from pagestore_server.store import SegmentStore, segment_key
from tests.pagestore.cluster import running_cluster
from tests.pagestore.faulty_s3 import faulty_s3
from tests.support.faultproxy import Fault, FaultProxy, Rule
from tests.support.moto import MotoS3
from tests.support.sqlite_pages import sqlite_pages


def _status(call: Callable[[], object]) -> int:
    with pytest.raises(GraftError) as info:
        call()
    return info.value.http_status


def test_store_faults_give_503_and_never_a_wrong_page(moto_s3: MotoS3, tmp_path: Path) -> None:
    pages = dict(enumerate(sqlite_pages(4000, seed=9), start=1))
    bucket = moto_s3.make_bucket(f"faulty-{uuid.uuid4().hex[:10]}")
    with faulty_s3(moto_s3.endpoint) as proxy:
        env = {**moto_s3.env, "AWS_ENDPOINT_URL": proxy.url}
        with running_cluster(
            tmp_path, store=bucket, env=env, pagestore_args=["--store-timeout", "0.3"]
        ) as cluster:
            http = cluster.client()
            vid = VolumeId.random()
            http.commit(vid, None, len(pages), http.write(vid, pages))
            frames = [list(range(start, start + 64)) for start in range(1, len(pages) - 64, 64)]

            for mode in ("error", "stall"):
                proxy.set_mode(mode)
                assert _status(lambda: http.write(vid, {1: pages[2]})) == 503
                assert _status(lambda: http.read(vid, 1, frames[0])) == 503

            proxy.set_mode("garble")  # the CRC catches it: an error, not garbage pages
            with pytest.raises(CorruptSegmentError):
                http.read(vid, 1, frames[1])

            proxy.set_mode("ok")  # the server stayed up and serves every page correctly
            for wanted in frames:
                assert http.read(vid, 1, wanted) == {idx: pages[idx] for idx in wanted}


def test_a_segment_stored_before_its_answer_was_lost_is_written(
    moto_s3: MotoS3, tmp_path: Path
) -> None:
    """obstore retries the create-only PUT and hears "exists": the segment is this write's own
    (its bytes are there), so the write succeeds instead of failing an assertion (a 500)."""
    sid, data = SegmentId.random(), uuid.uuid4().bytes * 64
    bucket = moto_s3.make_bucket(f"lost-{uuid.uuid4().hex[:10]}")
    with FaultProxy(moto_s3.endpoint) as proxy:
        env = {**moto_s3.env, "AWS_ENDPOINT_URL": proxy.url}
        with open_store(bucket, env=env) as objects:
            store = SegmentStore(objects, Metrics())
            proxy.script(Rule(f"/{segment_key(sid)}", Fault.DROP_RESPONSE, method="PUT"))
            store.create(sid, data)
            assert proxy.stats().count(Fault.DROP_RESPONSE) == 1
            assert store.get_range(sid, 0, len(data)) == data
