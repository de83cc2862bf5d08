"""The local half of a pull and of a reset to the remote (DESIGN section 6).

Each function is one atomic batch; the caller holds the volume's lock. A pulled commit becomes a
new local LSN whose changed pages are PENDING until read; local LSNs only grow.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from graft_client.storage.commits import now_ms, stage_commit
from graft_client.storage.inherit import inherited_blanks
from graft_client.storage.keys import page_key, page_prefix
from graft_client.storage.pages import PageCursor, latest_pages, pack_latest
from graft_client.storage.push import has_unpushed, unpushed_graft
from graft_client.storage.records import (
    EMPTY_MARKER,
    INHERITED_MARKER,
    PENDING_MARKER,
    CommitRecord,
    OriginRecord,
    SnapshotRecord,
    VolumeStatus,
    Watermarks,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import LSN, MAX_PAGEIDX, LocalLSN, PageCount, PageIdx, RemoteLSN

__all__ = ["PullOutcome", "apply_pull", "note_synced", "reset_to_remote"]

_SYNC_TIME_GRAIN_MS = 1000  # an up-to-date pull stores its time when older than this


class PullOutcome(StrEnum):
    UP_TO_DATE = "up_to_date"
    APPLIED = "applied"
    REBASED = "rebased"
    CONFLICT = "conflict"
    PUSH_PENDING = "push_pending"


def _revert_slots(
    records: VolumeRecords, vid: VolumeId, record: SnapshotRecord
) -> dict[PageIdx, bytes]:
    """The slot of every page the unpushed commits touched, as it was at the last synced LSN."""
    synced = record.remote_local_lsn
    if synced is None:
        return {
            PageIdx(idx): EMPTY_MARKER for idx, _ in latest_pages(records.db, vid, 1, MAX_PAGEIDX)
        }
    cursor = PageCursor(records.db, vid)
    slots: dict[PageIdx, bytes] = {}
    # In a fork, a page without a version at the synced LSN read as the parent's there.
    absent = EMPTY_MARKER if records.origin(vid) is None else INHERITED_MARKER
    for pageidx in unpushed_graft(records, vid, record):
        slot = cursor.lookup(pageidx, synced)
        slots[pageidx] = absent if slot is None else slot
    cursor.close()
    return slots


def _remote_slots(
    records: VolumeRecords,
    vid: VolumeId,
    base_count: int,
    page_count: int,
    graft: Graft,
    cut: int | None,
    origin: OriginRecord | None,
) -> dict[PageIdx, bytes]:
    """PENDING for the pages the pulled remote commits wrote, EMPTY for pages they cut off.

    Pages above ``cut`` (a truncate in the pulled range) or above the final page count read
    empty unless written: the stored ones up to the old page count are blanked (none above it
    holds data), so the cost is what is stored and what was written, never a page count.
    """
    kept = page_count if cut is None else min(cut, page_count)
    slots: dict[PageIdx, bytes] = {}
    if kept < base_count:
        for pageidx, slot in latest_pages(records.db, vid, kept + 1, base_count):
            if slot != EMPTY_MARKER:
                slots[PageIdx(pageidx)] = EMPTY_MARKER
    slots.update(dict.fromkeys(inherited_blanks(records, vid, origin, kept), EMPTY_MARKER))
    written = graft.bitmap().copy()
    if page_count < MAX_PAGEIDX:
        written.remove_range(page_count + 1, MAX_PAGEIDX + 1)
    slots.update(dict.fromkeys((PageIdx(idx) for idx in written), PENDING_MARKER))
    return slots


def _synced_page_count(records: VolumeRecords, vid: VolumeId, record: SnapshotRecord) -> int:
    if record.remote_local_lsn is None:
        return 0
    commit = records.commit(vid, record.remote_local_lsn)
    assert commit is not None, "the last synced LSN is retained while commits are unpushed"
    return commit.page_count


def reset_to_remote(records: VolumeRecords, vid: VolumeId) -> None:
    """Undo unpushed local commits with a new local LSN equal to the last synced state.

    Local LSNs only grow (pinned readers of the dropped commits stay valid); the new LSN maps to
    the last synced remote LSN, so the next pull fast-forwards from there.
    """
    record = records.snapshot(vid)
    marks = records.watermarks(vid)
    clean = Watermarks(pending_sync=None, checkpoint=marks.checkpoint)
    batch = records.db.batch()
    records.put_last_error(batch, vid, None)
    if not has_unpushed(record):
        records.write(batch, vid, marks=clean, status=VolumeStatus.OK)
        return
    assert record is not None
    lsn = LocalLSN(LSN(record.lsn + 1))
    page_count = _synced_page_count(records, vid, record)
    slots = _revert_slots(records, vid, record)
    stage_commit(records, batch, vid, lsn, slots, page_count, record.remote_lsn)
    remote_local = None if record.remote_lsn is None else lsn
    reverted = SnapshotRecord(lsn, PageCount(page_count), record.remote_lsn, remote_local)
    records.write(batch, vid, snapshot=reverted, marks=clean, status=VolumeStatus.OK)


def apply_pull(
    records: VolumeRecords,
    vid: VolumeId,
    remote_lsn: RemoteLSN,
    page_count: int,
    graft: Graft,
    *,
    rebase: bool,
    cut: int | None = None,
    origin: OriginRecord | None = None,
) -> PullOutcome:
    """Make remote LSN ``remote_lsn`` the next local LSN: pages in ``graft`` changed, and those
    above ``cut`` not in it read empty (see ``PullGraftResponse``). ``origin``: the volume is a
    fork, learned by its first pull (stored with it, at the new local LSN)."""
    record = records.snapshot(vid)
    if record is not None and record.remote_lsn is not None and record.remote_lsn >= remote_lsn:
        return PullOutcome.UP_TO_DATE
    if records.watermarks(vid).pending_sync is not None:
        return PullOutcome.PUSH_PENDING
    if has_unpushed(record):
        assert record is not None
        local = unpushed_graft(records, vid, record)
        synced_count = _synced_page_count(records, vid, record)
        stored = records.origin(vid)
        remote = _remote_slots(records, vid, synced_count, page_count, graft, cut, stored)
        clear = _clear_of(local, cut, min(synced_count, page_count))
        if rebase and clear and local.isdisjoint(graft | Graft(remote)):
            _rebase(records, vid, record, remote_lsn, page_count, remote, local)
            return PullOutcome.REBASED
        records.write(records.db.batch(), vid, status=VolumeStatus.CONFLICT)
        return PullOutcome.CONFLICT
    lsn = LocalLSN(LSN(1 if record is None else record.lsn + 1))
    base_count = 0 if record is None else record.page_count
    batch = records.db.batch()
    if origin is not None and records.origin(vid) is None:
        origin = msgspec.structs.replace(origin, local_lsn=lsn, local_remote_lsn=remote_lsn)
        records.put_origin(batch, vid, origin)
    else:
        origin = records.origin(vid)
    slots = _remote_slots(records, vid, base_count, page_count, graft, cut, origin)
    stage_commit(records, batch, vid, lsn, slots, page_count, remote_lsn)
    records.put_last_sync(batch, vid, now_ms())
    pulled = SnapshotRecord(lsn, PageCount(page_count), remote_lsn, lsn)
    records.write(batch, vid, snapshot=pulled, status=VolumeStatus.OK, sync=False)
    return PullOutcome.APPLIED


def note_synced(records: VolumeRecords, vid: VolumeId) -> None:
    """A pull found the volume up to date: a sync all the same. One unsynced write, and none
    while the stored time is this fresh (a long-polling daemon asks again and again)."""
    at_ms = now_ms()
    stored = records.last_sync_ms(vid)
    if stored is None or at_ms - stored >= _SYNC_TIME_GRAIN_MS:
        batch = records.db.batch()
        records.put_last_sync(batch, vid, at_ms)
        records.db.write(batch, sync=False)


def _clear_of(local: Graft, cut: int | None, regrown: int) -> bool:
    """Whether no page of ``local`` is in ``cut``+1..``regrown``: cut remotely, then regrown."""
    bits = local.bitmap()
    return cut is None or cut >= regrown or bits.rank(regrown) == bits.rank(cut)


def _rebase(
    records: VolumeRecords,
    vid: VolumeId,
    record: SnapshotRecord,
    remote_lsn: RemoteLSN,
    page_count: int,
    remote: dict[PageIdx, bytes],
    local: Graft,
) -> None:
    """Two local LSNs in one batch: the remote snapshot (``remote``: its changed slots), then
    the local changes replayed on it."""
    cursor = PageCursor(records.db, vid)
    replay = {idx: cursor.lookup(idx, record.lsn) or EMPTY_MARKER for idx in local}
    cursor.close()
    remote_at, replayed_at = LocalLSN(LSN(record.lsn + 1)), LocalLSN(LSN(record.lsn + 2))
    at_remote = _revert_slots(records, vid, record) | remote
    assert set(replay) <= set(at_remote), "every replayed page has a version at the remote LSN"
    batch = records.db.batch()
    stage_commit(records, batch, vid, remote_at, at_remote, page_count, remote_lsn)
    # The batch is not visible to reads yet, so the version at remote_at is moved by hand.
    for idx, slot in replay.items():
        batch.put("pages", page_key(vid, idx, remote_at), at_remote[idx])
        batch.put("latest", page_prefix(vid, idx), pack_latest(replayed_at, slot))
    replay_count = PageCount(max(page_count, record.page_count))
    records.put_commit(
        batch, vid, replayed_at, CommitRecord(replay_count, local.serialize(), now_ms())
    )
    records.put_last_sync(batch, vid, now_ms())
    rebased = SnapshotRecord(replayed_at, replay_count, remote_lsn, remote_at)
    records.write(batch, vid, snapshot=rebased, status=VolumeStatus.OK)
