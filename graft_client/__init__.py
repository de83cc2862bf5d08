"""graft_client: local-first page volumes for applications."""

from graft_client.client import Client
from graft_client.lite import LiteClient
from graft_client.reader import VolumeReader
from graft_client.storage.pull import PullOutcome
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import (
    ConflictPolicy,
    FetchStats,
    SyncError,
    SyncMode,
    VolumeStatus,
)
from graft_client.sync.observe import PushInfo
from graft_client.volume import CommitInfo, Volume, VolumeInfo
from graft_client.writer import VolumeWriter

__all__ = [
    "Client",
    "CommitInfo",
    "ConflictPolicy",
    "FetchStats",
    "LiteClient",
    "PullOutcome",
    "PushInfo",
    "ReclaimStats",
    "SyncError",
    "SyncMode",
    "Volume",
    "VolumeInfo",
    "VolumeReader",
    "VolumeStatus",
    "VolumeWriter",
]
