"""Bounded local disk: delete page versions and commit records no retained snapshot needs.

Retention: the newest ``keep_commits`` local snapshots stay readable, and so does every snapshot
an open reader or writer pins, the last synced snapshot while unpushed commits exist (reset to
remote goes back to it) and a snapshot being pushed. Everything older is the *horizon* H: for
each page only its newest version at or below H is kept (and not even that if it is EMPTY).

The work is incremental: only pages changed by commits between the previous horizon and the new
one can have gained a superseded version, and the commit grafts say which pages those are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.keys import page_key, page_key_parts, page_prefix
from graft_client.storage.records import (
    EMPTY_MARKER,
    SnapshotRecord,
    SyncMode,
    Watermarks,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.graft import Graft
from graft_core.ids import VolumeId

__all__ = ["ReclaimStats", "plan_horizon", "reclaim_volume"]


@dataclass
class ReclaimStats:
    page_versions: int = 0
    commits: int = 0

    def __iadd__(self, other: ReclaimStats) -> ReclaimStats:
        self.page_versions += other.page_versions
        self.commits += other.commits
        return self


def plan_horizon(
    latest: SnapshotRecord, marks: Watermarks, keep_commits: int, oldest_pin: int | None
) -> int:
    """The oldest local LSN that must stay readable; never moves backwards."""
    assert keep_commits >= 1
    horizon = latest.lsn - keep_commits + 1
    if oldest_pin is not None:
        horizon = min(horizon, oldest_pin)
    if latest.remote_local_lsn is not None and latest.lsn > latest.remote_local_lsn:
        horizon = min(horizon, latest.remote_local_lsn)
    if marks.pending_sync is not None:
        horizon = min(horizon, marks.pending_sync)
    return max(horizon, marks.checkpoint)


def _reclaim_page(it: Any, batch: Batch, vid: VolumeId, pageidx: int, horizon: int) -> int:
    """Delete every version of ``pageidx`` at or below ``horizon`` except the visible one.

    ``it`` is one iterator shared by the whole reclaim run: making one per page costs more
    than the deletes themselves.
    """
    prefix = page_prefix(vid, pageidx)
    at_or_below: list[tuple[int, bytes]] = []
    it.seek(prefix)
    while it.valid():
        key: bytes = it.key()
        lsn = page_key_parts(key)[2]
        if not key.startswith(prefix) or lsn > horizon:
            break
        at_or_below.append((lsn, it.value()))
        it.next()
    doomed = at_or_below[:-1]
    if at_or_below and at_or_below[-1][1] == EMPTY_MARKER:
        doomed = at_or_below
    for lsn, _ in doomed:
        batch.delete("pages", page_key(vid, pageidx, lsn))
    return len(doomed)


def reclaim_volume(
    db: LocalDB, records: VolumeRecords, vid: VolumeId, horizon: int, sync: SyncMode
) -> ReclaimStats:
    """Advance the volume's horizon to ``horizon`` and delete what it makes unreachable."""
    marks = records.watermarks(vid)
    latest = records.snapshot(vid)
    stats = ReclaimStats()
    if latest is None or horizon <= marks.checkpoint:
        return stats
    assert horizon <= latest.lsn
    changed = Graft()
    for _, record in records.commits(vid, marks.checkpoint + 1, horizon + 1):
        changed |= Graft.deserialize(record.graft)
    batch = db.batch()
    it = db.iterator("pages")
    for pageidx in changed:
        stats.page_versions += _reclaim_page(it, batch, vid, pageidx, horizon)
    del it
    # Unpushed commits keep their records: a push needs their grafts to know what changed.
    keep_records_from = horizon
    if sync.pushes:
        keep_records_from = min(horizon, (latest.remote_local_lsn or 0) + 1)
    for lsn, _ in records.commits(vid, 1, keep_records_from):
        records.delete_commit(batch, vid, lsn)
        stats.commits += 1
    records.put_watermarks(
        batch, vid, Watermarks(pending_sync=marks.pending_sync, checkpoint=horizon)
    )
    db.write(batch, sync=False)
    return stats
