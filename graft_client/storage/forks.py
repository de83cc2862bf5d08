"""Making a fork in local storage (DESIGN section 12): a new volume whose first snapshot is its
parent's at the origin, in one durable batch; nothing of the parent is copied (``inherit``)."""

from __future__ import annotations

import uuid

from graft_client.storage.commits import now_ms
from graft_client.storage.records import (
    FIRST_LSN,
    CommitRecord,
    OriginRecord,
    SnapshotRecord,
    VolumeConfig,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import InvalidInputError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import LSN, RemoteLSN

__all__ = ["create_fork"]


def create_fork(
    records: VolumeRecords,
    vid: VolumeId,
    origin: OriginRecord,
    config: VolumeConfig,
    cluster: uuid.UUID | None,
) -> None:
    """The fork as a local volume at its remote LSN 1 (the origin), in one durable batch."""
    if records.config(vid) is not None:
        raise InvalidInputError(f"volume {vid} already exists locally")
    assert origin.local_lsn == FIRST_LSN
    remote = RemoteLSN(LSN(1))
    batch = records.db.batch()
    records.put_config(batch, vid, config)
    records.put_origin(batch, vid, origin)
    if cluster is not None:
        records.put_cluster(batch, vid, cluster)
    commit = CommitRecord(origin.page_count, Graft().serialize(), now_ms(), remote)
    records.put_commit(batch, vid, FIRST_LSN, commit)
    records.put_last_sync(batch, vid, now_ms())
    snapshot = SnapshotRecord(FIRST_LSN, origin.page_count, remote, FIRST_LSN)
    records.write(batch, vid, snapshot=snapshot)
