"""compact + gc on a volume with 200 commits: reads at and above the horizon unchanged, below 404,
storage shrinks, and a re-run changes nothing."""

from __future__ import annotations

import pytest
from pyspark.sql import SparkSession

from graft_core.errors import SnapshotNotFoundError
from graft_core.ids import SegmentId
from graft_core.objstore import open_store
from graft_core.types import PAGE_SIZE
from graft_pipeline.compact import run_compact
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from graft_pipeline.retention import Retention
from graft_pipeline.segments import read_index
from graft_pipeline.verify import run_verify
from tests.pagestore.cluster import Cluster
from tests.pipeline.history import Model, build_history

COMMITS = 200
KEEP = 50


def stored_bytes(location: Location) -> int:
    with open_store(location.store) as store:
        return sum(meta.size for meta in store.list("segments/"))


def check_reads(cluster: Cluster, model: Model, lsns: range) -> None:
    http = cluster.client()
    for lsn in lsns:
        expected = model.expected(lsn)
        assert http.read(model.vid, lsn, list(expected)) == expected, f"LSN {lsn}"


def test_compact_keeps_reads_and_reclaims(
    spark: SparkSession, cluster: Cluster, location: Location
) -> None:
    model = build_history(cluster.client(), COMMITS)
    other = build_history(cluster.client(), 3, seed=1, salt="other")  # nothing to compact
    before = stored_bytes(location)
    horizon = COMMITS - KEEP + 1

    summary = run_compact(spark, location, [model.vid, other.vid], Retention(keep_last=KEEP))
    by_vid = {v["vid"]: v for v in summary["volumes"]}
    assert by_vid[str(model.vid)]["horizon"] == horizon
    assert by_vid[str(model.vid)]["status"] == "compacted"
    assert by_vid[str(other.vid)]["status"] == "unchanged"

    collected = run_gc(spark, location, [model.vid, other.vid], grace_s=0, apply=True)
    assert collected["deleted_segments"] > 0
    assert stored_bytes(location) < before / 2

    check_reads(cluster, model, range(horizon, COMMITS + 1))
    check_reads(cluster, other, range(1, 4))
    http = cluster.client()
    for lsn in (1, horizon - 1):
        with pytest.raises(SnapshotNotFoundError):
            http.read(model.vid, lsn, [1])

    again = run_compact(spark, location, [model.vid, other.vid], Retention(keep_last=KEEP))
    assert again["compacted"] == 0 and again["bytes_written"] == 0
    assert run_gc(spark, location, [model.vid, other.vid], grace_s=0)["reclaimable_segments"] == 0


def test_compaction_packs_volumes_into_shared_segments(
    spark: SparkSession, cluster: Cluster, location: Location
) -> None:
    models = [build_history(cluster.client(), 30, seed=n, salt=f"v{n}") for n in range(6)]
    vids = [model.vid for model in models]
    # 12 to 31 pages per volume at the horizon: two or three fit in a segment of 50 pages.
    target = 50 * PAGE_SIZE
    summary = run_compact(spark, location, vids, Retention(keep_last=1), target_bytes=target)

    volumes = summary["volumes"]
    assert [v["status"] for v in volumes] == ["compacted"] * len(models)
    owners: dict[str, set[str]] = {}
    for volume in volumes:
        for sid in volume["segments"]:
            owners.setdefault(sid, set()).add(volume["vid"])
    assert any(len(vids) > 1 for vids in owners.values()), "some segment is shared"
    assert len(owners) < len(models)
    with open_store(location.store) as store:
        sizes = {meta.key.removeprefix("segments/"): meta.size for meta in store.list("segments/")}
        indexes = [read_index(store, SegmentId.parse(sid)) for sid in owners]
    assert summary["bytes_written"] == sum(sizes[sid] for sid in owners)
    for index in indexes:
        assert sum(len(index.graft(vid)) for vid in index.volumes()) * PAGE_SIZE <= target
    assert run_gc(spark, location, vids, grace_s=0, apply=True)["deleted_segments"] > 0
    assert run_verify(spark, location, vids)["ok"]
    for model in models:
        check_reads(cluster, model, range(30, 31))
