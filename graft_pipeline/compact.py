"""compact: a checkpoint at each volume's retention horizon, written as new, well-filled segments.

Per partition of volumes (one Spark task each): for each volume, read the retained log, compute
the horizon and read the newest version of every page at it straight from the segments; the
pages of all of them are packed into shared segments of the target size, and each volume's
checkpoint is registered with the metastore's ``checkpoint`` as soon as its last segment is
stored. A parent's horizon stays at or below the origin of every fork that still reads it
(``forks``); a fork's checkpoint holds the pages it inherits too (it is materialized), so from
then on it reads nothing through its parent and no longer pins it. Reads at and above the
horizon then see the same bytes (the checkpoint holds exactly the
versions at the horizon); reads below it are 404. A volume whose checkpoint is already at (or
above) the horizon is left alone, so a re-run writes nothing. The metastore accepts only
segments with a receipt (``graft_core.receipts``): the job signs its own segments with the key
the servers share, as the pagestore signs the segments it writes. A crash between writing segments
and registering them leaves orphans that ``gc`` removes after its grace period (or pages no
checkpoint names, in a segment another checkpoint keeps). Space is reclaimed by ``gc``:
compaction only adds.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from pyspark.sql import SparkSession

from graft_core.errors import InvalidInputError
from graft_core.ids import VolumeId
from graft_core.receipts import KEY_ENV, ReceiptKey
from graft_pipeline.forks import fork_pins
from graft_pipeline.location import Location
from graft_pipeline.pages import stored_pages_at
from graft_pipeline.retention import Retention
from graft_pipeline.segments import TARGET_SEGMENT_BYTES, SegmentPacker
from graft_pipeline.tasks import TaskContext, per_partition

__all__ = ["compact_volumes", "run_compact"]


def compact_volumes(
    ctx: TaskContext,
    vids: Iterable[VolumeId],
    *,
    retention: Retention,
    now_ms: int,
    target_bytes: int = TARGET_SEGMENT_BYTES,
    pins: dict[str, int] | None = None,
) -> Iterator[dict[str, Any]]:
    """Compact ``vids``, packing their checkpoints together; one result per volume. ``pins``:
    parent id -> the oldest LSN a fork of it reads through (``forks.fork_pins``)."""
    packer = SegmentPacker(ctx.store, target_bytes)
    packed: list[tuple[VolumeId, int, dict[str, Any]]] = []  # not registered yet
    for vid in vids:
        log = ctx.meta.log(vid)
        result: dict[str, Any] = {"vid": str(vid), "latest": log.latest, "previous": log.horizon}
        pinned = (pins or {}).get(str(vid), log.latest)
        horizon = min(retention.horizon(log.commits, now_ms), pinned)
        if horizon <= log.horizon:
            yield {**result, "horizon": log.horizon, "status": "unchanged", "pages": 0}
            continue
        pages, sealed = stored_pages_at(ctx.store, log, horizon, ctx.meta.log)  # never opened
        packer.add(vid, pages, sealed=sealed)
        packed.append((vid, horizon, {**result, "horizon": horizon, "pages": len(pages)}))
        yield from _register(ctx, packer, packed)
    packer.flush()
    yield from _register(ctx, packer, packed)
    assert not packed, "every packed volume is registered"


def _register(
    ctx: TaskContext, packer: SegmentPacker, packed: list[tuple[VolumeId, int, dict[str, Any]]]
) -> Iterator[dict[str, Any]]:
    """Register (and drop from ``packed``) the checkpoints whose pages are all stored."""
    for item in [item for item in packed if not packer.holds(item[0])]:
        packed.remove(item)
        vid, horizon, result = item
        refs, stored = packer.take(vid)
        ctx.meta.checkpoint(vid, horizon, [_key(ctx).sign(vid, ref) for ref in refs])
        segments = [str(ref.sid) for ref in refs]
        yield {**result, "status": "compacted", "segments": segments, "bytes_written": stored}


def _key(ctx: TaskContext) -> ReceiptKey:
    assert ctx.location.receipt_key is not None, "run_compact checks for a key"
    return ctx.location.receipt_key


def run_compact(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    retention: Retention,
    *,
    now_ms: int | None = None,
    target_bytes: int = TARGET_SEGMENT_BYTES,
) -> dict[str, Any]:
    if location.receipt_key is None:
        raise InvalidInputError(
            "compact needs the servers' receipt key to register checkpoints: --data-dir of "
            f"`graft serve`, --receipt-key-file PATH or {KEY_ENV}"
        )
    now = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    vids = list(dict.fromkeys(vids))  # a volume packed twice would be registered twice
    pins = fork_pins(spark, location)
    work = partial(
        compact_volumes, retention=retention, now_ms=now, target_bytes=target_bytes, pins=pins
    )
    started = time.perf_counter()
    volumes: list[dict[str, Any]] = per_partition(spark, location, vids, work).collect()
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
