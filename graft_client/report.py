"""JSON forms of snapshots, volumes and commits, shared by ``graft --json`` and the pragmas."""

from __future__ import annotations

from typing import Any

from graft_client.volume import CommitInfo, VolumeInfo
from graft_core.types import Snapshot

__all__ = ["commit_json", "snapshot_json", "volume_json"]


def snapshot_json(snapshot: Snapshot | None) -> dict[str, Any] | None:
    if snapshot is None:
        return None
    return {
        "lsn": snapshot.lsn,
        "remote_lsn": snapshot.remote_lsn,
        "page_count": snapshot.page_count,
    }


def volume_json(info: VolumeInfo) -> dict[str, Any]:
    return {
        "vid": str(info.vid),
        "snapshot": snapshot_json(info.snapshot),
        "status": info.status.value,
        "sync": info.sync.value,
    }


def commit_json(entry: CommitInfo) -> dict[str, Any]:
    return {
        "lsn": entry.lsn,
        "page_count": entry.page_count,
        "pages_changed": len(entry.pages),
        "pages": list(entry.pages),
        "created_ms": entry.created_ms,
        "remote_lsn": entry.remote_lsn,
    }
