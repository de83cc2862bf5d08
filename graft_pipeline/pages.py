"""A volume's pages at an LSN, read from the segments its log names (no pagestore involved).

A fork's pages it never wrote are its parent's at the origin (DESIGN section 12): given
``parent_log``, they are read there too, up a chain of forks (until a fork is compacted: its
checkpoint holds them).
"""

from __future__ import annotations

from collections.abc import Callable

from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import ObjectStore
from graft_core.types import is_empty_page
from graft_pipeline.history import VolumeLog
from graft_pipeline.segments import read_volume_pages

__all__ = ["pages_at"]


def pages_at(
    store: ObjectStore,
    log: VolumeLog,
    lsn: int,
    parent_log: Callable[[VolumeId], VolumeLog] | None = None,
) -> dict[int, bytes]:
    """pageidx -> bytes of every non-empty page at ``lsn`` (absent pages read as zeros)."""
    plan: dict[SegmentId, list[int]] = {}
    versions = log.versions_at(lsn)
    for pageidx, sid in versions.items():
        plan.setdefault(sid, []).append(pageidx)
    pages: dict[int, bytes] = {}
    for sid, pageidxs in plan.items():
        pages.update(read_volume_pages(store, sid, log.vid, pageidxs))
    origin = log.origin
    if origin is not None and log.horizon == 1 and parent_log is not None:
        limit = log.inherited_limit(lsn)
        inherited = pages_at(store, parent_log(origin.vid), origin.lsn, parent_log)
        pages.update(
            (idx, page) for idx, page in inherited.items() if idx <= limit and idx not in versions
        )
    return {idx: page for idx, page in sorted(pages.items()) if not is_empty_page(page)}
