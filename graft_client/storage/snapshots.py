"""Snapshots and the commit log as the public front sees them, read from the records."""

from __future__ import annotations

from dataclasses import dataclass

from graft_client.storage.records import SnapshotRecord
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import MAX_LSN, LocalLSN, PageCount, RemoteLSN, RemoteMapping, Snapshot

__all__ = ["CommitInfo", "commit_log", "retained_snapshot", "to_snapshot"]


@dataclass(frozen=True, slots=True)
class CommitInfo:
    """A retained local commit: the pages it changed and the page count after it."""

    lsn: LocalLSN
    page_count: PageCount
    pages: Graft
    created_ms: int
    remote_lsn: RemoteLSN | None


def to_snapshot(vid: VolumeId, record: SnapshotRecord) -> Snapshot:
    remote = None
    if record.remote_lsn is not None and record.remote_local_lsn is not None:
        remote = RemoteMapping(record.remote_lsn, record.remote_local_lsn)
    return Snapshot(vid, record.lsn, record.page_count, remote)


def retained_snapshot(records: VolumeRecords, vid: VolumeId, lsn: LocalLSN) -> Snapshot:
    """The snapshot at local ``lsn``, if it is still retained (``SnapshotNotFoundError``)."""
    latest = records.snapshot(vid)
    if latest is None or lsn > latest.lsn:
        newest = 0 if latest is None else latest.lsn
        raise SnapshotNotFoundError(f"volume {vid} has no LSN {lsn} (latest: {newest})")
    if lsn == latest.lsn:
        return to_snapshot(vid, latest)
    horizon = records.watermarks(vid).checkpoint
    record = records.commit(vid, lsn)
    if lsn < horizon or record is None:
        raise SnapshotNotFoundError(
            f"LSN {lsn} of volume {vid} is no longer retained locally (oldest retained: {horizon})"
        )
    remote = None
    if record.remote_lsn is not None:
        remote = RemoteMapping(record.remote_lsn, lsn)
    return Snapshot(vid, lsn, record.page_count, remote)


def commit_log(
    records: VolumeRecords, vid: VolumeId, start: int, limit: int | None
) -> list[CommitInfo]:
    """Retained local commits from ``start``, oldest first."""
    entries: list[CommitInfo] = []
    for lsn, record in records.commits(vid, start, MAX_LSN):
        if limit is not None and len(entries) >= limit:
            break
        pages = Graft.deserialize(record.graft)
        entries.append(
            CommitInfo(lsn, record.page_count, pages, record.created_ms, record.remote_lsn)
        )
    return entries
