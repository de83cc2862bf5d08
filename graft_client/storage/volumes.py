"""Typed access to the per-volume records of the ``volumes`` and ``commits`` families."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.keys import VolumeTag, commit_key, commit_key_lsn, volume_key
from graft_client.storage.records import (
    CommitRecord,
    FetchStats,
    LastSync,
    OriginRecord,
    SnapshotRecord,
    StoreRequests,
    SyncError,
    VolumeConfig,
    VolumeStatus,
    Watermarks,
    decode,
    encode,
)
from graft_core.errors import CorruptDataError
from graft_core.ids import VolumeId
from graft_core.types import LSN, LocalLSN

__all__ = ["VolumeRecords"]

_NO_WATERMARKS = Watermarks()


class VolumeRecords:
    """Reads records directly; writes go into a caller's batch so state changes stay atomic."""

    def __init__(self, db: LocalDB) -> None:
        self.db = db
        # vid -> (db.write_mark() before the read, record): SQLite asks at every transaction
        # whether the volume moved, and most times nothing was written since.
        self._snapshots: dict[VolumeId, tuple[int, SnapshotRecord | None]] = {}

    def _get(self, vid: VolumeId, tag: VolumeTag) -> bytes | None:
        return self.db.get("volumes", volume_key(vid, tag))

    def config(self, vid: VolumeId) -> VolumeConfig | None:
        raw = self._get(vid, VolumeTag.CONFIG)
        return None if raw is None else decode(raw, VolumeConfig)

    def snapshot(self, vid: VolumeId) -> SnapshotRecord | None:
        cached = self._snapshots.get(vid)
        if cached is not None and self.db.unchanged_since(cached[0]):
            return cached[1]
        mark = self.db.write_mark()
        raw = self._get(vid, VolumeTag.SNAPSHOT)
        record = None if raw is None else decode(raw, SnapshotRecord)
        self._snapshots[vid] = (mark, record)
        return record

    def snapshot_written(self, vid: VolumeId, record: SnapshotRecord) -> None:
        """``record`` landed as ``vid``'s snapshot record, written under the volume's lock:
        reading it again costs no get (the owner reads it at every commit and pin)."""
        self._snapshots[vid] = (self.db.write_mark(), record)

    def status(self, vid: VolumeId) -> VolumeStatus:
        raw = self._get(vid, VolumeTag.STATUS)
        if raw is None:
            return VolumeStatus.OK
        try:
            return VolumeStatus(raw.decode())
        except (UnicodeDecodeError, ValueError) as exc:
            raise CorruptDataError(f"corrupt status record for volume {vid}: {raw!r}") from exc

    def watermarks(self, vid: VolumeId) -> Watermarks:
        raw = self._get(vid, VolumeTag.WATERMARKS)
        return _NO_WATERMARKS if raw is None else decode(raw, Watermarks)

    def last_error(self, vid: VolumeId) -> SyncError | None:
        raw = self._get(vid, VolumeTag.LAST_ERROR)
        return None if raw is None else decode(raw, SyncError)

    def last_sync_ms(self, vid: VolumeId) -> int | None:
        raw = self._get(vid, VolumeTag.LAST_SYNC)
        return None if raw is None else decode(raw, LastSync).at_ms

    def fetch_stats(self, vid: VolumeId) -> FetchStats:
        raw = self._get(vid, VolumeTag.FETCHED)
        return FetchStats() if raw is None else decode(raw, FetchStats)

    def store_requests(self, vid: VolumeId) -> StoreRequests:
        raw = self._get(vid, VolumeTag.REQUESTS)
        return StoreRequests() if raw is None else decode(raw, StoreRequests)

    def commit(self, vid: VolumeId, lsn: int) -> CommitRecord | None:
        raw = self.db.get("commits", commit_key(vid, lsn))
        return None if raw is None else decode(raw, CommitRecord)

    def commits(
        self, vid: VolumeId, start: int, stop: int
    ) -> Iterator[tuple[LocalLSN, CommitRecord]]:
        """Commit records with start <= lsn < stop, in LSN order."""
        for key, raw in self.db.scan("commits", commit_key(vid, start), commit_key(vid, stop)):
            yield LocalLSN(LSN(commit_key_lsn(key))), decode(raw, CommitRecord)

    def vids(self) -> Iterator[VolumeId]:
        it = self.db.iterator("volumes")
        try:
            it.seek_to_first()
            while it.valid():
                key: bytes = it.key()
                if key[-1] == VolumeTag.CONFIG:
                    yield VolumeId(key[:-1])
                it.next()
        finally:
            del it

    @staticmethod
    def put_config(batch: Batch, vid: VolumeId, config: VolumeConfig) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.CONFIG), encode(config))

    @staticmethod
    def put_snapshot(batch: Batch, vid: VolumeId, snapshot: SnapshotRecord) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.SNAPSHOT), encode(snapshot))

    @staticmethod
    def put_status(batch: Batch, vid: VolumeId, status: VolumeStatus) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.STATUS), status.value.encode())

    @staticmethod
    def put_watermarks(batch: Batch, vid: VolumeId, marks: Watermarks) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.WATERMARKS), encode(marks))

    @staticmethod
    def put_last_error(batch: Batch, vid: VolumeId, error: SyncError | None) -> None:
        key = volume_key(vid, VolumeTag.LAST_ERROR)
        if error is None:
            batch.delete("volumes", key)
        else:
            batch.put("volumes", key, encode(error))

    @staticmethod
    def put_last_sync(batch: Batch, vid: VolumeId, at_ms: int) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.LAST_SYNC), encode(LastSync(at_ms)))

    def cluster(self, vid: VolumeId) -> uuid.UUID | None:
        raw = self._get(vid, VolumeTag.CLUSTER)
        return None if raw is None else uuid.UUID(bytes=raw)

    @staticmethod
    def put_cluster(batch: Batch, vid: VolumeId, cluster: uuid.UUID) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.CLUSTER), cluster.bytes)

    def origin(self, vid: VolumeId) -> OriginRecord | None:
        raw = self._get(vid, VolumeTag.ORIGIN)
        return None if raw is None else decode(raw, OriginRecord)

    @staticmethod
    def put_origin(batch: Batch, vid: VolumeId, origin: OriginRecord) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.ORIGIN), encode(origin))

    @staticmethod
    def put_fetch_stats(batch: Batch, vid: VolumeId, stats: FetchStats) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.FETCHED), encode(stats))

    @staticmethod
    def put_store_requests(batch: Batch, vid: VolumeId, requests: StoreRequests) -> None:
        batch.put("volumes", volume_key(vid, VolumeTag.REQUESTS), encode(requests))

    def write(
        self,
        batch: Batch,
        vid: VolumeId,
        *,
        snapshot: SnapshotRecord | None = None,
        marks: Watermarks | None = None,
        status: VolumeStatus | None = None,
        sync: bool = True,
    ) -> None:
        """Write ``batch`` with the given records of ``vid`` added: one atomic state change."""
        if snapshot is not None:
            self.put_snapshot(batch, vid, snapshot)
        if marks is not None:
            self.put_watermarks(batch, vid, marks)
        if status is not None:
            self.put_status(batch, vid, status)
        self.db.write(batch, sync=sync)
        if snapshot is not None:
            self.snapshot_written(vid, snapshot)

    @staticmethod
    def put_commit(batch: Batch, vid: VolumeId, lsn: int, record: CommitRecord) -> None:
        batch.put("commits", commit_key(vid, lsn), encode(record))

    @staticmethod
    def delete_commit(batch: Batch, vid: VolumeId, lsn: int) -> None:
        batch.delete("commits", commit_key(vid, lsn))
