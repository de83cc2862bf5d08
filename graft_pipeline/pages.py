"""A volume's pages at an LSN, read from the segments its log names (no pagestore involved)."""

from __future__ import annotations

from graft_core.ids import SegmentId
from graft_core.objstore import ObjectStore
from graft_core.types import is_empty_page
from graft_pipeline.history import VolumeLog
from graft_pipeline.segments import read_volume_pages

__all__ = ["pages_at"]


def pages_at(store: ObjectStore, log: VolumeLog, lsn: int) -> dict[int, bytes]:
    """pageidx -> bytes of every non-empty page at ``lsn`` (absent pages read as zeros)."""
    plan: dict[SegmentId, list[int]] = {}
    for pageidx, sid in log.versions_at(lsn).items():
        plan.setdefault(sid, []).append(pageidx)
    pages: dict[int, bytes] = {}
    for sid, pageidxs in plan.items():
        pages.update(read_volume_pages(store, sid, log.vid, pageidxs))
    return {idx: page for idx, page in sorted(pages.items()) if not is_empty_page(page)}
