"""The one RPC client of the Graft services: msgpack codec, retry policy, error mapping.

``BaseRpcClient`` holds the shared rules; ``SyncRpcClient`` and ``AsyncRpcClient`` only send and
wait; the typed metastore and pagestore clients of each kind build on them.
"""

from graft_core.rpcclient.answers import answer_error
from graft_core.rpcclient.async_client import AsyncRpcClient
from graft_core.rpcclient.base import BaseRpcClient, Token
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.health import Health, probe_health, read_health
from graft_core.rpcclient.metastore import AsyncMetastoreClient, MetastoreCalls, SyncMetastoreClient
from graft_core.rpcclient.pagestore import (
    MAX_WRITE_PAGES,
    AsyncPagestoreClient,
    PagestoreCalls,
    SyncPagestoreClient,
)
from graft_core.rpcclient.retry import NO_RETRY, RETRY_STATUSES, Outage, RetryPolicy
from graft_core.rpcclient.sync_client import SyncRpcClient

__all__ = [
    "MAX_WRITE_PAGES",
    "NO_RETRY",
    "RETRY_STATUSES",
    "AsyncMetastoreClient",
    "AsyncPagestoreClient",
    "AsyncRpcClient",
    "BaseRpcClient",
    "Call",
    "Health",
    "MetastoreCalls",
    "Outage",
    "PagestoreCalls",
    "RetryPolicy",
    "SyncMetastoreClient",
    "SyncPagestoreClient",
    "SyncRpcClient",
    "Token",
    "answer_error",
    "probe_health",
    "read_health",
]
