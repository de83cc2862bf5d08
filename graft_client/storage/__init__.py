"""Local storage of volumes in RocksDB (DESIGN section 4) and the local state machine.

``LocalState`` (``state.py``) is the one way in: the only code that reads or writes the column
families. Its transitions live one concept per module: ``commits`` (local commits), ``push``,
``pull`` (and reset), ``fetched`` (PENDING pages), ``reclaim`` (retention); ``view`` reads a
pinned snapshot, ``snapshots`` answers queries; ``db``, ``keys``, ``pages``, ``records`` and
``volumes`` are the layout underneath.
"""

from graft_client.storage.pull import PullOutcome
from graft_client.storage.push import PushPlan
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import (
    ConflictPolicy,
    FetchStats,
    SyncError,
    SyncMode,
    VolumeConfig,
    VolumeStatus,
    parse_sync_mode,
)
from graft_client.storage.snapshots import CommitInfo
from graft_client.storage.state import LocalState
from graft_client.storage.view import SnapshotView

__all__ = [
    "CommitInfo",
    "ConflictPolicy",
    "FetchStats",
    "LocalState",
    "PullOutcome",
    "PushPlan",
    "ReclaimStats",
    "SnapshotView",
    "SyncError",
    "SyncMode",
    "VolumeConfig",
    "VolumeStatus",
    "parse_sync_mode",
]
