"""verify (scrub): read every referenced segment in full, check every CRC, and check that each
segment holds every page the log entries referencing it say it holds.

Two Spark stages: per volume, the references of its retained log (each with the LSN range that
reads it); then per segment, one full read (``decode_segment`` checks the whole-object CRC, the
index and, through ``verify``, every frame) checked against all its references. A problem names
the segment and the affected ``(vid, first LSN, last LSN)`` ranges. A fork whose origin (its
parent at an LSN) is not readable any more is a problem too, naming the fork.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pyspark.sql import SparkSession

from graft_core.errors import GraftError, NotFoundError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import decode_segment
from graft_pipeline.forks import origin_problems
from graft_pipeline.location import Location
from graft_pipeline.segments import segment_key
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["run_verify"]

# (vid, first LSN, last LSN, pageidxs): one log entry's claim on a segment.
Claim = tuple[str, int, int, list[int]]


def _claims(ctx: TaskContext, vid: VolumeId) -> Iterator[tuple[str, Claim]]:
    for ref in ctx.meta.log(vid).references():
        yield str(ref.sid), (str(vid), ref.lsn, ref.last_lsn, ref.pageidxs)


def _check_segment(location: Location, sid: str, claims: Iterable[Claim]) -> dict[str, Any] | None:
    """A problem report for one segment, or None when it is sound and holds every claimed page."""
    claims = list(claims)
    try:
        with location.open_store() as store:
            data = store.get(segment_key(SegmentId.parse(sid)))
        segment = decode_segment(data)
        segment.verify()
    except NotFoundError:
        return _problem(sid, "segment is missing from the store", claims)
    except GraftError as exc:
        return _problem(sid, str(exc), claims)
    lacking = []
    for claim in claims:
        vid = VolumeId.parse(claim[0])
        held = segment.graft(vid) if vid in segment.volumes() else Graft()
        if Graft(claim[3]) - held:
            lacking.append(claim)
    if lacking:
        return _problem(sid, "segment lacks pages its commits say it holds", lacking)
    return None


def _problem(sid: str, error: str, claims: list[Claim]) -> dict[str, Any]:
    affected = sorted({(vid, first, max(first, last)) for vid, first, last, _ in claims})
    return {
        "segment": sid,
        "error": error,
        "affected": [{"vid": vid, "first_lsn": a, "last_lsn": b} for vid, a, b in affected],
    }


def run_verify(spark: SparkSession, location: Location, vids: list[VolumeId]) -> dict[str, Any]:
    by_segment = per_volume(spark, location, vids, _claims).groupByKey()
    checked = by_segment.map(lambda item: _check_segment(location, item[0], item[1])).cache()
    try:
        segments = checked.count()
        problems: list[dict[str, Any]] = checked.filter(lambda p: p is not None).collect()
    finally:
        checked.unpersist()
    problems += per_volume(spark, location, vids, origin_problems).collect()
    return {
        "job": "verify",
        "volumes": len(vids),
        "segments_checked": segments,
        "ok": not problems,
        "problems": sorted(problems, key=lambda p: p.get("segment") or p["fork"]),
    }
