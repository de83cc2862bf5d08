"""The five jobs on a Spark standalone cluster (a master and two one-core workers on loopback),
each run by a driver in its own process (``python -m graft_pipeline JOB --master spark://...``,
or ``spark-submit`` with the ``package`` zip), over the embedded default (the commit log in the
metastore's data dir, segments as local files) and on S3 (moto), where the bucket holds the
segments and the commit log (the metastore's object-store backend, as ``graft serve --store``
and direct clients keep them).

Executors run without the checkout on ``PYTHONPATH`` and in their own directories: they import
the driver's code from the zip it ships and reach the data over HTTP and the object store only.
A worker SIGKILLed while it runs a job's tasks: Spark runs them again on the other worker and
the job's result is the one of an undisturbed run.

Each driver costs seconds (a JVM, then an executor per worker), so each backend's test runs the
five jobs once in sequence on one data set, the worker kill during the local-files compaction
and spark-submit for the S3 export.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]  # no stubs
import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest

from graft_core.errors import SnapshotNotFoundError
from graft_core.objstore import open_store
from graft_pipeline.package import LAUNCHER_NAME, ZIP_NAME
from graft_pipeline.publish import publish_vid
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.pipeline.history import Model, build_history
from tests.support.moto import MotoS3
from tests.support.polling import wait_until
from tests.support.receipts import server_env
from tests.support.spark_cluster import (
    SPARK_BIN,
    SparkCluster,
    descends_from,
    running_spark_cluster,
)

# Several driver processes per test, each seconds of JVM start-up: minutes on a loaded machine.
pytestmark = pytest.mark.timeout(600)

Popen = subprocess.Popen[str]
VOLUMES = 4
COMMITS = 10
KEEP = 3
JOB_TIMEOUT_S = 240


def _executor_conf(java_options: str) -> dict[str, str]:
    """Executors sized for the workers' 1g, their JVMs started as the driver's."""
    return {"spark.executor.memory": "512m", "spark.executor.extraJavaOptions": java_options}


@pytest.fixture(scope="module")
def spark_cluster(
    tmp_path_factory: pytest.TempPathFactory, spark_jvm: str
) -> Iterator[SparkCluster]:
    with running_spark_cluster(tmp_path_factory.mktemp("spark-cluster"), spark_jvm) as cluster:
        yield cluster


def _conf(settings: dict[str, str]) -> list[str]:
    return [arg for key, value in settings.items() for arg in ("--conf", f"{key}={value}")]


class Jobs:
    """Drivers of the jobs, as separate processes, against one metastore + pagestore pair."""

    def __init__(
        self, spark: SparkCluster, servers: Cluster, store: str, env: dict[str, str], cwd: Path
    ) -> None:
        self.spark, self.servers, self.store, self.env, self.cwd = spark, servers, store, env, cwd
        # Executors reach the object store with settings of their own (here: moto's endpoint).
        self.conf = {
            **_executor_conf(spark.java_options),
            **{f"spark.executorEnv.{k}": v for k, v in env.items() if k.startswith("AWS_")},
        }

    def where(self) -> list[str]:
        return ["--metastore", self.servers.metastore.url, "--store", self.store]

    def run(self, job: str, *args: str) -> dict[str, Any]:
        return self.finish(self.start(job, *args))

    def start(self, job: str, *args: str, conf: dict[str, str] | None = None) -> Popen:
        command = [sys.executable, "-m", "graft_pipeline", job, *self.where(), "--no-progress"]
        command += args
        command += ["--master", self.spark.url]
        return subprocess.Popen(
            [*command, *_conf({**self.conf, **(conf or {})})],
            cwd=self.cwd,
            env={**os.environ, **self.env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    @staticmethod
    def finish(process: Popen) -> dict[str, Any]:
        out, err = process.communicate(timeout=JOB_TIMEOUT_S)
        assert process.returncode == 0, err[-4000:]
        summary: dict[str, Any] = json.loads(out)
        return summary

    def submit(self, package: Path, job: str, *args: str) -> dict[str, Any]:
        """The job through spark-submit, its code from the zip only (no PYTHONPATH), on
        spark-submit's master (the job names none). No ``--no-progress``: spark-submit merges
        the driver's stderr into its stdout, and the summary must still be all of it."""
        command = [str(SPARK_BIN / "spark-submit"), "--master", self.spark.url]
        command += ["--py-files", str(package / ZIP_NAME), *_conf(self.conf)]
        command += [str(package / LAUNCHER_NAME), job, *self.where(), *args]
        env = {k: v for k, v in {**os.environ, **self.env}.items() if k != "PYTHONPATH"}
        env.update(PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
        process = subprocess.Popen(
            command,
            cwd=self.cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        return self.finish(process)


@pytest.fixture
def jobs(
    request: pytest.FixtureRequest, spark_cluster: SparkCluster, tmp_path: Path
) -> Iterator[Jobs]:
    spark_cluster.replace_dead_workers()
    env = server_env()
    store = str(tmp_path / "segments")
    log_args: list[str] = []
    if request.param == "s3":
        moto: MotoS3 = request.getfixturevalue("moto_s3")
        store = moto.make_bucket(f"cluster-{secrets.token_hex(4)}") + "/graft"
        env = {**env, **moto.env}
        log_args = ["--store", store]  # the commit log in the bucket too, as `graft serve --store`
    driver_dir = tmp_path / "driver"
    driver_dir.mkdir()
    with running_cluster(tmp_path, store=store, env=env, metastore_args=log_args) as servers:
        yield Jobs(spark_cluster, servers, store, env, driver_dir)


PROBE = """
import json, sys
from graft_pipeline.spark import session

def where(_):
    import graft_core, graft_pipeline
    return graft_pipeline.__file__, graft_core.__file__

spark = session(sys.argv[1], conf=json.loads(sys.argv[2]))
found = spark.sparkContext.parallelize(range(4), 4).map(where).distinct().collect()
print(json.dumps(sorted(set(found))))
spark.stop()
"""


def test_executors_import_the_code_the_driver_ships(
    spark_cluster: SparkCluster, tmp_path: Path
) -> None:
    """Not the driver's checkout, not what is installed: the zip the driver built."""
    spark_cluster.replace_dead_workers()
    conf = _executor_conf(spark_cluster.java_options)
    command = [sys.executable, "-c", PROBE, spark_cluster.url, json.dumps(conf)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-4000:]
    for files in json.loads(done.stdout):
        for name, file in zip(["graft_pipeline", "graft_core"], files, strict=True):
            # The executor's copy, in its own working directory.
            assert file == f"./{ZIP_NAME}/{name}/__init__.py", file


def _histories(http: GraftHttp) -> list[Model]:
    return [build_history(http, COMMITS, seed=seed, max_pages=24) for seed in range(VOLUMES)]


def _check_reads(http: GraftHttp, models: list[Model], lsns: range) -> None:
    for model in models:
        for lsn in lsns:
            expected = model.expected(lsn)
            assert http.read(model.vid, lsn, list(expected)) == expected, (model.vid, lsn)


def _exported_pages(out: Path) -> dict[tuple[str, int], bytes]:
    table = pq.read_table(out).to_pylist()
    return {(row["vid"], row["pageidx"]): row["page"] for row in table}


def _expected_pages(models: list[Model]) -> dict[tuple[str, int], bytes]:
    return {
        (str(model.vid), idx): data
        for model in models
        for idx, data in model.at(COMMITS)[1].items()
        if any(data)
    }


def _compact(jobs: Jobs, http: GraftHttp, models: list[Model], summary: dict[str, Any]) -> None:
    """The compaction's summary and reads are those of an undisturbed run."""
    horizon = COMMITS - KEEP + 1
    assert {v["vid"]: (v["status"], v["horizon"], v["latest"]) for v in summary["volumes"]} == {
        str(model.vid): ("compacted", horizon, COMMITS) for model in models
    }
    _check_reads(http, models, range(horizon, COMMITS + 1))
    with pytest.raises(SnapshotNotFoundError):
        http.read(models[0].vid, horizon - 1, [1])


def _gc_publish_verify(jobs: Jobs, http: GraftHttp, models: list[Model], tmp: Path) -> None:
    collected = jobs.run("gc", "--grace", "0s", "--apply")
    assert collected["deleted_segments"] > 0
    _check_reads(http, models, range(COMMITS - KEEP + 1, COMMITS + 1))

    rows = [{"site": f"s{n % 3}", "n": n, "name": f"row {n}"} for n in range(30)]
    inputs = tmp / "input.parquet"
    pq.write_table(pa.Table.from_pylist(rows), inputs)
    publish = ["--pagestore", jobs.servers.pagestore.url, "--input", str(inputs)]
    published = jobs.run("publish", *publish, "--key", "site", "--table", "t")
    assert published["commits"] == 3
    keys = {str(publish_vid("t", f"s{n}")) for n in range(3)}
    assert {key["vid"] for key in published["keys"]} == keys

    verified = jobs.run("verify")
    assert verified["ok"] and verified["volumes"] == VOLUMES + 3


def _paused(where: Path) -> set[int]:
    """The processes (Python workers) held at the fail point at the start of a task."""
    return {int(path.name.split(".")[2]) for path in where.glob("pipeline.partition.*.reached")}


def _compact_killing_a_worker(jobs: Jobs, gate: Path) -> dict[str, Any]:
    """compact, with a worker SIGKILLed while both workers run one of its tasks each."""
    hold = {
        "spark.executorEnv.GRAFT_FAILPOINTS": "pipeline.partition=pause",
        "spark.executorEnv.GRAFT_FAILPOINT_DIR": str(gate),
    }
    job = jobs.start("compact", "--keep-last", str(KEEP), conf=hold)
    try:
        paused = wait_until(lambda: _paused(gate) if len(_paused(gate)) == 2 else None, 120, "2")
        victim = jobs.spark.workers[0].pid
        assert any(descends_from(pid, victim) for pid in paused), "worker 0 runs no task"
        jobs.spark.kill_worker(0)
        (gate / "pipeline.partition.resume").touch()
        return Jobs.finish(job)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()


@pytest.mark.parametrize("jobs", ["embedded"], indirect=True)
def test_jobs_on_local_files_and_a_worker_killed_mid_compaction(jobs: Jobs, tmp_path: Path) -> None:
    """A lost worker's task runs again on the other: the compaction is complete and the same."""
    http = jobs.servers.client()
    models = _histories(http)
    gate = tmp_path / "failpoints"
    gate.mkdir()
    _compact(jobs, http, models, _compact_killing_a_worker(jobs, gate))
    _gc_publish_verify(jobs, http, models, tmp_path)

    out = tmp_path / "pages"
    vids = ",".join(str(model.vid) for model in models)
    jobs.run("export", "--volumes", vids, "--out", str(out))
    assert _exported_pages(out) == _expected_pages(models)


@pytest.mark.parametrize("jobs", ["s3"], indirect=True)
def test_jobs_on_s3_and_spark_submit_from_the_package_zip(jobs: Jobs, tmp_path: Path) -> None:
    """Segments and the commit log in the bucket: executors read history through the metastore
    API, which reads the bucket (docs/design.md, section 9)."""
    http = jobs.servers.client()
    models = _histories(http)
    _compact(jobs, http, models, jobs.run("compact", "--keep-last", str(KEEP)))
    with open_store(jobs.store, env=jobs.env) as bucket:  # the log is the bucket's, not a disk's
        for model in models:
            assert len(list(bucket.list(f"volumes/{model.vid}/log/"))) == COMMITS
            assert [o.key for o in bucket.list(f"volumes/{model.vid}/checkpoint/")] == [
                f"volumes/{model.vid}/checkpoint/{COMMITS - KEEP + 1:016x}"
            ]
    _gc_publish_verify(jobs, http, models, tmp_path)

    package = tmp_path / "package"
    made = subprocess.run(
        [sys.executable, "-m", "graft_pipeline", "package", "--out", str(package)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(made.stdout)["zip"] == str(package / ZIP_NAME)
    out = tmp_path / "pages"
    vids = ",".join(str(model.vid) for model in models)
    ran = jobs.spark.completed_apps()
    jobs.submit(package, "export", "--volumes", vids, "--out", str(out))
    wait_until(lambda: jobs.spark.completed_apps() > ran, 30, "the submitted job on the cluster")
    assert _exported_pages(out) == _expected_pages(models)
