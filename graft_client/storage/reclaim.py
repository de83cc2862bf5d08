"""Bounded local disk: delete page versions and commit records no retained snapshot needs.

Retention: the newest ``keep_commits`` local snapshots stay readable, and so does every snapshot
an open reader or writer pins, the last synced snapshot while unpushed commits exist (reset to
remote goes back to it) and a snapshot being pushed. Everything older is the *horizon* H: for
each page only its newest version at or below H is kept.

The work is incremental: only pages changed by commits between the previous horizon and the new
one can have gained a superseded version, and the commit grafts say which pages those are.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from graft_client.storage.db import LocalDB
from graft_client.storage.keys import page_key
from graft_client.storage.records import (
    SnapshotRecord,
    SyncMode,
    Watermarks,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import LSN, LocalLSN, PageIdx

__all__ = ["ReclaimStats", "plan_horizon", "reclaim_volume"]


@dataclass
class ReclaimStats:
    """``pages``: pages whose superseded versions were dropped; ``commits``: log records."""

    pages: int = 0
    commits: int = 0

    def __iadd__(self, other: ReclaimStats) -> ReclaimStats:
        self.pages += other.pages
        self.commits += other.commits
        return self


def plan_horizon(
    latest: SnapshotRecord, marks: Watermarks, keep_commits: int, oldest_pin: int | None
) -> LocalLSN:
    """The oldest local LSN that must stay readable; never moves backwards."""
    assert keep_commits >= 1
    horizon = latest.lsn - keep_commits + 1
    if oldest_pin is not None:
        horizon = min(horizon, oldest_pin)
    if latest.remote_local_lsn is not None and latest.lsn > latest.remote_local_lsn:
        horizon = min(horizon, latest.remote_local_lsn)
    if marks.pending_sync is not None:
        horizon = min(horizon, marks.pending_sync)
    return LocalLSN(LSN(max(horizon, marks.checkpoint)))


def reclaim_volume(
    db: LocalDB,
    records: VolumeRecords,
    vid: VolumeId,
    horizon: LocalLSN,
    sync: SyncMode,
    records_from: int = 1,
) -> tuple[ReclaimStats, int]:
    """Advance the volume's horizon to ``horizon`` and delete what it makes unreachable; and
    the LSN below which no commit record is left now. ``records_from``: the same, as the last
    reclaim left it (1 when unknown): the deleted records below it are not walked over again
    (RocksDB steps over each one's tombstone until it compacts them away: a reclaim of a
    volume with thousands of commits took twice as long as one with hundreds)."""
    marks = records.watermarks(vid)
    latest = records.snapshot(vid)
    stats = ReclaimStats()
    if latest is None or horizon <= marks.checkpoint:
        return stats, records_from
    assert horizon <= latest.lsn
    visible_at_horizon: dict[PageIdx, LocalLSN] = {}
    for lsn, record in records.commits(vid, marks.checkpoint + 1, horizon + 1):
        for pageidx in Graft.deserialize(record.graft):
            visible_at_horizon[pageidx] = lsn
    batch = db.batch()
    for pageidx, keep in visible_at_horizon.items():
        # The grafts say which version is visible at the horizon: everything older goes, in one
        # range delete and without reading anything.
        batch.delete_range("pages", page_key(vid, pageidx, 0), page_key(vid, pageidx, keep))
    stats.pages += len(visible_at_horizon)
    # Unpushed commits keep their records: a push needs their grafts to know what changed.
    keep_records_from: int = horizon
    if sync.pushes:
        keep_records_from = min(horizon, (latest.remote_local_lsn or 0) + 1)
    for lsn, _ in records.commits(vid, records_from, keep_records_from):
        records.delete_commit(batch, vid, lsn)
        stats.commits += 1
    records.put_watermarks(batch, vid, msgspec.structs.replace(marks, checkpoint=horizon))
    db.write(batch, sync=False)
    return stats, max(records_from, keep_records_from)
