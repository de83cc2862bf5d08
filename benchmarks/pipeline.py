"""Compaction throughput of graft_pipeline: Spark local[1] vs local[2] (the scaling ratio) and a
single-process Python loop over the same code, each on its own copy of the same data; and what a
lite read of the latest LSN costs (client round trips, pagestore segment GETs) before and after.

Every mode is timed over the same span, the compaction itself: the Python loop runs in a process
that has imported the pipeline already, so each Spark session first starts its Python workers and
has them import it too. The data set is sized so that the measured span lasts several seconds
and Spark's fixed costs per job are small next to it.

The machine is shared (a VM): a single run's ratio moves by a tenth or more. So there are several
rounds, each on fresh copies of the data, running local[1] and local[2] in alternating order, and
the ratios reported are those of each mode's median rate (each round's ratio is shown too).

Real metastore and pagestore processes on loopback, segments as local files. Usage:
    .venv/bin/python benchmarks/pipeline.py [--rounds 3] [--volumes 256] [--commits 8] [--pages 128]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's packages and tests

from pyspark.sql import SparkSession

from benchmarks.reporting.results import record
from graft_client import LiteClient
from graft_core.ids import VolumeId
from graft_pipeline.compact import compact_volumes, run_compact
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.retention import Retention
from graft_pipeline.spark import session
from graft_pipeline.tasks import TaskContext
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.support.receipts import TEST_KEY

RETENTION = Retention(keep_last=1)


def build_set(http: GraftHttp, volumes: int, commits: int, pages: int, pool: int) -> list[VolumeId]:
    """``volumes`` volumes with identical histories for every call (same seeds)."""
    vids = []
    for number in range(volumes):
        rng = random.Random(number)
        vid = VolumeId.random()
        for lsn in range(1, commits + 1):
            written = {idx: rng.randbytes(512) * 8 for idx in rng.sample(range(1, pool + 1), pages)}
            http.commit(vid, lsn - 1 or None, pool, http.write(vid, written))
        vids.append(vid)
    return vids


def metric_sum(url: str, prefix: str) -> float:
    total = 0.0
    for line in httpx.get(url + "/metrics", timeout=10).text.splitlines():
        if line.startswith(prefix):
            total += float(line.rpartition(" ")[2])
    return total


def lite_read_cost(cluster: Cluster, location: Location, vid: VolumeId) -> tuple[int, int]:
    """(requests the servers saw, segment GETs by the pagestore) for one read of every page."""
    requests = [
        (cluster.metastore.url, "metastore_requests_total"),
        (cluster.pagestore.url, "pagestore_requests_total"),
    ]
    gets = (cluster.pagestore.url, "pagestore_objstore_seconds_count")
    before = [metric_sum(*r) for r in requests], metric_sum(*gets)
    with LiteClient(location.metastore, location.pagestore) as lite:
        count = lite.snapshot(vid).page_count
        lite.read_many(vid, range(1, count + 1))
    trips = sum(metric_sum(*r) for r in requests) - sum(before[0])
    return int(trips), int(metric_sum(*gets) - before[1])


def python_compact(location: Location, vids: list[VolumeId]) -> tuple[int, float]:
    """(pages, seconds) of the same work, in this process, all volumes as one partition."""
    now = time.time_ns() // 1_000_000
    started = time.perf_counter()
    pages = 0
    with MetastoreHttp(location.metastore) as meta, location.open_store() as store:
        ctx = TaskContext(location, meta, store)
        for result in compact_volumes(ctx, vids, retention=RETENTION, now_ms=now):
            pages += result["pages"]
    return pages, time.perf_counter() - started


def start_workers(spark: SparkSession) -> None:
    """Start every core's Python worker and import the pipeline in it, outside the timed span."""
    slots = spark.sparkContext.defaultParallelism * 4
    imported = (
        spark.sparkContext.parallelize(range(slots), slots)
        .map(lambda _: importlib.import_module("graft_pipeline.compact").__name__)
        .distinct()
        .collect()
    )
    assert imported == ["graft_pipeline.compact"]


def spark_compact(master: str, location: Location, vids: list[VolumeId]) -> tuple[int, float]:
    spark = session(master, app_name=f"bench-{master}")
    try:
        start_workers(spark)
        summary = run_compact(spark, location, vids, RETENTION)
        return summary["pages"], summary["seconds"]
    finally:
        spark.stop()


