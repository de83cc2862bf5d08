"""The client's view of the servers: the async metastore and pagestore clients of the one RPC
core (``graft_core.rpcclient``), under the names the sync runtime and the lite client use.

Requests are msgpack ``wire`` messages; an error answer becomes the typed ``graft_core.errors``
exception the server raised. Transient failures (no connection, a reset, a timeout, 503) are
retried with jittered backoff; any other answer is final (see ``graft_core.rpcclient.retry``).
"""

from __future__ import annotations

from graft_core.rpcclient import (
    AsyncMetastoreClient,
    AsyncPagestoreClient,
    AsyncRpcClient,
    RetryPolicy,
)

__all__ = ["AsyncRpcClient", "MetastoreClient", "PagestoreClient", "RetryPolicy"]

MetastoreClient = AsyncMetastoreClient
PagestoreClient = AsyncPagestoreClient
