"""Forks seen by the jobs (DESIGN section 12): which LSN of each parent a fork reads through.

A fork's pages it never wrote are its parent's at the origin LSN, so the parent's retention must
keep that LSN readable: compaction puts a parent's horizon no higher than the origin of any fork
still reading it, and GC then keeps every segment that LSN reads (they are referenced from the
parent's retained log). A compacted fork reads nothing through its parent any more (its
checkpoint holds what it inherited): it pins nothing. Finding the forks of a volume means asking
every volume for its origin: one small metastore call per volume, in Spark tasks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pyspark.sql import SparkSession

from graft_core.errors import VolumeNotFoundError
from graft_core.ids import VolumeId
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["fork_pins", "origin_problems"]


def _origins(ctx: TaskContext, vid: VolumeId) -> Iterator[tuple[str, int]]:
    try:
        origin, horizon = ctx.meta.origin(vid)
    except VolumeNotFoundError:
        return
    if origin is not None and horizon == 1:
        yield str(origin.vid), origin.lsn


def fork_pins(spark: SparkSession, location: Location) -> dict[str, int]:
    """Parent volume id -> the oldest LSN of it that some fork reads through."""
    with MetastoreHttp(location.metastore, location.token) as meta:
        vids = [info.vid for info in meta.volumes()]
    if not vids:
        return {}
    pins: dict[str, int] = dict(
        per_volume(spark, location, vids, _origins).reduceByKey(min).collect()
    )
    return pins


def origin_problems(ctx: TaskContext, vid: VolumeId) -> Iterator[dict[str, Any]]:
    """A problem report if ``vid`` is a fork whose origin is no longer readable."""
    try:
        log = ctx.meta.log(vid)
    except VolumeNotFoundError:
        return
    origin = log.origin
    if origin is None or log.horizon > 1:
        return  # not a fork, or one that compaction materialized
    try:
        parent = ctx.meta.log(origin.vid)
    except VolumeNotFoundError:
        parent = None
    if parent is None or not parent.horizon <= origin.lsn <= parent.latest:
        readable = "none" if parent is None else f"{parent.horizon}..{parent.latest}"
        yield {
            "fork": str(vid),
            "error": f"origin LSN {origin.lsn} of parent {origin.vid} is not readable "
            f"(retained: {readable})",
        }
