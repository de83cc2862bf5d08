"""Client: owns a data directory (one RocksDB) and the volumes in it."""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref

from graft_client.config import resolve_data_dir, resolve_keep_commits, resolve_server_url
from graft_client.pins import PinRegistry
from graft_client.reader import VolumeReader
from graft_client.storage.db import LocalDB
from graft_client.storage.delete import delete_volume
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import SyncMode, VolumeConfig, parse_sync_mode
from graft_client.storage.volumes import VolumeRecords
from graft_client.sync import operations
from graft_client.sync.autosync import AutoSync
from graft_client.sync.observe import ErrorLog, FetchStatsBook
from graft_client.sync.prefetch import Prefetcher
from graft_client.sync.runtime import SyncRuntime
from graft_client.volume import Volume, VolumeInfo
from graft_core.closing import Closing
from graft_core.errors import ClosedError, InvalidInputError, StorageError, VolumeNotFoundError
from graft_core.ids import ClientId, VolumeId

__all__ = ["Client"]

log = logging.getLogger(__name__)

CLIENT_ID_KEY = b"client_id"


def _volume_id(vid: VolumeId | str) -> VolumeId:
    volume_id = VolumeId.parse(vid) if isinstance(vid, str) else vid
    if not isinstance(volume_id, VolumeId):
        raise InvalidInputError(f"expected a VolumeId, got {type(vid).__name__}")
    return volume_id


