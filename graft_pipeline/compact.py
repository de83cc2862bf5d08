"""compact: a checkpoint at each volume's retention horizon, written as new, well-filled segments.

Per volume (one Spark task each): read the retained log, compute the horizon, read the newest
version of every page at it straight from the segments, write them as new segments of the target
size and register them with the metastore's ``checkpoint``. Reads at and above the horizon then
see the same bytes (the checkpoint holds exactly the versions at the horizon); reads below it
are 404. A volume whose checkpoint is already at (or above) the horizon is left alone, so a
re-run writes nothing. A crash between writing segments and registering them leaves orphans
that ``gc`` removes after its grace period. Space is reclaimed by ``gc``: compaction only adds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial
from typing import Any

from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_pipeline.location import Location
from graft_pipeline.pages import pages_at
from graft_pipeline.retention import Retention
from graft_pipeline.segments import TARGET_SEGMENT_BYTES, write_segments
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["compact_volume", "run_compact"]


def compact_volume(
    ctx: TaskContext,
    vid: VolumeId,
    *,
    retention: Retention,
    now_ms: int,
    target_bytes: int = TARGET_SEGMENT_BYTES,
) -> Iterator[dict[str, Any]]:
    log = ctx.meta.log(vid)
    result: dict[str, Any] = {"vid": str(vid), "latest": log.latest, "previous": log.horizon}
    horizon = retention.horizon(log.commits, now_ms)
    if horizon <= log.horizon:
        yield {**result, "horizon": log.horizon, "status": "unchanged", "pages": 0}
        return
    pages = pages_at(ctx.store, log, horizon)
    refs, stored = write_segments(ctx.store, vid, pages, target_bytes=target_bytes)
    ctx.meta.checkpoint(vid, horizon, refs)
    yield {
        **result,
        "horizon": horizon,
        "status": "compacted",
        "pages": len(pages),
        "segments": [str(ref.sid) for ref in refs],
        "bytes_written": stored,
    }


def run_compact(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    retention: Retention,
    *,
    now_ms: int | None = None,
    target_bytes: int = TARGET_SEGMENT_BYTES,
) -> dict[str, Any]:
    now = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    work = partial(compact_volume, retention=retention, now_ms=now, target_bytes=target_bytes)
    started = time.perf_counter()
    volumes: list[dict[str, Any]] = per_volume(spark, location, vids, work).collect()
    seconds = time.perf_counter() - started
    pages = sum(v["pages"] for v in volumes)
    return {
        "job": "compact",
        "volumes": volumes,
        "compacted": sum(v["status"] == "compacted" for v in volumes),
        "pages": pages,
        "bytes_written": sum(v.get("bytes_written", 0) for v in volumes),
        "seconds": round(seconds, 3),
        "pages_per_second": round(pages / seconds, 1) if seconds > 0 else 0.0,
    }
