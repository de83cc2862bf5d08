"""Compaction, GC, verify and export with forks: a parent keeps every LSN a fork reads until the
fork is compacted (its checkpoint then holds what it inherited), and every retained LSN of every
fork reads the same throughout, locally, on clones and through the lite client."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from graft_client import Client, Volume
from graft_core.errors import SnapshotNotFoundError
from graft_core.types import PAGE_SIZE
from graft_pipeline.compact import compact_volumes, run_compact
from graft_pipeline.export import run_export_pages
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.retention import Retention
from graft_pipeline.tasks import TaskContext
from graft_pipeline.verify import run_verify
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, lite_for

PAGES = 12
Reads = dict[tuple[str, int], dict[int, bytes]]


def _commit(volume: Volume, tag: str, pages: range) -> int:
    with volume.writer() as writer:
        for idx in pages:
            writer.write(idx, f"{tag} {idx}".encode().ljust(PAGE_SIZE, b"."))
    remote = volume.push()
    assert remote is not None
    return remote


def _remote_reads(cluster: Cluster, volumes: list[Volume]) -> Reads:
    """Every page of every retained remote LSN of each volume, through the lite client."""
    reads = {}
    with lite_for(cluster) as lite, MetastoreHttp(cluster.metastore.url, None) as meta:
        for volume in volumes:
            log = meta.log(volume.vid)
            for lsn in range(log.horizon, log.latest + 1):
                reads[str(volume.vid), lsn] = lite.read_many(volume.vid, range(1, PAGES + 1), lsn)
    return reads


def _read_latest(client: Client, volume: Volume) -> dict[int, bytes]:
    with client.open_volume(volume.vid).reader() as reader:
        return {idx: reader.read(idx) for idx in range(1, PAGES + 1)}


def _compact(spark: SparkSession, location: Location, volumes: list[Volume]) -> dict[str, int]:
    vids = [volume.vid for volume in volumes]
    summary = run_compact(spark, location, vids, Retention(keep_last=1))
    return {v["vid"]: v["horizon"] for v in summary["volumes"]}


def test_compact_and_gc_keep_forks_readable(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "owner") as client:
        root = client.create_volume()
        for n in range(8):
            _commit(root, f"root {n}", range(1, PAGES + 1))
        fork = root.fork(3)  # local LSN 3 is remote LSN 3
        _commit(fork, "fork", range(1, 4))
        grandchild = fork.fork()  # at the fork's remote LSN 2
        _commit(grandchild, "grandchild", range(10, 12))
        for n in range(8, 12):
            _commit(root, f"root {n}", range(1, PAGES + 1))
        volumes = [root, fork, grandchild]
        vids = [volume.vid for volume in volumes]
        before = _remote_reads(cluster, volumes)
        expected = {v.vid: _read_latest(client, v) for v in volumes}
        # A clone made now maps its first local LSN to the grandchild's remote LSN 2, which
        # compaction will drop: its inherited pages are then read at a newer LSN.
        early = client_for(cluster, tmp_path / "early")
        early.open_volume(grandchild.vid)
        _commit(grandchild, "grandchild again", range(12, 13))
        expected[grandchild.vid] = _read_latest(client, grandchild)

        # 1. The root alone: retention would keep LSN 12 only; the fork reads its LSN 3.
        assert _compact(spark, location, [root])[str(root.vid)] == 3
        assert run_gc(spark, location, vids, grace_s=0, apply=True)["deleted_segments"] > 0
        assert run_verify(spark, location, vids)["ok"]
        # 2. Everything: the forks are compacted (materialized); the root is still pinned.
        horizons = _compact(spark, location, volumes)
        assert horizons == {str(root.vid): 3, str(fork.vid): 2, str(grandchild.vid): 3}
        # 3. Nothing reads the root's LSN 3 any more: it moves on, GC takes the rest.
        assert _compact(spark, location, volumes)[str(root.vid)] == 12
        assert run_gc(spark, location, vids, grace_s=0, apply=True)["deleted_segments"] > 0
        checked = run_verify(spark, location, vids)
        assert checked["ok"], checked["problems"]

        after = _remote_reads(cluster, volumes)
        assert set(after) == {(str(root.vid), 12), (str(fork.vid), 2), (str(grandchild.vid), 3)}
        assert all(after[key] == before[key] for key in after if key in before)
        for volume in volumes:
            assert _read_latest(client, volume) == expected[volume.vid]
        with early:
            clone = early.open_volume(grandchild.vid)
            with clone.reader() as reader:
                # Unchanged since the dropped LSN 2: read at the latest instead.
                got = {idx: reader.read(idx) for idx in range(1, PAGES)}
                assert got == {i: before[str(grandchild.vid), 2][i] for i in range(1, PAGES)}
                with pytest.raises(SnapshotNotFoundError, match="pull"):
                    reader.read(12)  # changed since: that old snapshot is gone
            clone.pull()
            assert _read_latest(early, grandchild) == expected[grandchild.vid]
        with client_for(cluster, tmp_path / "late") as late:
            for volume in volumes:
                assert _read_latest(late, volume) == expected[volume.vid]

        # An export of a fork holds the pages it inherited.
        exported = run_export_pages(spark, location, [(fork.vid, 2)], str(tmp_path / "pages"))
        rows = spark.read.parquet(str(tmp_path / "pages")).select("pageidx", "page").collect()
        assert exported["pages"] == PAGES
        assert {idx: bytes(data) for idx, data in rows} == expected[fork.vid]

        # A fork not yet compacted whose parent was compacted past its origin (ignoring the
        # pins) is what verify reports.
        late_fork = root.fork()
        _commit(root, "root 12", range(1, 2))
        with MetastoreHttp(location.metastore, None) as meta, location.open_store() as store:
            ctx = TaskContext(location, meta, store)
            done = list(
                compact_volumes(ctx, [root.vid], retention=Retention(keep_last=1), now_ms=0)
            )
        assert done[0]["horizon"] == 13
        broken = run_verify(spark, location, [*vids, late_fork.vid])
        assert not broken["ok"]
        assert [p["fork"] for p in broken["problems"]] == [str(late_fork.vid)]