class Client(Closing):
    """The library entry point.

    ``data_dir`` defaults to ``$GRAFT_DIR`` or a per-user directory. One client owns a data
    directory at a time: a second open, from this or another process, raises
    ``DataDirLockedError``. ``keep_commits`` is how many recent local snapshots stay readable
    (``$GRAFT_KEEP_COMMITS``, default 64); older page versions are reclaimed automatically.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        metastore: str | None = None,
        pagestore: str | None = None,
        token: str | None = None,
        client_id: ClientId | str | None = None,
        keep_commits: int | None = None,
    ) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self.keep_commits = resolve_keep_commits(keep_commits)
        self.metastore = resolve_server_url(metastore, "metastore")
        self.pagestore = resolve_server_url(pagestore, "pagestore")
        self.token = token or os.environ.get("GRAFT_TOKEN") or None
        wanted_id = ClientId.parse(client_id) if isinstance(client_id, str) else client_id
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._db: LocalDB | None = LocalDB(self.data_dir / "local")
        self._records = VolumeRecords(self._db)
        self._pins = PinRegistry()
        # Open iterators keep RocksDB's LOCK held after close(), so close() closes the readers.
        self._readers: weakref.WeakSet[VolumeReader] = weakref.WeakSet()
        self._locks: dict[VolumeId, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._runtime: SyncRuntime | None = None
        self._runtime_guard = threading.Lock()
        self._sync_errors = ErrorLog()
        # Notified after each write of a snapshot record: Volume.wait_remote_lsn waits on it.
        self._snapshots_changed = threading.Condition()
        self._fetch_stats = FetchStatsBook()
        self._prefetchers: dict[VolumeId, Prefetcher] = {}
        self._autosync: AutoSync | None = None
        try:
            self.client_id = self._load_client_id(wanted_id)
        except BaseException:
            self.close()
            raise
        log.debug("opened client %s at %s", self.client_id, self.data_dir)

    def _load_client_id(self, wanted: ClientId | None) -> ClientId:
        db = self._open_db()
        stored = db.get_meta(CLIENT_ID_KEY)
        if stored is None:
            cid = wanted or ClientId.random()
            db.put_meta(CLIENT_ID_KEY, bytes(cid))
            return cid
        cid = ClientId(stored)
        if wanted is not None and wanted != cid:
            raise InvalidInputError(
                f"data dir {self.data_dir} belongs to client {cid}, not {wanted}"
            )
        return cid

    def _open_db(self) -> LocalDB:
        if self._db is None:
            raise ClosedError(f"client for {self.data_dir} is closed")
        return self._db

    @property
    def has_remote(self) -> bool:
        return self.metastore is not None and self.pagestore is not None

    @property
    def runtime(self) -> SyncRuntime:
        """The sync runtime (event loop thread and HTTP clients), started on first use."""
        self._open_db()
        if not self.has_remote:
            missing = [name for name in ("metastore", "pagestore") if getattr(self, name) is None]
            what = "no servers" if len(missing) == 2 else f"no {missing[0]} URL"
            raise StorageError(
                f"{what} configured: pass metastore= and pagestore= to Client "
                "(graft: --metastore and --pagestore), or set GRAFT_METASTORE and GRAFT_PAGESTORE"
            )
        with self._runtime_guard:
            if self._runtime is None:
                assert self.metastore is not None and self.pagestore is not None
                self._runtime = SyncRuntime(self.metastore, self.pagestore, self.token)
            return self._runtime

    def start_autosync(self, *, wait_ms: int = 10_000) -> None:
        """Sync every volume whose sync mode is not ``disabled`` in the background until close()."""
        if self._autosync is None:
            self._autosync = AutoSync(self, wait_ms=wait_ms)
            self._autosync.start()

    @property
    def autosync_running(self) -> bool:
        return self._autosync is not None

    def stop_autosync(self) -> None:
        if self._autosync is not None:
            self._autosync.stop()
            self._autosync = None

    def _committed(self, vid: VolumeId) -> None:
        if self._autosync is not None:
            self._autosync.notify_commit(vid)

    def _prefetcher(self, vid: VolumeId) -> Prefetcher:
        with self._locks_guard:
            return self._prefetchers.setdefault(vid, Prefetcher())

    def _volume_lock(self, vid: VolumeId) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(vid, threading.Lock())

    def create_volume(self, sync: str | SyncMode = SyncMode.BOTH) -> Volume:
        """A new, empty volume with a fresh VolumeId."""
        mode = parse_sync_mode(sync)
        vid = VolumeId.random()
        db = self._open_db()
        batch = db.batch()
        self._records.put_config(batch, vid, VolumeConfig(mode, time.time_ns() // 1_000_000))
        db.write(batch, sync=True)
        log.info("created volume %s (sync %s)", vid, mode.value)
        return Volume(self, vid)

    def open_volume(self, vid: VolumeId | str, sync: str | SyncMode | None = None) -> Volume:
        """A volume this client has, or a lazy clone of a remote one when servers are configured.

        ``sync`` (if given) sets its sync mode. A clone pulls the latest remote snapshot: it
        learns which pages exist; their bytes are fetched on first read.
        """
        volume_id = _volume_id(vid)
        self._open_db()
        if self._records.config(volume_id) is None:
            if not self.has_remote:
                raise VolumeNotFoundError(f"volume {volume_id} does not exist in {self.data_dir}")
            return self._clone(volume_id, parse_sync_mode(sync or SyncMode.BOTH))
        volume = Volume(self, volume_id)
        if sync is not None:
            volume.sync_mode = sync
        if self.has_remote and self._records.watermarks(volume_id).pending_sync is not None:
            # A push was cut off (crash or outage): finish it in the background, unasked.
            runtime = self.runtime
            runtime.portal.start_task_soon(operations.resume_interrupted_push, runtime, volume)
        return volume

    def local_volume(self, vid: VolumeId | str) -> Volume:
        """A volume this client has, as it stands: unlike ``open_volume`` it neither clones a
        remote volume nor resumes an interrupted push (``VolumeNotFoundError`` if not here)."""
        volume_id = _volume_id(vid)
        self._open_db()
        if self._records.config(volume_id) is None:
            raise VolumeNotFoundError(f"volume {volume_id} does not exist in {self.data_dir}")
        return Volume(self, volume_id)

    def _clone(self, vid: VolumeId, mode: SyncMode) -> Volume:
        self.runtime.call(self.runtime.metastore.snapshot, vid)  # 404 if the servers lack it
        db = self._open_db()
        batch = db.batch()
        self._records.put_config(batch, vid, VolumeConfig(mode, time.time_ns() // 1_000_000))
        db.write(batch, sync=True)
        volume = Volume(self, vid)
        volume.pull()
        log.info("cloned volume %s", vid)
        return volume

    def volumes(self) -> list[VolumeInfo]:
        self._open_db()
        return [Volume(self, vid).info() for vid in self._records.vids()]

    def compact(self) -> ReclaimStats:
        """Reclaim superseded page versions of every volume now and release their disk space."""
        db = self._open_db()
        total = ReclaimStats()
        for vid in list(self._records.vids()):
            total += Volume(self, vid).reclaim()
        db.compact()
        return total

    def close(self) -> None:
        """Release the data directory; open readers and writers stop working. Idempotent."""
        for reader in list(self._readers):
            reader.close()
        self.stop_autosync()
        if self._runtime is not None:
            self._runtime.close()
            self._runtime = None
        db, self._db = self._db, None
        try:
            if db is not None:
                db.close()  # released even when it raises (a write failed before: disk full)
        finally:
            with self._snapshots_changed:
                self._snapshots_changed.notify_all()  # waiters find the client closed and raise

    def __repr__(self) -> str:
        return f"Client({str(self.data_dir)!r}, client_id={str(self.client_id)!r})"

    def delete_volume(self, vid: VolumeId | str) -> None:
        """Delete a volume's local state (pages, commits, sync state) in one durable batch.

        Unpushed commits are lost; the servers keep the volume's pushed commits, so
        ``open_volume`` clones it again. ``VolumeNotFoundError`` if this client lacks it.
        """
        volume_id = _volume_id(vid)
        db = self._open_db()
        with self._volume_lock(volume_id):
            delete_volume(db, self._records, volume_id)
        with self._locks_guard:
            self._prefetchers.pop(volume_id, None)
        log.info("deleted volume %s locally", volume_id)
