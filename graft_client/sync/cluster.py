"""Which servers a volume syncs with: those of one cluster, checked before every push, pull and
fetch, so a client pointed at another cluster's servers (a test setup, another region) never
mixes their history of a volume id into the volume's own."""

from __future__ import annotations

import uuid

from graft_client.storage.state import LocalState
from graft_client.sync.runtime import SyncRuntime
from graft_core.errors import WrongClusterError
from graft_core.ids import VolumeId
from graft_core.rpcclient import AsyncRpcClient

__all__ = ["bind_cluster", "checked_cluster", "checked_clusters"]


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


async def checked_clusters(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId
) -> uuid.UUID | None:
    """``checked_cluster`` of the metastore and of the pagestore, which must be of one cluster
    too (``WrongClusterError``), also for a volume that never synced: a push would commit to
    the metastore segments that another cluster's pagestore wrote, which no reader of that
    cluster finds. The metastore's cluster key, as ``checked_cluster``."""
    cluster = await checked_cluster(state, runtime, vid)
    stored = await checked_cluster(state, runtime, vid, via=runtime.pagestore)
    if cluster is not None and stored is not None and stored != cluster:
        metastore, pagestore = runtime.metastore.base_url, runtime.pagestore.base_url
        raise WrongClusterError(
            f"the pagestore at {pagestore} belongs to cluster {stored}, the metastore at "
            f"{metastore} to cluster {cluster}: give the client a metastore and a pagestore "
            "of one cluster"
        )
    return cluster


def bind_cluster(state: LocalState, vid: VolumeId, cluster: uuid.UUID | None) -> None:
    """Record the cluster after a successful push or pull (the first one decides)."""
    if cluster is not None:
        state.bind_cluster(vid, cluster)
