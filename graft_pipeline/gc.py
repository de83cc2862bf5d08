"""gc: delete segments that no retained LSN references, once older than a grace period.

Referenced means: named by a registered checkpoint or by a commit at or above its volume's
horizon (DESIGN 9). The store is listed *before* the references are collected, so a segment
committed meanwhile is either seen as referenced or too young for the grace period; the grace
period (default 1 h) protects pushes in flight (segments written, commit not yet made) and
compactions between writing and registering their checkpoint. Only keys that parse as segment
ids are ever candidates. Dry-run unless ``apply``; deletion runs in Spark tasks.

Deleting is the one step that cannot be undone, so it is guarded twice more. The metastore and
the store must carry the same cluster key (``Location.check_cluster``), and just before deleting
the references are read again, from the volumes the metastore lists now *and* every volume a
candidate segment holds pages of: a segment some volume still references is kept, a volume the
metastore will not show (a scoped token) fails the job, and a metastore that lists no volumes
at all while segments exist (a wrong or emptied metastore) is refused outright.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

from pyspark.sql import SparkSession

from graft_core.errors import (
    CorruptDataError,
    InvalidIdError,
    NotFoundError,
    VolumeNotFoundError,
    WrongClusterError,
)
from graft_core.ids import SegmentId, VolumeId
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.segments import SEGMENT_PREFIX, read_index
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["DEFAULT_GRACE_S", "run_gc"]

DEFAULT_GRACE_S = 3600.0
_LISTED_IN_SUMMARY = 1000


def _referenced(ctx: TaskContext, vid: VolumeId) -> Iterator[tuple[str, None]]:
    try:
        log = ctx.meta.log(vid)
    except VolumeNotFoundError:
        return  # a volume with no commits (its first push never committed) references nothing
    for sid in log.referenced():
        yield str(sid), None


def _holders(location: Location, sids: Iterable[str]) -> Iterator[str]:
    """The volumes whose pages the segments ``sids`` hold, from each segment's index."""
    with location.open_store() as store:
        for sid in sids:
            try:
                index = read_index(store, SegmentId.parse(sid))
            except (NotFoundError, CorruptDataError):
                continue  # gone already, or unreadable: no volume can read it either
            yield from (str(vid) for vid in index.volumes())


def _still_unreferenced(spark: SparkSession, location: Location, sids: list[str]) -> list[str]:
    """Of ``sids``, those that no volume references now (the last check before deleting)."""
    with MetastoreHttp(location.metastore, location.token) as meta:
        listed = {str(info.vid) for info in meta.volumes()}
    if not listed:
        raise WrongClusterError(
            f"metastore {location.metastore} lists no volumes, yet {len(sids)} segments would "
            f"be deleted from {location.store}: refusing (a wrong or emptied metastore?)"
        )
    sc = spark.sparkContext
    slices = max(1, min(len(sids), sc.defaultParallelism))
    holders = sc.parallelize(sids, slices).mapPartitions(lambda part: _holders(location, part))
    vids = sorted({VolumeId.parse(v) for v in listed | set(holders.distinct().collect())})
    referenced = set(per_volume(spark, location, vids, _referenced).keys().distinct().collect())
    return [sid for sid in sids if sid not in referenced]


def _stored_segments(location: Location) -> list[tuple[str, tuple[int, int]]]:
    """(sid text, (size, last modified ms)) of every object under ``segments/`` named by a sid."""
    found: list[tuple[str, tuple[int, int]]] = []
    with location.open_store() as store:
        for meta in store.list(SEGMENT_PREFIX):
            name = meta.key.removeprefix(SEGMENT_PREFIX)
            try:
                SegmentId.parse(name)
            except InvalidIdError:
                continue  # not ours to judge
            found.append((name, (meta.size, meta.last_modified_ms)))
    return found


def _delete(location: Location, sids: Iterable[str]) -> Iterator[int]:
    with location.open_store() as store:
        for sid in sids:
            store.delete(SEGMENT_PREFIX + sid)
            yield 1


def run_gc(
    spark: SparkSession,
    location: Location,
    vids: list[VolumeId],
    *,
    grace_s: float = DEFAULT_GRACE_S,
    apply: bool = False,
    now_ms: int | None = None,
) -> dict[str, Any]:
    """``vids`` must be every volume with commits: a segment may be shared between volumes."""
    location.check_cluster()
    now = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    cutoff = now - int(grace_s * 1000)
    sc = spark.sparkContext
    stored = _stored_segments(location)
    listed = sc.parallelize(stored, max(1, min(len(stored) // 1000 + 1, sc.defaultParallelism)))
    referenced = per_volume(spark, location, vids, _referenced).distinct()
    unreferenced = listed.subtractByKey(referenced).cache()
    try:
        candidates = unreferenced.filter(lambda item: item[1][1] <= cutoff)
        chosen: list[tuple[str, tuple[int, int]]] = candidates.collect()
        young = unreferenced.count() - len(chosen)
    finally:
        unreferenced.unpersist()
    deleted = kept = 0
    if apply and chosen:
        doomed = set(_still_unreferenced(spark, location, [sid for sid, _ in chosen]))
        kept = len(chosen) - len(doomed)
        chosen = [item for item in chosen if item[0] in doomed]
        if doomed:
            keys = sc.parallelize(sorted(doomed), max(1, sc.defaultParallelism))
            deleted = keys.mapPartitions(lambda part: _delete(location, part)).sum()
    sids = sorted(sid for sid, _ in chosen)
    return {
        "job": "gc",
        "applied": apply,
        "grace_s": grace_s,
        "segments_stored": len(stored),
        "bytes_stored": sum(size for _, (size, _) in stored),
        "unreferenced": len(chosen) + young,
        "within_grace": young,
        "reclaimable_segments": len(chosen),
        "bytes_reclaimable": sum(size for _, (size, _) in chosen),
        "deleted_segments": deleted,
        "kept_by_final_check": kept,
        "bytes_reclaimed": sum(size for _, (size, _) in chosen) if apply else 0,
        "segments": sids[:_LISTED_IN_SUMMARY],
    }
