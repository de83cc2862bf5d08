"""Per-volume work as Spark tasks: volume ids are parallelized, each partition opens its own
metastore client and object store once and runs the work for its volumes: one at a time
(``per_volume``: a task holds one volume's pages, not its partition's) or as one stream
(``per_partition``, for work that shares segments between volumes).

A few partitions per core: enough that an unlucky large volume does not leave the other cores
idle at the end, few enough that Spark's cost per task (scheduling, a round trip to a Python
worker: tens of milliseconds on a small machine) stays small next to the work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from pyspark.sql import SparkSession

from graft_core.failpoints import failpoint
from graft_core.ids import VolumeId
from graft_core.objstore import ObjectStore
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp

__all__ = ["TaskContext", "per_partition", "per_volume"]

T = TypeVar("T")
TASKS_PER_CORE = 2


@dataclass
class TaskContext:
    location: Location
    meta: MetastoreHttp
    store: ObjectStore


def _run_partition(
    location: Location,
    work: Callable[[TaskContext, Iterator[VolumeId]], Iterable[T]],
    vids: Iterable[str],
) -> Iterator[T]:
    failpoint("pipeline.partition")  # tests hold tasks here to kill a worker mid-job
    with MetastoreHttp(location.metastore, location.token) as meta, location.open_store() as store:
        yield from work(TaskContext(location, meta, store), (VolumeId.parse(v) for v in vids))


def per_partition(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    work: Callable[[TaskContext, Iterator[VolumeId]], Iterable[T]],
) -> Any:
    """An RDD of everything ``work`` yields for each partition's volumes (``TASKS_PER_CORE`` tasks
    per core): for work that shares something between volumes, such as segments."""
    sc = spark.sparkContext
    slices = max(1, min(len(vids), sc.defaultParallelism * TASKS_PER_CORE))
    return sc.parallelize([str(vid) for vid in vids], slices).mapPartitions(
        lambda part: _run_partition(location, work, part)
    )


def per_volume(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    work: Callable[[TaskContext, VolumeId], Iterable[T]],
) -> Any:
    """An RDD of everything ``work`` yields for each volume, one volume at a time."""
    return per_partition(
        spark, location, vids, lambda ctx, part: (item for vid in part for item in work(ctx, vid))
    )
