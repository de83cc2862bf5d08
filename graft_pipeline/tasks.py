"""Per-volume work as Spark tasks: volume ids are parallelized, each partition opens its own
metastore client and object store once and runs the work for each of its volumes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_core.objstore import ObjectStore
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp

__all__ = ["TaskContext", "per_volume"]

T = TypeVar("T")


@dataclass
class TaskContext:
    location: Location
    meta: MetastoreHttp
    store: ObjectStore


def _run_partition(
    location: Location, work: Callable[[TaskContext, VolumeId], Iterable[T]], vids: Iterable[str]
) -> Iterator[T]:
    with MetastoreHttp(location.metastore, location.token) as meta, location.open_store() as store:
        ctx = TaskContext(location, meta, store)
        for vid in vids:
            yield from work(ctx, VolumeId.parse(vid))


def per_volume(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    work: Callable[[TaskContext, VolumeId], Iterable[T]],
) -> Any:
    """An RDD of everything ``work`` yields for each volume (one task per volume, up to a cap)."""
    sc = spark.sparkContext
    slices = max(1, min(len(vids), sc.defaultParallelism * 4))
    return sc.parallelize([str(vid) for vid in vids], slices).mapPartitions(
        lambda part: _run_partition(location, work, part)
    )
