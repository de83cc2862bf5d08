"""Which servers a volume syncs with: those of one cluster, checked before every push, pull and
fetch, so a client pointed at another cluster's servers (a test setup, another region) never
mixes their history of a volume id into the volume's own."""

from __future__ import annotations

import uuid

from graft_client.storage.state import LocalState
from graft_client.sync.runtime import SyncRuntime
from graft_core.ids import VolumeId
from graft_core.rpcclient import AsyncRpcClient

__all__ = ["bind_cluster", "checked_cluster"]


async def checked_cluster(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId, via: AsyncRpcClient | None = None
) -> uuid.UUID | None:
    """The cluster key of ``via`` (default: the metastore; a fetch asks the pagestore it reads
    from, so a lazy read needs no other server), after ``WrongClusterError`` if the volume
    synced with another cluster; None if the service answers none."""
    service = runtime.metastore if via is None else via
    cluster = await runtime.cluster(service)
    if cluster is not None:
        state.check_cluster(vid, cluster, f"the {service.SERVICE} at {service.base_url}")
    return cluster


def bind_cluster(state: LocalState, vid: VolumeId, cluster: uuid.UUID | None) -> None:
    """Record the cluster after a successful push or pull (the first one decides)."""
    if cluster is not None:
        state.bind_cluster(vid, cluster)
