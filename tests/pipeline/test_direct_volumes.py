"""The pipeline on volumes written in direct mode (DESIGN 14): verify, compact and gc through
``graft serve --store`` on the store the direct client writes, which goes on working."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from graft_client import Client, LiteClient
from graft_core.errors import SnapshotNotFoundError
from graft_pipeline.compact import run_compact
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from graft_pipeline.retention import Retention
from graft_pipeline.verify import run_verify
from tests.support.receipts import TEST_KEY
from tests.support.serve import graft_serve
from tests.sync.support import page, read_all, write_pages

COMMITS = 8
PAGES = 12


def test_verify_compact_gc_on_a_direct_volume(spark: SparkSession, tmp_path: Path) -> None:
    store = tmp_path / "remote"
    remote = f"file://{store}"
    model: dict[int, bytes] = {}
    with Client(tmp_path / "a", remote=remote) as client:
        volume = client.create_volume()
        for n in range(1, COMMITS + 1):
            written = {idx: page(f"c{n} {idx}") for idx in range(n % 3 + 1, PAGES + 1, 3)}
            write_pages(volume, written)
            model |= written
            assert volume.push() == n
        vid = volume.vid

    with graft_serve(tmp_path / "serve", remote) as urls:
        location = Location(
            metastore=urls["metastore"],
            store=str(store),
            pagestore=urls["pagestore"],
            receipt_key=TEST_KEY,  # graft serve takes GRAFT_RECEIPT_KEY, set by the tests
        )
        assert run_verify(spark, location, [vid])["ok"]
        (compacted,) = run_compact(spark, location, [vid], Retention(keep_last=2))["volumes"]
        assert (compacted["status"], compacted["horizon"]) == ("compacted", COMMITS - 1)
        assert run_gc(spark, location, [vid], grace_s=0, apply=True)["deleted_segments"] > 0
        assert run_verify(spark, location, [vid])["ok"]

    with Client(tmp_path / "a", remote=remote) as client:
        volume = client.local_volume(vid)
        write_pages(volume, {1: page("after compaction")})
        model[1] = page("after compaction")
        assert volume.push() == COMMITS + 1
    with Client(tmp_path / "b", remote=remote) as client:
        assert read_all(client.open_volume(vid), PAGES) == model
    with LiteClient(remote=remote) as lite:
        assert lite.read_many(vid, range(1, PAGES + 1)) == model
        with pytest.raises(SnapshotNotFoundError):
            lite.read(vid, 1, lsn=2)  # below the horizon compaction set
