"""Local storage of volumes in RocksDB (DESIGN section 4)."""

from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.records import (
    EMPTY_MARKER,
    PENDING_MARKER,
    CommitRecord,
    SnapshotRecord,
    SyncMode,
    VolumeConfig,
    VolumeStatus,
    Watermarks,
    parse_sync_mode,
)

__all__ = [
    "EMPTY_MARKER",
    "PENDING_MARKER",
    "Batch",
    "CommitRecord",
    "LocalDB",
    "SnapshotRecord",
    "SyncMode",
    "VolumeConfig",
    "VolumeStatus",
    "Watermarks",
    "parse_sync_mode",
]