def show(mode: str, pages: int, seconds: float) -> float:
    rate = pages / seconds
    print(f"compaction, {mode + ':':22} {rate:9.0f} pages/s ({pages} pages in {seconds:.2f}s)")
    return rate


def build_sets(cluster: Cluster, count: int, args: argparse.Namespace) -> list[list[VolumeId]]:
    """``count`` identical data sets, built three at a time (the servers encode on both cores)."""
    with ThreadPoolExecutor(3) as builders:
        built = [
            builders.submit(
                build_set, cluster.client(), args.volumes, args.commits, args.pages, args.pool
            )
            for _ in range(count)
        ]
        return [future.result() for future in built]


def round_rates(
    location: Location, sets: list[list[VolumeId]], order: list[str]
) -> dict[str, float]:
    """pages/s of each mode in ``order``, each on its own set; every mode must do the same work."""
    modes: dict[str, Callable[[Location, list[VolumeId]], tuple[int, float]]] = {
        "single-process Python": python_compact,
        "Spark local[1]": partial(spark_compact, "local[1]"),
        "Spark local[2]": partial(spark_compact, "local[2]"),
    }
    runs = {mode: modes[mode](location, vids) for mode, vids in zip(order, sets, strict=True)}
    assert len({pages for pages, _ in runs.values()}) == 1, f"not the same work: {runs}"
    return {mode: show(mode, *run) for mode, run in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="Rounds of every mode (median).")
    parser.add_argument("--volumes", type=int, default=256)
    parser.add_argument("--commits", type=int, default=8)
    parser.add_argument("--pages", type=int, default=128, help="Pages written per commit.")
    parser.add_argument(
        "--pool", type=int, default=1024, help="Pages per volume (a lite read takes 1024)."
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, running_cluster(Path(tmp)) as cluster:
        location = Location(
            cluster.metastore.url,
            str(Path(tmp) / "segments"),
            cluster.pagestore.url,
            receipt_key=TEST_KEY,
        )
        started = time.perf_counter()
        sets = build_sets(cluster, 3 * args.rounds, args)
        print(
            f"data: {len(sets)} identical sets x {args.volumes} volumes x {args.commits} commits x"
            f" {args.pages} pages (pool {args.pool}) built in {time.perf_counter() - started:.1f}s"
        )
        before = lite_read_cost(cluster, location, sets[0][0])
        rounds: list[dict[str, float]] = []
        for number in range(args.rounds):
            sparks = ["Spark local[1]", "Spark local[2]"]
            order = ["single-process Python", *(sparks if number % 2 == 0 else sparks[::-1])]
            print(f"round {number + 1}:")
            rounds.append(round_rates(location, sets[3 * number : 3 * number + 3], order))
        after = lite_read_cost(cluster, location, sets[0][1])
        rate = {mode: statistics.median(r[mode] for r in rounds) for mode in rounds[0]}
        scaling = [r["Spark local[2]"] / r["Spark local[1]"] for r in rounds]
        python_rate, local1, local2 = (
            rate[mode] for mode in ("single-process Python", "Spark local[1]", "Spark local[2]")
        )
        ratio = local2 / local1
        print(f"median of {args.rounds} rounds:")
        print(
            f"scaling local[2] / local[1]:       {ratio:9.2f}x"
            f"  (per round: {', '.join(f'{x:.2f}' for x in scaling)})"
        )
        print(f"local[2] / single-process Python:  {local2 / python_rate:9.2f}x")
        print(f"lite read of the latest LSN ({args.pool} pages), cold pagestore cache:")
        print(f"  before compaction: {before[0]} server requests, {before[1]} segment GETs")
        print(f"  after compaction:  {after[0]} server requests, {after[1]} segment GETs")
        record(
            "pipeline",
            "compaction, Spark local[2]",
            unit="pages/s",
            ours=local2,
            baseline=local1,
            baseline_name="Spark local[1]",
            goal_min=1.6,
        )
        record(
            "pipeline",
            "compaction, Spark local[2]",
            unit="pages/s",
            ours=local2,
            baseline=python_rate,
            baseline_name="single-process Python",
        )


if __name__ == "__main__":
    main()
