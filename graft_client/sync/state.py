"""The local half of sync: durable state transitions, each one atomic batch under the volume lock.

The async orchestration (``push``, ``pull``, ``fetch``) does the network calls and calls these
before and after them, so a crash between any two steps leaves a state the next run recovers from:
``pending_sync`` names the local LSN being pushed until the metastore's answer is recorded.

Only what cannot be learned again is fsynced before it counts. ``begin_push`` writes without a
sync and ``push`` syncs the WAL before the metastore commit (overlapping the segment upload): a
crash before that leaves at most an orphan segment. ``finish_push`` and ``apply_pull`` record
what the metastore can tell again: lost to a power cut (RocksDB keeps a prefix of the writes, and
a process crash loses none), the next run resumes the push by its commit hash or pulls again. A
later synced write, such as the next local commit, makes them durable too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from graft_client.storage.db import Batch
from graft_client.storage.keys import page_key, page_prefix
from graft_client.storage.pages import PageCursor, latest_pages, pack_latest, put_page
from graft_client.storage.records import (
    EMPTY_MARKER,
    PENDING_MARKER,
    CommitRecord,
    SnapshotRecord,
    VolumeStatus,
    Watermarks,
)
from graft_client.sync.hashing import commit_hash
from graft_core.errors import ConflictError
from graft_core.graft import Graft
from graft_core.types import EMPTY_PAGE, MAX_PAGEIDX, PAGE_SIZE

if TYPE_CHECKING:
    from graft_client.volume import Volume

__all__ = [
    "PullOutcome",
    "PushInfo",
    "PushPlan",
    "apply_pull",
    "begin_push",
    "finish_push",
    "read_plan",
    "reject_push",
    "reset_to_remote",
    "store_fetched",
    "unpushed_graft",
    "unpushed_lsn",
]


@dataclass(frozen=True)
class PushPlan:
    """One remote commit squashing the local commits after the last synced one."""

    local_lsn: int
    base_lsn: int | None
    page_count: int
    pages: list[tuple[int, bytes]]
    commit_hash: bytes
    resumed: bool  # the push a crash or an outage cut off, sent again


@dataclass(frozen=True)
class PushInfo:
    """What a push sent: local LSN ``local_lsn`` (``pages`` changed pages) as ``remote_lsn``;
    ``resumed`` when it finished a push that a crash or an outage had cut off."""

    remote_lsn: int
    local_lsn: int
    pages: int
    resumed: bool


class PullOutcome(StrEnum):
    UP_TO_DATE = "up_to_date"
    APPLIED = "applied"
    REBASED = "rebased"
    CONFLICT = "conflict"
    PUSH_PENDING = "push_pending"


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def unpushed_graft(volume: Volume, record: SnapshotRecord) -> Graft:
    """Pages changed by local commits after the last synced local LSN."""
    changed = Graft()
    synced = record.remote_local_lsn or 0
    for _, commit in volume._client._records.commits(volume.vid, synced + 1, record.lsn + 1):
        changed |= Graft.deserialize(commit.graft)
    return changed


def _has_unpushed(record: SnapshotRecord | None) -> bool:
    return record is not None and record.lsn != record.remote_local_lsn


def unpushed_lsn(volume: Volume) -> int | None:
    """The latest local LSN if it is not pushed yet (None if everything is)."""
    record = volume._client._records.snapshot(volume.vid)
    return record.lsn if record is not None and _has_unpushed(record) else None


def _write_state(
    volume: Volume,
    batch: Batch,
    *,
    snapshot: SnapshotRecord | None = None,
    marks: Watermarks | None = None,
    status: VolumeStatus | None = None,
    sync: bool = True,
) -> None:
    records = volume._client._records
    if snapshot is not None:
        records.put_snapshot(batch, volume.vid, snapshot)
    if marks is not None:
        records.put_watermarks(batch, volume.vid, marks)
    if status is not None:
        records.put_status(batch, volume.vid, status)
    volume._db.write(batch, sync=sync)
    if snapshot is not None:
        with volume._client._snapshots_changed:
            volume._client._snapshots_changed.notify_all()


def begin_push(volume: Volume) -> PushPlan | None:
    """The commit to push (the interrupted one first), with ``pending_sync`` set.

    Not yet durable: the caller syncs the WAL before it sends the commit to the metastore.
    """
    records = volume._client._records
    with volume._lock:
        record = records.snapshot(volume.vid)
        marks = records.watermarks(volume.vid)
        resumed = marks.pending_sync is not None
        if not resumed:
            if not _has_unpushed(record):
                return None
            status = records.status(volume.vid)
            if status in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
                raise ConflictError(
                    f"volume {volume.vid} is in state {status.value}: reset it to the remote "
                    "first (`graft reset`, Volume.reset_to_remote())"
                )
            assert record is not None
            marks = Watermarks(pending_sync=record.lsn, checkpoint=marks.checkpoint)
            _write_state(volume, volume._db.batch(), marks=marks, sync=False)
        assert record is not None and marks.pending_sync is not None
        return _plan(volume, record, marks.pending_sync, resumed)


def _plan(volume: Volume, record: SnapshotRecord, lsn: int, resumed: bool) -> PushPlan:
    commit = volume._client._records.commit(volume.vid, lsn)
    assert commit is not None, "the LSN being pushed is retained (pending_sync pins it)"
    synced = SnapshotRecord(lsn, commit.page_count, record.remote_lsn, record.remote_local_lsn)
    cursor = PageCursor(volume._db, volume.vid)
    pages: list[tuple[int, bytes]] = []
    for pageidx in unpushed_graft(volume, synced):
        if pageidx > commit.page_count:
            continue  # cut off by a truncate: beyond the page count it reads as zeros
        slot = cursor.lookup(pageidx, lsn)
        assert slot != PENDING_MARKER, "locally committed pages are never pending"
        pages.append((pageidx, slot if slot is not None and len(slot) == PAGE_SIZE else EMPTY_PAGE))
    cursor.close()
    base = record.remote_lsn
    digest = commit_hash(volume.vid, base, commit.page_count, pages)
    return PushPlan(lsn, base, commit.page_count, pages, digest, resumed)


def finish_push(volume: Volume, plan: PushPlan, remote_lsn: int) -> None:
    """Record that ``plan.local_lsn`` is remote LSN ``remote_lsn``."""
    records = volume._client._records
    with volume._lock:
        record = records.snapshot(volume.vid)
        marks = records.watermarks(volume.vid)
        assert record is not None and marks.pending_sync == plan.local_lsn
        commit = records.commit(volume.vid, plan.local_lsn)
        assert commit is not None
        batch = volume._db.batch()
        records.put_commit(
            batch,
            volume.vid,
            plan.local_lsn,
            CommitRecord(commit.page_count, commit.graft, commit.created_ms, remote_lsn),
        )
        mapped = SnapshotRecord(record.lsn, record.page_count, remote_lsn, plan.local_lsn)
        _write_state(
            volume,
            batch,
            snapshot=mapped,
            marks=Watermarks(pending_sync=None, checkpoint=marks.checkpoint),
            status=VolumeStatus.OK,
            sync=False,  # a lost answer is learned again by commit hash
        )


def reject_push(volume: Volume) -> None:
    """Someone else won the remote LSN: keep local commits, stop pushing until a reset."""
    records = volume._client._records
    with volume._lock:
        marks = records.watermarks(volume.vid)
        _write_state(
            volume,
            volume._db.batch(),
            marks=Watermarks(pending_sync=None, checkpoint=marks.checkpoint),
            status=VolumeStatus.REJECTED_COMMIT,
        )


def _revert_slots(volume: Volume, record: SnapshotRecord) -> dict[int, bytes]:
    """The slot of every page the unpushed commits touched, as it was at the last synced LSN."""
    synced = record.remote_local_lsn
    if synced is None:
        return {idx: EMPTY_MARKER for idx, _ in latest_pages(volume._db, volume.vid, 1, 2**32 - 1)}
    cursor = PageCursor(volume._db, volume.vid)
    slots: dict[int, bytes] = {}
    for pageidx in unpushed_graft(volume, record):
        slot = cursor.lookup(pageidx, synced)
        slots[pageidx] = EMPTY_MARKER if slot is None else slot
    cursor.close()
    return slots


def _remote_slots(
    volume: Volume, base_count: int, page_count: int, graft: Graft, cut: int | None
) -> dict[int, bytes]:
    """PENDING for the pages the pulled remote commits wrote, EMPTY for pages they cut off.

    Pages above ``cut`` (a truncate in the pulled range) or above the final page count read
    empty unless written: the stored ones up to the old page count are blanked (none above it
    holds data), so the cost is what is stored and what was written, never a page count.
    """
    kept = page_count if cut is None else min(cut, page_count)
    slots: dict[int, bytes] = {}
    if kept < base_count:
        for pageidx, slot in latest_pages(volume._db, volume.vid, kept + 1, base_count):
            if slot != EMPTY_MARKER:
                slots[pageidx] = EMPTY_MARKER
    written = graft.bitmap().copy()
    if page_count < MAX_PAGEIDX:
        written.remove_range(page_count + 1, MAX_PAGEIDX + 1)
    slots.update(dict.fromkeys(written, PENDING_MARKER))
    return slots


def _stage_commit(
    volume: Volume,
    batch: Batch,
    lsn: int,
    slots: dict[int, bytes],
    page_count: int,
    remote_lsn: int | None,
) -> None:
    """Local commit ``lsn`` in ``batch``: the page ``slots`` and the commit record naming them."""
    for pageidx, slot in slots.items():
        put_page(batch, volume._db, volume.vid, pageidx, lsn, slot)
    record = CommitRecord(page_count, Graft(slots).serialize(), _now_ms(), remote_lsn)
    volume._client._records.put_commit(batch, volume.vid, lsn, record)


def _synced_page_count(volume: Volume, record: SnapshotRecord) -> int:
    if record.remote_local_lsn is None:
        return 0
    commit = volume._client._records.commit(volume.vid, record.remote_local_lsn)
    assert commit is not None, "the last synced LSN is retained while commits are unpushed"
    return commit.page_count


def reset_to_remote(volume: Volume) -> None:
    """Undo unpushed local commits with a new local LSN equal to the last synced state.

    Local LSNs only grow (pinned readers of the dropped commits stay valid); the new LSN maps to
    the last synced remote LSN, so the next pull fast-forwards from there.
    """
    records = volume._client._records
    with volume._lock:
        record = records.snapshot(volume.vid)
        marks = records.watermarks(volume.vid)
        clean = Watermarks(pending_sync=None, checkpoint=marks.checkpoint)
        if not _has_unpushed(record):
            _write_state(volume, volume._db.batch(), marks=clean, status=VolumeStatus.OK)
            return
        assert record is not None
        lsn = record.lsn + 1
        batch = volume._db.batch()
        page_count = _synced_page_count(volume, record)
        _stage_commit(
            volume, batch, lsn, _revert_slots(volume, record), page_count, record.remote_lsn
        )
        remote_local = None if record.remote_lsn is None else lsn
        reverted = SnapshotRecord(lsn, page_count, record.remote_lsn, remote_local)
        _write_state(volume, batch, snapshot=reverted, marks=clean, status=VolumeStatus.OK)


def apply_pull(
    volume: Volume,
    remote_lsn: int,
    page_count: int,
    graft: Graft,
    *,
    rebase: bool,
    cut: int | None = None,
) -> PullOutcome:
    """Make remote LSN ``remote_lsn`` the next local LSN: pages in ``graft`` changed, and those
    above ``cut`` not in it read empty (see ``PullGraftResponse``)."""
    records = volume._client._records
    with volume._lock:
        record = records.snapshot(volume.vid)
        if record is not None and record.remote_lsn is not None and record.remote_lsn >= remote_lsn:
            return PullOutcome.UP_TO_DATE
        if records.watermarks(volume.vid).pending_sync is not None:
            return PullOutcome.PUSH_PENDING
        if _has_unpushed(record):
            assert record is not None
            local = unpushed_graft(volume, record)
            synced_count = _synced_page_count(volume, record)
            remote = _remote_slots(volume, synced_count, page_count, graft, cut)
            clear = _clear_of(local, cut, min(synced_count, page_count))
            if rebase and clear and local.isdisjoint(graft | Graft(remote)):
                _rebase(volume, record, remote_lsn, page_count, remote, local)
                return PullOutcome.REBASED
            _write_state(volume, volume._db.batch(), status=VolumeStatus.CONFLICT)
            return PullOutcome.CONFLICT
        lsn = 1 if record is None else record.lsn + 1
        base_count = 0 if record is None else record.page_count
        batch = volume._db.batch()
        slots = _remote_slots(volume, base_count, page_count, graft, cut)
        _stage_commit(volume, batch, lsn, slots, page_count, remote_lsn)
        pulled = SnapshotRecord(lsn, page_count, remote_lsn, lsn)
        _write_state(volume, batch, snapshot=pulled, status=VolumeStatus.OK, sync=False)
        return PullOutcome.APPLIED


def _clear_of(local: Graft, cut: int | None, regrown: int) -> bool:
    """Whether no page of ``local`` is in ``cut``+1..``regrown``: cut remotely, then regrown."""
    bits = local.bitmap()
    return cut is None or cut >= regrown or bits.rank(regrown) == bits.rank(cut)


def _rebase(
    volume: Volume,
    record: SnapshotRecord,
    remote_lsn: int,
    page_count: int,
    remote: dict[int, bytes],
    local: Graft,
) -> None:
    """Two local LSNs in one batch: the remote snapshot (``remote``: its changed slots), then
    the local changes replayed on it."""
    records = volume._client._records
    cursor = PageCursor(volume._db, volume.vid)
    replay = {idx: cursor.lookup(idx, record.lsn) or EMPTY_MARKER for idx in local}
    cursor.close()
    remote_at, replayed_at = record.lsn + 1, record.lsn + 2
    at_remote = _revert_slots(volume, record) | remote
    assert set(replay) <= set(at_remote), "every replayed page has a version at the remote LSN"
    batch = volume._db.batch()
    _stage_commit(volume, batch, remote_at, at_remote, page_count, remote_lsn)
    # The batch is not visible to reads yet, so the version at remote_at is moved by hand.
    for idx, slot in replay.items():
        batch.put("pages", page_key(volume.vid, idx, remote_at), at_remote[idx])
        batch.put("latest", page_prefix(volume.vid, idx), pack_latest(replayed_at, slot))
    replay_count = max(page_count, record.page_count)
    records.put_commit(
        batch, volume.vid, replayed_at, CommitRecord(replay_count, local.serialize(), _now_ms())
    )
    rebased = SnapshotRecord(replayed_at, replay_count, remote_lsn, remote_at)
    _write_state(volume, batch, snapshot=rebased, status=VolumeStatus.OK)


def read_plan(volume: Volume, version_lsn: int, pageidxs: list[int]) -> dict[int, list[int]]:
    """Remote LSN -> the pages PENDING at local ``version_lsn`` to read there.

    A marker names the remote LSN its page was learned at, which compaction may since have put
    below the servers' retention horizon. A page whose visible version at the newest synced
    local LSN is still this one reads the same at the newest known remote LSN (every pulled or
    pushed change of a page is a newer local version), so those pages are read there.
    """
    records = volume._client._records
    commit = records.commit(volume.vid, version_lsn)
    assert commit is not None and commit.remote_lsn is not None, "PENDING only at pulled LSNs"
    record = records.snapshot(volume.vid)
    newest = None if record is None else record.remote_lsn
    synced = None if record is None else record.remote_local_lsn
    if newest is None or synced is None or newest <= commit.remote_lsn or synced < version_lsn:
        return {commit.remote_lsn: pageidxs}
    cursor = PageCursor(volume._db, volume.vid)
    plan: dict[int, list[int]] = {}
    for pageidx in pageidxs:
        found = cursor.version(pageidx, synced)
        unchanged = found is not None and found[0] == version_lsn
        plan.setdefault(newest if unchanged else commit.remote_lsn, []).append(pageidx)
    cursor.close()
    return plan


def store_fetched(volume: Volume, version_lsn: int, pages: dict[int, bytes]) -> None:
    """Put fetched bytes where the PENDING markers of ``version_lsn`` are (same keys)."""
    db = volume._db
    with volume._lock:
        batch = db.batch()
        for pageidx, data in pages.items():
            slot = EMPTY_MARKER if data == EMPTY_PAGE else data
            prefix = page_prefix(volume.vid, pageidx)
            latest = db.get("latest", prefix)
            if latest is not None and latest[:8] == version_lsn.to_bytes(8, "big"):
                if latest[8:] == PENDING_MARKER:
                    batch.put("latest", prefix, pack_latest(version_lsn, slot))
            elif db.get("pages", page_key(volume.vid, pageidx, version_lsn)) == PENDING_MARKER:
                batch.put("pages", page_key(volume.vid, pageidx, version_lsn), slot)
        # Fetched pages can be fetched again: no fsync needed.
        db.write(batch, sync=False)
