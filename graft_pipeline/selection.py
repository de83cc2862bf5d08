"""Which volumes a job works on: all, a list of ids, or those whose id starts with a prefix."""

from __future__ import annotations

from collections.abc import Sequence

from graft_core.errors import VolumeNotFoundError
from graft_core.ids import VolumeId
from graft_core.wire import SnapshotInfo
from graft_pipeline.metastore import MetastoreHttp

__all__ = ["select_volumes"]


def select_volumes(
    meta: MetastoreHttp, vids: Sequence[str] = (), prefix: str = ""
) -> list[SnapshotInfo]:
    """The latest snapshot of every chosen volume, in id order."""
    if not vids:
        return list(meta.volumes(prefix))
    chosen: list[SnapshotInfo] = []
    for text in sorted(set(vids)):
        vid = VolumeId.parse(text)
        found = [info for info in meta.volumes(str(vid)) if info.vid == vid]
        if not found:
            raise VolumeNotFoundError(f"volume {vid} has no commits")
        chosen.extend(found)
    return chosen
