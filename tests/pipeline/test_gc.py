"""gc: referenced segments survive; orphans (pages written, commit never made, as a retried push
leaves them) go only once older than the grace period, and only with --apply."""

from __future__ import annotations

import os
import time
from pathlib import Path

from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from tests.pagestore.cluster import Cluster
from tests.pipeline.history import build_history, page

HOUR_S = 3600


def backdate(location: Location, sid: str, seconds: float) -> None:
    path = Path(location.store) / "segments" / sid
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_gc_deletes_only_old_orphans(
    spark: SparkSession, cluster: Cluster, location: Location
) -> None:
    http = cluster.client()
    model = build_history(http, 5)
    # A push that wrote its pages twice (a retry) and committed the second copy only.
    (orphan,) = http.write(model.vid, {1: page(6, 1)})
    (retried,) = http.write(model.vid, {1: page(6, 1)})
    http.commit(model.vid, 5, model.at(5)[0], [retried])
    fresh_orphan = http.write(VolumeId.random(), {1: page(1, 1)})[0]  # never committed
    for sid in os.listdir(Path(location.store) / "segments"):
        if sid != str(fresh_orphan.sid):
            backdate(location, sid, 2 * HOUR_S)

    vids = [model.vid]
    dry = run_gc(spark, location, vids)
    assert dry["segments"] == [str(orphan.sid)] and dry["within_grace"] == 1
    assert dry["deleted_segments"] == 0
    assert (Path(location.store) / "segments" / str(orphan.sid)).exists()

    applied = run_gc(spark, location, vids, apply=True)
    assert applied["deleted_segments"] == 1 and applied["bytes_reclaimed"] > 0
    left = set(os.listdir(Path(location.store) / "segments"))
    assert str(orphan.sid) not in left and str(fresh_orphan.sid) in left
    assert str(retried.sid) in left and len(left) == dry["segments_stored"] - 1

    # Past its grace period the fresh orphan goes too; everything committed stays readable.
    final = run_gc(spark, location, vids, grace_s=0, apply=True)
    assert final["segments"] == [str(fresh_orphan.sid)]
    expected = {1: page(6, 1)}
    assert http.read(model.vid, 6, [1]) == expected
    for lsn in range(1, 6):
        assert http.read(model.vid, lsn, list(model.expected(lsn))) == model.expected(lsn)
