"""graft_client: local-first page volumes for applications.

The public names load on first use (PEP 562): ``graft``'s entry point lives in this package,
and importing the client, RocksDB and httpx before it runs would leave a Ctrl-C in those first
tenths of a second to Python's traceback instead of the CLI's one line.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from graft_client.volume import CommitInfo, Volume, VolumeInfo, VolumeStats
    from graft_client.writer import VolumeWriter
    from graft_core.crypto import Key

__all__ = [
    "Client",
    "CommitInfo",
    "ConflictPolicy",
    "FetchStats",
    "Key",
    "LiteClient",
    "PullOutcome",
    "PushInfo",
    "ReclaimStats",
    "SyncError",
    "SyncMode",
    "Volume",
    "VolumeInfo",
    "VolumeReader",
    "VolumeStats",
    "VolumeStatus",
    "VolumeWriter",
]

_HOMES = {
    "Client": "graft_client.client",
    "CommitInfo": "graft_client.volume",
    "ConflictPolicy": "graft_client.storage.records",
    "FetchStats": "graft_client.storage.records",
    "Key": "graft_core.crypto",
    "LiteClient": "graft_client.lite",
    "PullOutcome": "graft_client.storage.pull",
    "PushInfo": "graft_client.sync.observe",
    "ReclaimStats": "graft_client.storage.reclaim",
    "SyncError": "graft_client.storage.records",
    "SyncMode": "graft_client.storage.records",
    "Volume": "graft_client.volume",
    "VolumeInfo": "graft_client.volume",
    "VolumeStats": "graft_client.volume",
    "VolumeReader": "graft_client.reader",
    "VolumeStatus": "graft_client.storage.records",
    "VolumeWriter": "graft_client.writer",
}
assert set(_HOMES) == set(__all__)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'graft_client' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value  # once loaded, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
