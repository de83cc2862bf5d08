"""Compaction and GC keep every segment a fork reads through its parent; verify checks forks."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import SparkSession

from graft_client import Volume
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


def _commit(volume: Volume, tag: str, pages: range) -> int:
    with volume.writer() as writer:
        for idx in pages:
            writer.write(idx, f"{tag} {idx}".encode().ljust(PAGE_SIZE, b"."))
    remote = volume.push()
    assert remote is not None
    return remote


def _remote_reads(
    cluster: Cluster, volumes: list[Volume]
) -> dict[tuple[str, int], dict[int, bytes]]:
    """Every page of every remote LSN of each volume, through the lite client."""
    reads = {}
    with lite_for(cluster) as lite:
        for volume in volumes:
            latest = lite.snapshot(volume.vid).lsn
            for lsn in range(1, latest + 1):
                reads[str(volume.vid), lsn] = lite.read_many(volume.vid, range(1, PAGES + 1), lsn)
    return reads


def test_compact_and_gc_keep_forks_readable(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "owner") as client:
        root = client.create_volume()
        for n in range(8):
            _commit(root, f"root {n}", range(1, PAGES + 1))
        fork = root.fork(3)  # local LSN 3 is remote LSN 3
        _commit(fork, "fork", range(1, 4))
        grandchild = fork.fork()
        _commit(grandchild, "grandchild", range(10, 13))
        for n in range(8, 12):
            _commit(root, f"root {n}", range(1, PAGES + 1))
        volumes = [root, fork, grandchild]
        forks = volumes[1:]
        before = _remote_reads(cluster, forks)
        vids = [volume.vid for volume in volumes]

        summary = run_compact(spark, location, vids, Retention(keep_last=1))
        by_vid = {v["vid"]: v for v in summary["volumes"]}
        # Retention alone would keep only LSN 12; the fork reads LSN 3 of the root.
        assert by_vid[str(root.vid)] == {**by_vid[str(root.vid)], "status": "compacted"}
        assert by_vid[str(root.vid)]["horizon"] == 3
        assert by_vid[str(fork.vid)]["status"] == "fork"
        collected = run_gc(spark, location, vids, grace_s=0, apply=True)
        assert collected["deleted_segments"] > 0  # the root's LSNs 1 and 2 are gone

        assert _remote_reads(cluster, forks) == before
        checked = run_verify(spark, location, vids)
        assert checked["ok"], checked["problems"]
        with client_for(cluster, tmp_path / "other") as other:
            clone = other.open_volume(grandchild.vid)
            with clone.reader() as reader:
                got = {idx: reader.read(idx) for idx in range(1, PAGES + 1)}
            latest = max(lsn for vid, lsn in before if vid == str(grandchild.vid))
            assert got == before[str(grandchild.vid), latest]
        # The owner's local forks read the same (the parent's local versions are kept too).
        client.compact()
        with fork.reader() as reader:
            got = {idx: reader.read(idx) for idx in range(1, PAGES + 1)}
        latest = max(lsn for v, lsn in before if v == str(fork.vid))
        assert got == before[str(fork.vid), latest]

    # An export of a fork holds the pages it inherits too.
    exported = run_export_pages(spark, location, [(fork.vid, latest)], str(tmp_path / "pages"))
    rows = spark.read.parquet(str(tmp_path / "pages")).select("pageidx", "page").collect()
    assert exported["pages"] == PAGES
    assert {idx: bytes(data) for idx, data in rows} == before[str(fork.vid), latest]

    # A parent compacted past its fork's origin (ignoring the pins) is what verify reports.
    with MetastoreHttp(location.metastore, None) as meta, location.open_store() as store:
        ctx = TaskContext(location, meta, store)
        done = list(compact_volumes(ctx, [root.vid], retention=Retention(keep_last=1), now_ms=0))
    assert done[0]["horizon"] == 12
    broken = run_verify(spark, location, vids)
    assert not broken["ok"] and [p["fork"] for p in broken["problems"]] == [str(fork.vid)]
