"""Local commits (DESIGN section 5): a writer's pages as the next local LSN, and the staging of
a commit that sync builds (a pulled remote commit, a reset), each in the caller's batch.

The caller holds the volume's lock: the newest versions read here are the ones a batch replaces.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from graft_client.storage.db import Batch
from graft_client.storage.inherit import inherited_blanks
from graft_client.storage.pages import latest_pages, put_page
from graft_client.storage.records import EMPTY_MARKER, CommitRecord, SnapshotRecord
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import ConcurrentWriteError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import LSN, LocalLSN, PageCount, PageIdx, RemoteLSN, Snapshot

__all__ = ["commit_pages", "now_ms", "stage_commit"]


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def commit_pages(
    records: VolumeRecords,
    vid: VolumeId,
    base: Snapshot | None,
    dirty: Mapping[int, bytes],
    page_count: int,
    shrunk_to: int,
    *,
    sync: bool = True,
    commit_id: bytes | None = None,
) -> tuple[SnapshotRecord, int]:
    """Write ``dirty`` over ``base`` as the next local LSN (its record with ``commit_id``),
    durably unless not ``sync``; the new snapshot record and the write's ticket
    (``LocalDB.wait_durable``).

    Raises ``ConcurrentWriteError`` if another commit landed since ``base``.
    """
    latest = records.snapshot(vid)
    if (latest and latest.lsn) != (base and base.lsn):
        raise ConcurrentWriteError(
            f"volume {vid} moved to LSN {latest and latest.lsn} since this writer "
            f"started at {base and base.lsn}; retry on a new writer"
        )
    lsn = LocalLSN(LSN(1 if latest is None else latest.lsn + 1))
    batch = records.db.batch()
    changed = _stage_pages(records, batch, vid, lsn, base, dirty, shrunk_to)
    new = SnapshotRecord(
        lsn,
        PageCount(page_count),
        latest.remote_lsn if latest else None,
        latest.remote_local_lsn if latest else None,
    )
    record = CommitRecord(PageCount(page_count), changed.serialize(), now_ms(), commit_id=commit_id)
    records.put_commit(batch, vid, lsn, record)
    records.put_snapshot(batch, vid, new)
    ticket = records.db.write(batch, sync=sync)
    records.snapshot_written(vid, new)
    return new, ticket


def _stage_pages(
    records: VolumeRecords,
    batch: Batch,
    vid: VolumeId,
    lsn: LocalLSN,
    base: Snapshot | None,
    dirty: Mapping[int, bytes],
    shrunk_to: int,
) -> Graft:
    """Stage the new page versions; returns the graft of pages the commit changes."""
    db = records.db
    changed = Graft(dirty)
    for idx, data in dirty.items():
        put_page(batch, db, vid, idx, lsn, data)
    if base is not None and shrunk_to < base.page_count:
        # Pages cut off by a truncate must not reappear when the volume grows again. The
        # base is the latest snapshot (checked under the lock), so its pages are the newest.
        cut = latest_pages(db, vid, shrunk_to + 1, base.page_count)
        for idx, slot in list(cut):
            if idx not in changed and slot != EMPTY_MARKER:
                put_page(batch, db, vid, idx, lsn, EMPTY_MARKER)
                changed.add(idx)
        # In a fork, pages with no version of their own read the parent's: blank them too.
        for idx in inherited_blanks(records, vid, records.origin(vid), shrunk_to):
            if idx not in changed:
                put_page(batch, db, vid, idx, lsn, EMPTY_MARKER)
                changed.add(idx)
    return changed


def stage_commit(
    records: VolumeRecords,
    batch: Batch,
    vid: VolumeId,
    lsn: LocalLSN,
    slots: Mapping[PageIdx, bytes],
    page_count: int,
    remote_lsn: RemoteLSN | None,
) -> None:
    """Local commit ``lsn`` in ``batch``: the page ``slots`` and the commit record naming them."""
    for pageidx, slot in slots.items():
        put_page(batch, records.db, vid, pageidx, lsn, slot)
    record = CommitRecord(PageCount(page_count), Graft(slots).serialize(), now_ms(), remote_lsn)
    records.put_commit(batch, vid, lsn, record)
