"""Which servers a volume syncs with: those of one cluster, checked before every push, pull and
fetch, so a client pointed at another cluster's servers (a test setup, another region) never
mixes their history of a volume id into the volume's own."""

from __future__ import annotations

import uuid

from graft_client.storage.state import LocalState
from graft_client.sync.runtime import SyncRuntime
from graft_core.ids import VolumeId

__all__ = ["bind_cluster", "checked_cluster"]


async def checked_cluster(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId
) -> uuid.UUID | None:
    """The servers' cluster key (None if they answer none), after ``WrongClusterError`` if the
    volume synced with another cluster."""
    cluster = await runtime.cluster()
    if cluster is not None:
        state.check_cluster(vid, cluster, runtime.metastore.base_url)
    return cluster


def bind_cluster(state: LocalState, vid: VolumeId, cluster: uuid.UUID | None) -> None:
    """Record the cluster after a successful push or pull (the first one decides)."""
    if cluster is not None:
        state.bind_cluster(vid, cluster)
