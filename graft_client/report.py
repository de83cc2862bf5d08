"""JSON forms of snapshots, volumes and commits, shared by ``graft --json`` and the pragmas."""

from __future__ import annotations

from typing import Any

from graft_client.volume import CommitInfo, Volume, VolumeInfo
from graft_core.types import Snapshot

__all__ = ["audit_json", "commit_json", "snapshot_json", "volume_json"]


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


def audit_json(volume: Volume, *, fetch: bool) -> dict[str, Any]:
    """The audit of the volume's latest snapshot: how many of its pages are local, and its
    digest (``VolumeReader.checksum``). Pages not local are fetched with ``fetch``; without
    it, and some missing, the digest is None. The snapshot is pinned first: commits landing
    meanwhile (other processes of the data dir) reclaim none of what it reads."""
    with volume.reader() as reader:
        snapshot = reader.snapshot
        missing = volume.missing_pages()
        compute = fetch or not missing
        return {
            "vid": str(volume.vid),
            "lsn": None if snapshot is None else snapshot.lsn,
            "remote_lsn": None if snapshot is None else snapshot.remote_lsn,
            "page_count": reader.page_count,
            "local_pages": reader.page_count - missing,
            "digest": reader.checksum() if compute else None,
        }
