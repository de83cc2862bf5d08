"""Progress of the Spark jobs a block runs, on stderr: a rich bar (tasks done / tasks known) on a
terminal, else one line as the block starts and one as it ends (for logs), nothing when quiet.

Spark reports progress through its status tracker; a background thread samples it for the
bar only (nothing waits on it). Tasks of stages not yet planned are not counted, so the
total grows as a job's later stages start.
"""

from __future__ import annotations

import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from pyspark.sql import SparkSession
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

__all__ = ["spark_progress"]

_REFRESH_S = 0.25


def _counts(spark: SparkSession, group: str) -> tuple[int, int]:
    tracker = spark.sparkContext.statusTracker()
    done = total = 0
    for job_id in tracker.getJobIdsForGroup(group):
        job = tracker.getJobInfo(job_id)
        for stage_id in job.stageIds if job is not None else ():
            stage = tracker.getStageInfo(stage_id)
            if stage is not None:
                done += stage.numCompletedTasks
                total += stage.numTasks
    return done, total


@contextmanager
def spark_progress(
    spark: SparkSession, description: str, *, enabled: bool = True
) -> Iterator[None]:
    group = f"graft-{uuid.uuid4().hex}"
    spark.sparkContext.setJobGroup(group, description)
    if not enabled:
        yield
    elif sys.stderr.isatty():
        with _bar(spark, group, description):
            yield
    else:
        with _lines(spark, group, description):
            yield


@contextmanager
def _lines(spark: SparkSession, group: str, description: str) -> Iterator[None]:
    print(f"{description}: started", file=sys.stderr, flush=True)
    began = time.monotonic()
    yield
    done, _ = _counts(spark, group)
    took = time.monotonic() - began
    print(f"{description}: finished, {done} tasks in {took:.1f}s", file=sys.stderr, flush=True)


@contextmanager
def _bar(spark: SparkSession, group: str, description: str) -> Iterator[None]:
    stop = threading.Event()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("tasks"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(description, total=None)

        def sample() -> None:
            while not stop.wait(_REFRESH_S):
                done, total = _counts(spark, group)
                progress.update(task, completed=done, total=total or None)

        sampler = threading.Thread(target=sample, name="spark-progress", daemon=True)
        sampler.start()
        try:
            yield
        finally:
            stop.set()
            sampler.join()
