"""Volume: one page volume in a client's local storage."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graft_client.reader import VolumeReader
from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.pages import PageCursor, latest_pages, latest_versions, put_page
from graft_client.storage.reclaim import ReclaimStats, plan_horizon, reclaim_volume
from graft_client.storage.records import (
    EMPTY_MARKER,
    PENDING_MARKER,
    CommitRecord,
    ConflictPolicy,
    SnapshotRecord,
    SyncMode,
    VolumeConfig,
    VolumeStatus,
    parse_sync_mode,
)
from graft_client.sync import operations
from graft_client.sync.observe import FetchStats, SyncError
from graft_client.sync.state import PullOutcome, PushInfo
from graft_client.writer import VolumeWriter
from graft_core.errors import ConcurrentWriteError, InvalidInputError, SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import (
    LSN,
    PageCount,
    RemoteMapping,
    Snapshot,
    check_lsn,
)

if TYPE_CHECKING:
    from graft_client.client import Client

__all__ = ["CommitInfo", "Volume", "VolumeInfo"]


@dataclass(frozen=True, slots=True)
class VolumeInfo:
    vid: VolumeId
    snapshot: Snapshot | None
    status: VolumeStatus
    sync: SyncMode


@dataclass(frozen=True, slots=True)
class CommitInfo:
    """A retained local commit: the pages it changed and the page count after it."""

    lsn: LSN
    page_count: PageCount
    pages: Graft
    created_ms: int
    remote_lsn: LSN | None


def _to_snapshot(vid: VolumeId, record: SnapshotRecord) -> Snapshot:
    remote = None
    if record.remote_lsn is not None and record.remote_local_lsn is not None:
        remote = RemoteMapping(LSN(record.remote_lsn), LSN(record.remote_local_lsn))
    return Snapshot(vid, LSN(record.lsn), PageCount(record.page_count), remote)


class Volume:
    """A handle on one volume; cheap to create, shares the client's storage and locks."""

    def __init__(self, client: Client, vid: VolumeId) -> None:
        self._client = client
        self.vid = vid

    @property
    def _db(self) -> LocalDB:
        return self._client._open_db()

    @property
    def _lock(self) -> threading.Lock:
        return self._client._volume_lock(self.vid)

    def snapshot(self) -> Snapshot | None:
        """The latest local snapshot, or None before the first commit."""
        record = self._client._records.snapshot(self.vid)
        return None if record is None else _to_snapshot(self.vid, record)

    def latest_lsn(self) -> int:
        """The latest local LSN (0 before the first commit): a cheap "has it moved?" check."""
        record = self._client._records.snapshot(self.vid)
        return 0 if record is None else record.lsn

    def status(self) -> VolumeStatus:
        status = self._client._records.status(self.vid)
        pending = self._client._records.watermarks(self.vid).pending_sync
        if status is VolumeStatus.OK and pending is not None:
            return VolumeStatus.INTERRUPTED_PUSH  # a push was cut off; the next push resumes it
        return status

    def _config(self) -> VolumeConfig:
        config = self._client._records.config(self.vid)
        assert config is not None, "a Volume handle exists only for a known volume"
        return config

    @property
    def sync_mode(self) -> SyncMode:
        return self._config().sync

    @sync_mode.setter
    def sync_mode(self, mode: str | SyncMode) -> None:
        config = self._config()
        self._put_config(
            VolumeConfig(parse_sync_mode(mode), config.created_ms, config.conflict_policy)
        )

    def _put_config(self, config: VolumeConfig) -> None:
        batch = self._db.batch()
        self._client._records.put_config(batch, self.vid, config)
        self._db.write(batch, sync=True)

    def info(self) -> VolumeInfo:
        return VolumeInfo(self.vid, self.snapshot(), self.status(), self.sync_mode)

    def reader(self, lsn: int | None = None) -> VolumeReader:
        """A reader pinned to the latest snapshot, or to a retained older local ``lsn``."""
        with self._lock:
            snapshot = self.snapshot() if lsn is None else self._retained_snapshot(check_lsn(lsn))
            if snapshot is not None:
                self._client._pins.pin(self.vid, snapshot.lsn)
        return VolumeReader(self, snapshot)

    def _retained_snapshot(self, lsn: LSN) -> Snapshot:
        records = self._client._records
        latest = records.snapshot(self.vid)
        if latest is None or lsn > latest.lsn:
            newest = 0 if latest is None else latest.lsn
            raise SnapshotNotFoundError(f"volume {self.vid} has no LSN {lsn} (latest: {newest})")
        if lsn == latest.lsn:
            return _to_snapshot(self.vid, latest)
        horizon = records.watermarks(self.vid).checkpoint
        record = records.commit(self.vid, lsn)
        if lsn < horizon or record is None:
            raise SnapshotNotFoundError(
                f"LSN {lsn} of volume {self.vid} is no longer retained locally "
                f"(oldest retained: {horizon})"
            )
        remote = None
        if record.remote_lsn is not None:
            remote = RemoteMapping(LSN(record.remote_lsn), lsn)
        return Snapshot(self.vid, lsn, PageCount(record.page_count), remote)

    def writer(self) -> VolumeWriter:
        """A writer on top of the latest snapshot."""
        return VolumeWriter(self, self.reader())

    def log(self, start: int = 1, limit: int | None = None) -> list[CommitInfo]:
        """Retained local commits from ``start``, oldest first."""
        entries: list[CommitInfo] = []
        for lsn, record in self._client._records.commits(self.vid, start, 2**63 - 1):
            if limit is not None and len(entries) >= limit:
                break
            remote = None if record.remote_lsn is None else LSN(record.remote_lsn)
            pages = Graft.deserialize(record.graft)
            info = CommitInfo(
                LSN(lsn), PageCount(record.page_count), pages, record.created_ms, remote
            )
            entries.append(info)
        return entries

    def _commit(
        self, base: Snapshot | None, dirty: dict[int, bytes], page_count: int, shrunk_to: int
    ) -> Snapshot | None:
        base_count = 0 if base is None else base.page_count
        if not dirty and page_count == base_count and shrunk_to >= base_count:
            return base
        assert all(idx <= page_count for idx in dirty), "dirty pages above the page count"
        with self._lock:
            latest = self._client._records.snapshot(self.vid)
            if (latest and latest.lsn) != (base and base.lsn):
                raise ConcurrentWriteError(
                    f"volume {self.vid} moved to LSN {latest and latest.lsn} since this writer "
                    f"started at {base and base.lsn}; retry on a new writer"
                )
            lsn = 1 if latest is None else latest.lsn + 1
            batch = self._db.batch()
            changed = self._stage_pages(batch, lsn, base, dirty, shrunk_to)
            new = SnapshotRecord(
                lsn,
                page_count,
                latest.remote_lsn if latest else None,
                latest.remote_local_lsn if latest else None,
            )
            record = CommitRecord(page_count, changed.serialize(), time.time_ns() // 1_000_000)
            self._client._records.put_commit(batch, self.vid, lsn, record)
            self._client._records.put_snapshot(batch, self.vid, new)
            self._db.write(batch, sync=True)
            self._maybe_reclaim(new)
        self._client._committed(self.vid)
        return _to_snapshot(self.vid, new)

    def _stage_pages(
        self, batch: Batch, lsn: int, base: Snapshot | None, dirty: dict[int, bytes], shrunk_to: int
    ) -> Graft:
        """Stage the new page versions; returns the graft of pages the commit changes."""
        changed = Graft(dirty)
        for idx, data in dirty.items():
            put_page(batch, self._db, self.vid, idx, lsn, data)
        if base is not None and shrunk_to < base.page_count:
            # Pages cut off by a truncate must not reappear when the volume grows again. The
            # base is the latest snapshot (checked under the lock), so its pages are the newest.
            cut = latest_pages(self._db, self.vid, shrunk_to + 1, base.page_count)
            for idx, slot in list(cut):
                if idx not in changed and slot != EMPTY_MARKER:
                    put_page(batch, self._db, self.vid, idx, lsn, EMPTY_MARKER)
                    changed.add(idx)
        return changed

    def _maybe_reclaim(self, latest: SnapshotRecord) -> None:
        keep = self._client.keep_commits
        checkpoint = self._client._records.watermarks(self.vid).checkpoint
        if latest.lsn - checkpoint >= keep + max(1, keep // 4):
            self._reclaim_locked()

    def _reclaim_locked(self) -> ReclaimStats:
        records = self._client._records
        latest = records.snapshot(self.vid)
        if latest is None:
            return ReclaimStats()
        horizon = plan_horizon(
            latest,
            records.watermarks(self.vid),
            self._client.keep_commits,
            self._client._pins.oldest(self.vid),
        )
        return reclaim_volume(self._db, records, self.vid, horizon, self.sync_mode)

    def reclaim(self) -> ReclaimStats:
        """Delete page versions and commit records outside the retention policy now."""
        with self._lock:
            return self._reclaim_locked()

    def _fetch_pending(self, pageidx: int, lsn: int, page_count: int) -> bytes:
        """Fetch a PENDING page (and likely neighbours of the same version) from the pagestore."""
        runtime = self._client.runtime
        cursor = PageCursor(self._db, self.vid)
        found = cursor.version(pageidx, lsn)
        assert found is not None and found[1] == PENDING_MARKER
        version_lsn = found[0]
        window = self._client._prefetcher(self.vid).window(pageidx, page_count)
        batch = [idx for idx in window if cursor.version(idx, lsn) == found]
        cursor.close()
        pages = runtime.call(operations.fetch, runtime, self, version_lsn, batch)
        if pageidx not in pages:
            raise SnapshotNotFoundError(
                f"page {pageidx} of volume {self.vid} at local LSN {lsn} changed after the "
                "remote LSN it was learned at, which the servers no longer retain (compacted); "
                "pull and read a newer snapshot"
            )
        return pages[pageidx]

    # --- sync (blocking; the work runs on the client's runtime thread) ---------------------------

    @property
    def conflict_policy(self) -> ConflictPolicy:
        return self._config().conflict_policy

    @conflict_policy.setter
    def conflict_policy(self, policy: str | ConflictPolicy) -> None:
        try:
            chosen = ConflictPolicy(policy)
        except ValueError:
            raise InvalidInputError(f"invalid conflict policy {policy!r}: fail or rebase") from None
        config = self._config()
        self._put_config(VolumeConfig(config.sync, config.created_ms, chosen))

    def _set_status(self, status: VolumeStatus) -> None:
        batch = self._db.batch()
        self._client._records.put_status(batch, self.vid, status)
        self._db.write(batch, sync=True)

    def push(self) -> int | None:
        """Push unpushed local commits as one remote commit; the remote LSN, or None if nothing.

        Raises ``CommitRejectedError`` (status ``rejected_commit``) if another client won the LSN.
        """
        pushed = self.push_info()
        return None if pushed is None else pushed.remote_lsn

    def push_info(self) -> PushInfo | None:
        """``push()``, answering what was pushed: local and remote LSN, pages, whether it
        finished an interrupted push."""
        runtime = self._client.runtime
        return runtime.call(operations.push, runtime, self)

    def pull(self, wait_ms: int = 0) -> PullOutcome:
        """Learn the newest remote commit; its pages are fetched lazily on first read."""
        runtime = self._client.runtime
        return runtime.call(operations.pull, runtime, self, wait_ms)

    def sync(self) -> PullOutcome:
        """Push, then pull."""
        self.push()
        return self.pull()

    def reset_to_remote(self) -> Snapshot | None:
        """Drop unpushed local commits (as a new local LSN equal to the last synced state), pull."""
        runtime = self._client.runtime
        runtime.call(operations.reset_to_remote, runtime, self)
        self._client._committed(self.vid)
        self.pull()
        return self.snapshot()

    def fetch_all(self) -> int:
        """Fetch every page of the latest snapshot not yet local; returns how many were fetched."""
        runtime = self._client.runtime
        snapshot = self.snapshot()
        if snapshot is None:
            return 0
        pending: dict[int, list[int]] = {}
        for idx, lsn, slot in latest_versions(self._db, self.vid, 1, snapshot.page_count):
            if slot == PENDING_MARKER:
                pending.setdefault(lsn, []).append(idx)
        fetched = 0
        for lsn, idxs in pending.items():
            for start in range(0, len(idxs), operations.PAGES_PER_REQUEST):
                chunk = idxs[start : start + operations.PAGES_PER_REQUEST]
                fetched += len(runtime.call(operations.fetch, runtime, self, lsn, chunk))
        return fetched

    def stats(self) -> FetchStats:
        """Pages and bytes fetched from the pagestore by this client, and round trips."""
        return self._client._fetch_stats.get(self.vid)

    def wait_remote_lsn(self, lsn: int, timeout: float | None = None) -> bool:
        """Block until this client has remote LSN ``lsn`` (or a later one) of the volume, by its
        own push or by a pull (autosync's or anyone's); False if ``timeout`` seconds pass first.
        """
        check_lsn(lsn)
        changed = self._client._snapshots_changed
        with changed:
            return changed.wait_for(lambda: self._remote_lsn() >= lsn, timeout)

    def _remote_lsn(self) -> int:
        self._client._open_db()  # raises ClosedError once the client is closed
        snapshot = self.snapshot()
        return 0 if snapshot is None or snapshot.remote_lsn is None else snapshot.remote_lsn

    def last_sync_ms(self) -> int | None:
        """When this client last completed a push or pull of this volume (ms since the epoch)."""
        return self._client._sync_errors.last_success_ms(self.vid)

    def errors(self) -> list[SyncError]:
        """Recent sync errors of this volume, oldest first."""
        return self._client._sync_errors.recent(self.vid)

    def __repr__(self) -> str:
        return f"Volume({str(self.vid)!r})"
