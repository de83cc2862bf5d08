"""Rendering for the ``graft`` command: JSON forms of snapshots and commits, a page hexdump."""

from __future__ import annotations

import json
from typing import Any

from graft_client.volume import CommitInfo, VolumeInfo
from graft_core.types import Snapshot

__all__ = ["commit_json", "dumps", "hexdump", "snapshot_json", "volume_json"]


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


def dumps(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True)


def hexdump(data: bytes, width: int = 16) -> str:
    """``xxd``-style lines; runs of identical lines collapse to ``*`` as in ``hexdump``."""
    lines: list[str] = []
    previous: bytes | None = None
    collapsed = False
    for offset in range(0, len(data), width):
        chunk = data[offset : offset + width]
        if chunk == previous:
            if not collapsed:
                lines.append("*")
                collapsed = True
            continue
        previous, collapsed = chunk, False
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{offset:08x}  {chunk.hex(' '):<{width * 3}} {text}")
    lines.append(f"{len(data):08x}")
    return "\n".join(lines)
