"""The pipeline runs only against the cluster it is pointed at: ``--data-dir`` finds the servers
that own the directory, a metastore and a segment store of different clusters are refused before
any job runs, and ``gc --apply`` re-reads every reference before it deletes anything. Before,
a job given ``--data-dir`` talked to whatever listened on 127.0.0.1:3001, and ``gc --apply``
against another cluster's metastore deleted every live segment."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest
from pyspark.sql import SparkSession

from graft_core.errors import WrongClusterError
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from graft_pipeline.verify import run_verify
from tests.pagestore.cluster import Cluster, GraftHttp, metastore_command
from tests.pipeline.history import build_history
from tests.support.serve import graft_serve
from tests.support.servers import ServerProcess


def _segments(location: Location) -> set[str]:
    return set(os.listdir(Path(location.store) / "segments"))


def _pipeline(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAFT_")}
    return subprocess.run(
        [sys.executable, "-m", "graft_pipeline", *args, "--no-progress", "--master", "local[1]"],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )


def _one_error_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr[-3000:])
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr[-3000:]
    return lines[0]


def _other_metastore(tmp: Path, *args: str) -> ServerProcess:
    server = ServerProcess(metastore_command("--data-dir", str(tmp / "data"), *args), tmp)
    tmp.mkdir(parents=True)
    server.start()
    return server


def test_data_dir_finds_the_servers_that_own_it(spark: SparkSession, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with graft_serve(data) as urls:
        http = GraftHttp(urls["metastore"], urls["pagestore"])
        model = build_history(http, 4, seed=3)
        http.close()
        location = Location.resolve(metastore=None, store=None, data_dir=data)
        assert (location.metastore, location.pagestore) == (urls["metastore"], urls["pagestore"])
        assert location.store == str((data / "segments").resolve())
        summary = run_verify(spark, location, [model.vid])
        assert summary["ok"] and summary["segments_checked"] > 0
    # Stopped: the data dir names no live server any more.
    done = _pipeline("verify", "--data-dir", str(data))
    assert f"no server announces data dir {data}" in _one_error_line(done, 1)
    done = _pipeline("verify", "--store", str(data / "segments"))
    assert "say where the metastore is" in _one_error_line(done, 2)


def test_jobs_refuse_a_metastore_of_another_cluster(
    cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    http = cluster.client()
    build_history(http, 4, seed=5)
    before = _segments(location)
    other = _other_metastore(tmp_path / "other")
    try:
        for job in (["gc", "--apply", "--grace", "0s"], ["verify"]):
            done = _pipeline(*job, "--metastore", other.url, "--store", location.store)
            assert "refusing to mix two clusters" in _one_error_line(done, 1)
    finally:
        other.kill()
    assert _segments(location) == before


def test_gc_refuses_to_delete_by_an_emptied_metastore_of_the_same_cluster(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    """A metastore restarted on an empty data dir with the cluster's key passes the cluster
    check; the last check before deleting still refuses (it lists no volume at all)."""
    http = cluster.client()
    model = build_history(http, 4, seed=6)
    before = _segments(location)
    key = httpx.get(location.metastore + "/health").json()["cluster"]
    empty = _other_metastore(tmp_path / "empty", "--cluster-key", key)
    try:
        wrong = Location(metastore=empty.url, store=location.store)
        assert str(wrong.check_cluster()) == key
        with pytest.raises(WrongClusterError, match="lists no volumes"):
            run_gc(spark, wrong, [], grace_s=0, apply=True)
    finally:
        empty.kill()
    assert _segments(location) == before
    assert http.read(model.vid, 4, list(model.expected(4))) == model.expected(4)


def test_gc_keeps_segments_of_volumes_it_was_not_told_of(
    spark: SparkSession, cluster: Cluster, location: Location
) -> None:
    http = cluster.client()
    told = build_history(http, 3, seed=7)
    untold = build_history(http, 3, seed=8, salt="untold")
    before = _segments(location)
    summary = run_gc(spark, location, [told.vid], grace_s=0, apply=True)
    assert summary["deleted_segments"] == 0 and summary["kept_by_final_check"] > 0
    assert _segments(location) == before
    for lsn in range(1, 4):
        assert http.read(untold.vid, lsn, list(untold.expected(lsn))) == untold.expected(lsn)


def test_a_store_without_cluster_marker_is_refused(
    cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    (tmp_path / "bare").mkdir()
    bare = Location(metastore=location.metastore, store=str(tmp_path / "bare"))
    with pytest.raises(WrongClusterError, match="carries no cluster marker"):
        bare.check_cluster()
    servers_said = Location(
        metastore=location.metastore, store=location.store, cluster=str(uuid.uuid4())
    )
    with pytest.raises(WrongClusterError, match=r"servers\.json names cluster"):
        servers_said.check_cluster()
