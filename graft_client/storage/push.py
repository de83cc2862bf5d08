"""The local half of a push (DESIGN section 6): which commit to send, and what its answer means.

Each function is one atomic batch; the caller holds the volume's lock. ``pending_sync`` names the
local LSN being pushed until the metastore's answer is recorded, so a crash between any two steps
leaves a state the next run recovers from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import msgspec

from graft_client.storage.cipher import is_marker
from graft_client.storage.commits import now_ms
from graft_client.storage.pages import PageCursor
from graft_client.storage.records import (
    PENDING_MARKER,
    SnapshotRecord,
    SyncError,
    VolumeStatus,
    Watermarks,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.commit_hash import commit_hash
from graft_core.errors import ClosedError, ConflictError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, LocalLSN, PageCount, PageIdx, RemoteLSN

__all__ = [
    "PushPlan",
    "begin_push",
    "finish_push",
    "has_unpushed",
    "mark_interrupted",
    "reject_push",
    "unpushed_graft",
]


@dataclass(frozen=True)
class PushPlan:
    """One remote commit squashing the local commits after the last synced one."""

    local_lsn: LocalLSN
    base_lsn: RemoteLSN | None
    page_count: PageCount
    pages: Sequence[tuple[PageIdx, bytes]]
    commit_hash: bytes
    resumed: bool  # the push a crash or an outage cut off, sent again
    key_id: int | None  # the data key its pages are sealed with (see ``Watermarks``)


def unpushed_graft(records: VolumeRecords, vid: VolumeId, record: SnapshotRecord) -> Graft:
    """Pages changed by local commits after the last synced local LSN."""
    changed = Graft()
    synced = record.remote_local_lsn or 0
    for _, commit in records.commits(vid, synced + 1, record.lsn + 1):
        changed |= Graft.deserialize(commit.graft)
    return changed


def has_unpushed(record: SnapshotRecord | None) -> bool:
    return record is not None and record.lsn != record.remote_local_lsn


# Opens a page slot sealed at rest (``storage.cipher``): (pageidx, slot) -> page.
OpenSlot = Callable[[int, bytes], bytes]

# Whether the push should stop (its runtime is closing): asked every ``STOP_CHECK`` pages
# read, so that a Ctrl-C need not wait for every page of a large push to be read (about
# 30-100 us each, measured).
Stopping = Callable[[], bool]
STOP_CHECK = 512


def never() -> bool:
    return False


def begin_push(
    records: VolumeRecords,
    vid: VolumeId,
    open_slot: OpenSlot | None = None,
    stopping: Stopping = never,
    key_id: int | None = None,
) -> PushPlan | None:
    """The commit to push (the interrupted one first), with ``pending_sync`` set and, for a
    new push, ``key_id`` (the data key it seals with; an interrupted one keeps its own); its
    pages opened with ``open_slot`` if the volume's are sealed at rest. ``ClosedError`` when
    ``stopping()`` says so before they are all read: the push is left pending, to resume.

    Not yet durable: the caller syncs the WAL before it sends the commit to the metastore.
    """
    record = records.snapshot(vid)
    marks = records.watermarks(vid)
    resumed = marks.pending_sync is not None
    if not resumed:
        if not has_unpushed(record):
            return None
        status = records.status(vid)
        if status in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
            raise ConflictError(
                f"volume {vid} is in state {status.value}: reset it to the remote "
                "first (`graft reset`, Volume.reset_to_remote())"
            )
        assert record is not None
        marks = Watermarks(record.lsn, marks.checkpoint, key_id)
        records.write(records.db.batch(), vid, marks=marks, sync=False)
    assert record is not None and marks.pending_sync is not None
    return _plan(records, vid, record, marks, resumed, open_slot, stopping)


def _page(pageidx: int, slot: bytes | None, open_slot: OpenSlot | None) -> bytes:
    if slot is None or is_marker(slot):
        return EMPTY_PAGE
    return slot if open_slot is None else open_slot(pageidx, slot)


def _plan(
    records: VolumeRecords,
    vid: VolumeId,
    record: SnapshotRecord,
    marks: Watermarks,
    resumed: bool,
    open_slot: OpenSlot | None,
    stopping: Stopping,
) -> PushPlan:
    lsn = marks.pending_sync
    assert lsn is not None
    commit = records.commit(vid, lsn)
    assert commit is not None, "the LSN being pushed is retained (pending_sync pins it)"
    synced = SnapshotRecord(lsn, commit.page_count, record.remote_lsn, record.remote_local_lsn)
    cursor = PageCursor(records.db, vid)
    pages: list[tuple[PageIdx, bytes]] = []
    try:
        for pageidx in unpushed_graft(records, vid, synced):
            if pageidx > commit.page_count:
                continue  # cut off by a truncate: beyond the page count it reads as zeros
            if len(pages) % STOP_CHECK == STOP_CHECK - 1 and stopping():
                raise ClosedError(f"the push of volume {vid} stopped: its client is closing")
            slot = cursor.lookup(pageidx, lsn)
            assert slot != PENDING_MARKER, "locally committed pages are never pending"
            pages.append((pageidx, _page(pageidx, slot, open_slot)))
    finally:
        cursor.close()
    base = record.remote_lsn
    digest = commit_hash(vid, base, commit.page_count, pages)
    return PushPlan(lsn, base, commit.page_count, pages, digest, resumed, marks.pending_key)


def finish_push(
    records: VolumeRecords, vid: VolumeId, plan: PushPlan, remote_lsn: RemoteLSN
) -> None:
    """Record that ``plan.local_lsn`` is remote LSN ``remote_lsn``."""
    record = records.snapshot(vid)
    marks = records.watermarks(vid)
    assert record is not None and marks.pending_sync == plan.local_lsn
    commit = records.commit(vid, plan.local_lsn)
    assert commit is not None
    batch = records.db.batch()
    pushed = msgspec.structs.replace(commit, remote_lsn=remote_lsn)  # its commit_id kept
    records.put_commit(batch, vid, plan.local_lsn, pushed)
    records.put_last_error(batch, vid, None)
    records.put_last_sync(batch, vid, now_ms())
    mapped = SnapshotRecord(record.lsn, record.page_count, remote_lsn, plan.local_lsn)
    records.write(
        batch,
        vid,
        snapshot=mapped,
        marks=Watermarks(pending_sync=None, checkpoint=marks.checkpoint),
        status=VolumeStatus.OK,
        sync=False,  # a lost answer is learned again by commit hash
    )


def reject_push(records: VolumeRecords, vid: VolumeId, error: SyncError) -> None:
    """Someone else won the remote LSN: keep local commits, stop pushing until a reset."""
    marks = records.watermarks(vid)
    batch = records.db.batch()
    records.put_last_error(batch, vid, error)
    records.write(
        batch,
        vid,
        marks=Watermarks(pending_sync=None, checkpoint=marks.checkpoint),
        status=VolumeStatus.REJECTED_COMMIT,
    )


def mark_interrupted(records: VolumeRecords, vid: VolumeId, error: SyncError) -> None:
    """A push failed before its answer was recorded: ``pending_sync`` stays for the resume."""
    batch = records.db.batch()
    records.put_last_error(batch, vid, error)
    records.write(batch, vid, status=VolumeStatus.INTERRUPTED_PUSH)
