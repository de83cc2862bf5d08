"""LocalState: a client's data directory as one object, the only way to read or change it.

Every change is a typed transition: one atomic batch under the volume's lock. The sync operations
do the network calls and call these before and after them, so a crash between any two steps leaves
a state the next run recovers from: ``pending_sync`` names the local LSN being pushed until the
metastore's answer is recorded.

Only what cannot be learned again is fsynced before it counts. A local ``commit``, a config
change, ``reject_push``, ``mark_interrupted``, a reset and a rebase sync. ``begin_push`` writes
without a sync and the push syncs the WAL (``sync_wal``) before the metastore commit, overlapping
the segment upload: a crash before that leaves at most an orphan segment. ``finish_push`` and
``apply_pull`` record what the metastore can tell again: lost to a power cut (RocksDB keeps a
prefix of the writes, and a process crash loses none), the next run resumes the push by its
commit hash or pulls again. A later synced write, such as the next local commit, makes them
durable too. Fetched pages (and the fetch counters in their batch) can be fetched again, and
reclaiming can be redone: neither syncs.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

from graft_client.storage import bulk, delete, fetched, forks, inherit, pull, push, tags
from graft_client.storage.cipher import CipherSource, PageCipher, sealed_pages
from graft_client.storage.commits import commit_pages, now_ms
from graft_client.storage.db import LocalDB
from graft_client.storage.pages import page_versions
from graft_client.storage.pins import PinRegistry
from graft_client.storage.pull import PullOutcome
from graft_client.storage.push import PushPlan
from graft_client.storage.reclaim import ReclaimStats, plan_horizon, reclaim_volume
from graft_client.storage.records import (
    FetchStats,
    OriginRecord,
    StoreRequests,
    SyncError,
    SyncMode,
    VolumeConfig,
    VolumeStatus,
)
from graft_client.storage.snapshots import (
    CommitInfo,
    commit_log,
    retained_snapshot,
    to_snapshot,
)
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import (
    ClosedError,
    ConcurrentWriteError,
    InvalidInputError,
    KeyRequiredError,
    VolumeNotFoundError,
    WrongClusterError,
)
from graft_core.failpoints import failpoint
from graft_core.graft import Graft
from graft_core.ids import ClientId, VolumeId
from graft_core.interrupts import interrupts_held
from graft_core.types import LSN, LocalLSN, PageIdx, RemoteLSN, Snapshot

__all__ = ["CommitObserver", "LocalState", "claimed_client_id"]

Release = Callable[[], None]
Found = TypeVar("Found")  # what a pin finds along with the snapshot

log = logging.getLogger(__name__)

CLIENT_ID_KEY = b"client_id"

CommitObserver = Callable[[VolumeId], None]


def claimed_client_id(data_dir: Path, cid: ClientId, wanted: ClientId | None) -> ClientId:
    """``cid``, the data dir's client id, unless the caller wanted another."""
    if wanted is not None and wanted != cid:
        raise InvalidInputError(f"data dir {data_dir} belongs to client {cid}, not {wanted}")
    return cid


class LocalState:
    """Owns the RocksDB of ``data_dir``, the readers' pins and the per-volume locks.

    ``keep_commits`` recent local snapshots stay readable; older page versions are reclaimed as
    commits land (see ``storage.reclaim``).
    """

    def __init__(self, data_dir: Path, keep_commits: int, db: LocalDB | None = None) -> None:
        self.data_dir = data_dir
        self.keep_commits = keep_commits
        self._db: LocalDB | None = LocalDB(data_dir / "local") if db is None else db
        self._records = VolumeRecords(self._db)
        self._closed_why = f"client for {data_dir} is closed"
        self._abandoned: LocalDB | None = None  # see ``abandon``
        self._pins = PinRegistry()
        # Open iterators keep RocksDB's LOCK held after close(), so close() closes the views.
        self._views: weakref.WeakSet[SnapshotView] = weakref.WeakSet()
        # Reentrant: a subclass may hold a volume's lock around a transition (shared.state).
        self._locks: dict[VolumeId, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        # Tag changes in turn: a tag that must not move is checked and written in one step.
        self._tags_guard = threading.Lock()
        # Notified after each sync transition that writes a snapshot: wait_remote_lsn waits on it.
        self._snapshots_changed = threading.Condition()
        self._waiting = 0
        self._observers: list[CommitObserver] = []
        self._reclaim_after = 0.0  # monotonic time before which nothing is reclaimed
        # Makes the ciphers of volumes whose pages are sealed at rest (set by the client).
        self.ciphers: CipherSource | None = None
        # Whether each volume's pages are sealed at rest, for readers: fixed when a volume
        # comes here, until it is deleted here (an attached process, which does not see the
        # deletions of others, keeps its own: ``SharedState._attached_cipher``).
        self._sealed_at_rest: dict[VolumeId, bool] = {}
        # For commits: the volumes found stored as they are, under their lock. Sealing at rest
        # is chosen when a volume is created, so it stays so until the volume is deleted (which
        # forgets it under the same lock, ``_forget_sealing``): a commit reads no config then.
        self._stored_as_is: set[VolumeId] = set()
        # Per volume, under its lock: the LSN below which this process's reclaims deleted every
        # commit record. Nothing writes one below it again: commits, pulls and resets write
        # above the volume's last synced LSN, which reclaim keeps records from.
        self._records_from: dict[VolumeId, int] = {}

    # --- plumbing ---------------------------------------------------------------------------

    def _open(self) -> VolumeRecords:
        """The records to query or change (a subclass may bring them up to date first)."""
        return self.records()

    def records(self) -> VolumeRecords:
        """The records as they stand; ``ClosedError`` once closed."""
        if self._db is None:
            raise ClosedError(self._closed_why)
        return self._records

    @contextmanager
    def _locked(self, vid: VolumeId) -> Iterator[VolumeRecords]:
        records = self._open()
        with self._lock(vid):
            yield records

    def _lock(self, vid: VolumeId) -> threading.RLock:
        lock = self._locks.get(vid)  # a dict read is atomic: the guard only to add one
        if lock is None:
            with self._locks_guard:
                lock = self._locks.setdefault(vid, threading.RLock())
        return lock

    def _snapshot_written(self) -> None:
        with self._snapshots_changed:
            self._snapshots_changed.notify_all()

    def _committed(self, vid: VolumeId) -> None:
        for observer in self._observers:
            observer(vid)

    def add_commit_observer(self, observer: CommitObserver) -> None:
        """Call ``observer(vid)`` after each new local commit and reset (on the writing thread;
        it must not block)."""
        self._observers.append(observer)

    def load_client_id(self, wanted: ClientId | None) -> ClientId:
        """The data dir's client id, stored on first use (``wanted`` or a random one)."""
        db = self._open().db
        stored = db.get_meta(CLIENT_ID_KEY)
        if stored is None:
            cid = wanted or ClientId.random()
            db.put_meta(CLIENT_ID_KEY, bytes(cid))
            return cid
        return claimed_client_id(self.data_dir, ClientId(stored), wanted)

    # --- volumes ------------------------------------------------------------------------------

    def vids(self) -> list[VolumeId]:
        return list(self._open().vids())

    def storage_refusing(self) -> str | None:
        """Why the local storage takes no write until it is reopened, if it does."""
        return self._open().db.refusing

    def storage_full(self) -> bool:
        """Whether this process's local storage refuses writes because the disk was full
        (see ``LocalDB.refusing_for_space``)."""
        return self._open().db.refusing_for_space

    def has_volume(self, vid: VolumeId) -> bool:
        return self._open().config(vid) is not None

    def create_volume(
        self, vid: VolumeId, sync: SyncMode, keyring: bytes = b"", *, encrypt_local: bool = False
    ) -> None:
        assert keyring or not encrypt_local, "only an encrypted volume is sealed at rest"
        config = VolumeConfig(sync, now_ms(), keyring=keyring, encrypt_local=encrypt_local)
        self.set_config(vid, config)

    def config(self, vid: VolumeId) -> VolumeConfig:
        config = self._open().config(vid)
        assert config is not None, "only a known volume has a config"
        return config

    def cipher(self, vid: VolumeId, *, reading: bool = False) -> PageCipher | None:
        """The cipher of ``vid``'s pages at rest; None if they are stored as they are.
        ``reading``: for a reader, which may go by what an earlier reader found (writers read
        the config each time: a volume deleted and cloned again may have changed)."""
        if reading and self._sealed_at_rest.get(vid) is False:
            return None
        config = self._open().config(vid)
        if config is not None:
            self._sealed_at_rest[vid] = config.encrypt_local
        return self._cipher_of(vid, config)

    def _cipher_of(self, vid: VolumeId, config: VolumeConfig | None) -> PageCipher | None:
        """``cipher`` of a volume whose config is ``config`` (None: no volume)."""
        if config is None or not config.encrypt_local:
            return None
        if self.ciphers is None:
            raise KeyRequiredError(f"volume {vid} is sealed at rest: open it with its key")
        return self.ciphers(vid, config.keyring)

    def set_config(self, vid: VolumeId, config: VolumeConfig) -> None:
        with self._locked(vid) as records:
            batch = records.db.batch()
            records.put_config(batch, vid, config)
            records.db.write(batch, sync=True)
            self._forget_sealing(vid)

    def delete_volume(self, vid: VolumeId) -> None:
        """Remove every local key of ``vid`` in one durable batch (``VolumeNotFoundError`` if
        it is not here); refused while a reader or writer holds one of its snapshots."""
        with self._locked(vid) as records:
            if self._pins.oldest(vid) is not None:
                raise InvalidInputError(
                    f"volume {vid} has open readers or writers; close them{self._holders(vid)}"
                )
            delete.delete_volume(records, vid)
            self._forget_sealing(vid)
            self._records_from.pop(vid, None)  # made again, its LSNs start at 1

    def _holders(self, vid: VolumeId) -> str:
        """Which processes hold ``vid``'s pins, as the refusal to delete it names them: in
        one process, none to name."""
        return ""

    # --- tags -------------------------------------------------------------------------------

    def tag(self, name: str, vid: VolumeId, *, move: bool = True) -> None:
        """Name ``vid`` ``name``, durably: replacing what the name named, or unless ``move``,
        ``TagInUseError`` if it names another volume."""
        with self._tags_guard:
            tags.put_tag(self._open().db, name, vid, move=move)

    def untag(self, name: str) -> bool:
        """Remove tag ``name``; whether it existed."""
        with self._tags_guard:
            return tags.delete_tag(self._open().db, name)

    def tagged(self, name: str) -> VolumeId | None:
        """The volume tag ``name`` names, if any."""
        return tags.get_tag(self._open().db, name)

    def tags(self) -> dict[str, VolumeId]:
        return tags.tags(self._open().db)

    # --- queries ------------------------------------------------------------------------------

    def snapshot(self, vid: VolumeId) -> Snapshot | None:
        record = self._open().snapshot(vid)
        return None if record is None else to_snapshot(vid, record)

    def latest_lsn(self, vid: VolumeId) -> int:
        """The latest local LSN (0 before the first commit), from a cache most of the time."""
        record = self._open().snapshot(vid)
        return 0 if record is None else record.lsn

    def still_latest(self, vid: VolumeId, lsn: int) -> bool:
        """Whether ``lsn`` is still ``vid``'s latest local LSN, as far as this process tells
        without asking another one (False when it cannot tell)."""
        return self.latest_lsn(vid) == lsn

    def status(self, vid: VolumeId) -> VolumeStatus:
        records = self._open()
        status = records.status(vid)
        if status is VolumeStatus.OK and records.watermarks(vid).pending_sync is not None:
            return VolumeStatus.INTERRUPTED_PUSH  # a push was cut off; the next push resumes it
        return status

    def push_pending(self, vid: VolumeId) -> bool:
        """Whether a push was begun and its answer not recorded (a crash or an outage)."""
        return self._open().watermarks(vid).pending_sync is not None

    def unpushed_lsn(self, vid: VolumeId) -> LocalLSN | None:
        """The latest local LSN if it is not pushed yet (None if everything is)."""
        record = self._open().snapshot(vid)
        return record.lsn if record is not None and push.has_unpushed(record) else None

    def log(self, vid: VolumeId, start: int, limit: int | None) -> list[CommitInfo]:
        return commit_log(self._open(), vid, start, limit)

    def commit_grafts(self, vid: VolumeId, start: int, stop: int) -> list[Graft]:
        """The grafts of the retained local commits with start <= lsn < stop, in LSN order."""
        return [
            Graft.deserialize(record.graft) for _, record in self._open().commits(vid, start, stop)
        ]

    def page_versions(self, vid: VolumeId, first: int, last: int) -> list[tuple[int, int]]:
        """(pageidx, local LSN) of every stored version of pages first..last: what retention
        keeps on disk."""
        return list(page_versions(self._open().db, vid, first, last))

    def last_error(self, vid: VolumeId) -> SyncError | None:
        """Why the last push of the volume failed, until one succeeds or the volume is reset."""
        return self._open().last_error(vid)

    def last_sync_ms(self, vid: VolumeId) -> int | None:
        """When a push or pull of the volume last succeeded (kept across processes)."""
        return self._open().last_sync_ms(vid)

    def fetch_stats(self, vid: VolumeId) -> FetchStats:
        return self._open().fetch_stats(vid)

    def store_requests(self, vid: VolumeId) -> StoreRequests:
        return self._open().store_requests(vid)

    def add_store_requests(self, vid: VolumeId, more: StoreRequests) -> None:
        """Add ``more`` to the volume's stored request counts (statistics: an unsynced write;
        nothing is stored for a volume no longer here)."""
        with self._locked(vid) as records:
            if records.config(vid) is None:
                return
            batch = records.db.batch()
            records.put_store_requests(batch, vid, records.store_requests(vid) + more)
            records.db.write(batch, sync=False)

    def wait_remote_lsn(self, vid: VolumeId, lsn: int, timeout: float | None) -> bool:
        """Block until the volume maps remote LSN ``lsn`` or a later one; False on timeout.

        Raises ``ClosedError`` once the state is closed (``close()`` wakes the waiters).
        """

        def arrived() -> bool:
            snapshot = self.snapshot(vid)
            return snapshot is not None and (snapshot.remote_lsn or 0) >= lsn

        with self._snapshots_changed:
            self._waiting += 1
            try:
                return self._snapshots_changed.wait_for(arrived, timeout)
            finally:
                self._waiting -= 1

    @property
    def waiting(self) -> int:
        """How many threads wait in ``wait_remote_lsn`` now."""
        return self._waiting

    # --- reads and local commits --------------------------------------------------------------

    def open_view(
        self,
        vid: VolumeId,
        lsn: LocalLSN | None,
        fetch: FetchPending,
        inheritor: Inheritor | None = None,
    ) -> SnapshotView:
        """The latest snapshot, or the retained one at ``lsn``, pinned until the view closes;
        its PENDING pages are read with ``fetch``, a fork's inherited pages with ``inheritor``
        (closed with the view)."""

        def build(snapshot: Snapshot | None, _: None, release: Release | None) -> SnapshotView:
            cipher = self.cipher(vid, reading=True)
            return SnapshotView(self._open().db, vid, snapshot, release, fetch, inheritor, cipher)

        return self._open_view_with(vid, lambda: (self.pin(vid, lsn), None), build)

    def _open_view_with(
        self,
        vid: VolumeId,
        pin: Callable[[], tuple[Snapshot | None, Found]],
        build: Callable[[Snapshot | None, Found, Release | None], SnapshotView],
    ) -> SnapshotView:
        """``build``'s view of the snapshot of ``vid`` that ``pin`` pinned (with what it found
        along). If the view cannot open (no key, the wrong key) the pin is released, or the
        snapshot would stay pinned with no view to release it; Ctrl-C waits meanwhile."""
        with interrupts_held():
            snapshot, found = pin()
            release = None if snapshot is None else partial(self.unpin, vid, snapshot.lsn)
            try:
                view = build(snapshot, found, release)
            except BaseException:
                if release is not None:
                    release()
                raise
            self._views.add(view)
            return view

    def read_page(
        self,
        vid: VolumeId,
        snapshot: Snapshot,
        pageidx: int,
        fetch: FetchPending,
        inheritor: Inheritor | None = None,
    ) -> bytes:
        """One page of ``snapshot``, which the caller holds pinned."""
        cipher = self.cipher(vid, reading=True)
        view = SnapshotView(self._open().db, vid, snapshot, None, fetch, inheritor, cipher)
        try:
            return view.read(pageidx)
        finally:
            view.close()

    def pin(self, vid: VolumeId, lsn: LocalLSN | None) -> Snapshot | None:
        """The latest snapshot, or the retained one at ``lsn``, pinned (not reclaimed) until
        ``unpin``; None (nothing pinned) before the first commit."""
        with self._locked(vid) as records:
            if lsn is None:
                record = records.snapshot(vid)
                snapshot = None if record is None else to_snapshot(vid, record)
            else:
                snapshot = retained_snapshot(records, vid, lsn)
            if snapshot is not None:
                self._pins.pin(vid, snapshot.lsn)
            return snapshot

    def unpin(self, vid: VolumeId, lsn: int) -> None:
        self._pins.unpin(vid, lsn)

    def write_mark(self) -> int | None:
        """Changes whenever the database is written; None while a write is in flight."""
        return self._open().db.settled_mark()

    def commit(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
        *,
        reread: bool = True,
    ) -> Snapshot | None:
        """``dirty`` over ``base`` as the next local LSN; ``base`` itself if nothing changed.
        ``reread``: whether the caller may open a reader of the new snapshot next (a process
        attached to another's data dir then has it pinned along, and opens that reader with no
        round trip).

        Raises ``ConcurrentWriteError`` if another commit landed since ``base``.
        """
        base_count = 0 if base is None else base.page_count
        if not dirty and page_count == base_count and shrunk_to >= base_count:
            return base
        assert all(idx <= page_count for idx in dirty), "dirty pages above the page count"
        return self.apply_commit(vid, base, dirty, page_count, shrunk_to, reread=reread)

    def apply_commit(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
        *,
        reread: bool = True,
    ) -> Snapshot:
        """``commit`` once it is known to change something."""
        snapshot, ticket = self.write_commit(vid, base, dirty, page_count, shrunk_to)
        self.settle_commit(vid, ticket)
        return snapshot

    def landed(self, vid: VolumeId, base: Snapshot | None, commit_id: bytes) -> Snapshot | None:
        """For a writer that lost the answer to its commit (the process owning the data dir
        went away): the snapshot that its commit over ``base`` (sent with ``commit_id``)
        made, or None if the volume is still at ``base`` (nothing landed: the commit may be
        sent again). ``ConcurrentWriteError`` if another commit landed over ``base``."""
        lsn = LocalLSN(LSN(1 if base is None else base.lsn + 1))
        with self._locked(vid) as records:
            latest = records.snapshot(vid)
            if (latest and latest.lsn) == (base and base.lsn):
                return None
            record = records.commit(vid, lsn)
        snapshot = None if record is None else self.pin(vid, lsn)
        if snapshot is None:
            raise ConcurrentWriteError(f"volume {vid} moved past LSN {lsn} since this commit")
        self.unpin(vid, snapshot.lsn)
        assert record is not None
        if record.commit_id != commit_id:
            raise ConcurrentWriteError(
                f"another commit landed on volume {vid} at LSN {lsn}, over this one's base"
            )
        return snapshot

    def write_commit(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
        commit_id: bytes | None = None,
    ) -> tuple[Snapshot, int]:
        """``apply_commit`` but for its WAL sync: the new snapshot, which readers see already,
        and the ticket that ``settle_commit`` waits on before anyone is told it committed."""
        failpoint("commit.before_write")
        with self._locked(vid) as records:
            dirty = sealed_pages(self._commit_cipher(records, vid), dirty)
            new, ticket = commit_pages(
                records, vid, base, dirty, page_count, shrunk_to, sync=False, commit_id=commit_id
            )
        failpoint("commit.written")
        return to_snapshot(vid, new), ticket

    def _forget_sealing(self, vid: VolumeId) -> None:
        """``vid``'s config changed or went (the volume's lock held): what readers and commits
        learned of its sealing at rest is read again."""
        self._stored_as_is.discard(vid)
        self._sealed_at_rest.pop(vid, None)

    def _commit_cipher(self, records: VolumeRecords, vid: VolumeId) -> PageCipher | None:
        """``cipher(vid)`` for a commit, the volume's lock held; ``VolumeNotFoundError`` if
        the volume went (a handle kept past its deletion: nothing may land for no volume)."""
        if vid in self._stored_as_is:
            return None
        config = records.config(vid)
        if config is None:
            raise VolumeNotFoundError(f"volume {vid} does not exist in {self.data_dir}")
        if not config.encrypt_local:
            self._stored_as_is.add(vid)
        return self._cipher_of(vid, config)

    def settle_commit(self, vid: VolumeId, ticket: int, gather_s: float = 0.0) -> None:
        """Reclaim once enough commits came since the last reclaim, wait until the commit
        that ``write_commit`` gave ``ticket`` is durable (one WAL fsync shared with the commits
        written meanwhile, or within ``gather_s``: see ``LocalDB.wait_durable``), then tell
        the observers. The reclaim is here, not in ``write_commit``: the writer lease is
        handed on in between, so the next writer does not wait for it."""
        with self._locked(vid) as records:
            latest = records.snapshot(vid)
            keep = self.keep_commits
            checkpoint = records.watermarks(vid).checkpoint
            if latest is not None and latest.lsn - checkpoint >= keep + max(1, keep // 4):
                self._reclaim_locked(records, vid)
        records.db.wait_durable(ticket, gather_s=gather_s)
        self._committed(vid)

    def create_filled(
        self, vid: VolumeId, sync: SyncMode, chunks: Iterable[Sequence[bytes | memoryview]]
    ) -> Snapshot | None:
        """Create ``vid`` with pages 1, 2, ... from ``chunks`` as its first local commit,
        durably; the volume does not exist until then (see ``storage.bulk``)."""
        with self._locked(vid) as records:
            new = bulk.bulk_create(records, vid, VolumeConfig(sync, now_ms()), chunks)
        if new is None:
            return None
        self._committed(vid)
        return to_snapshot(vid, new)

    # --- retention ----------------------------------------------------------------------------

    def defer_reclaim(self, seconds: float) -> None:
        """Reclaim nothing for ``seconds``: pins held elsewhere are about to be registered."""
        self._reclaim_after = time.monotonic() + seconds

    def _reclaim_locked(self, records: VolumeRecords, vid: VolumeId) -> ReclaimStats:
        latest = records.snapshot(vid)
        if latest is None or time.monotonic() < self._reclaim_after:
            return ReclaimStats()
        pins = [pin for pin in (self._pins.oldest(vid), inherit.fork_pin(records, vid)) if pin]
        horizon = plan_horizon(
            latest, records.watermarks(vid), self.keep_commits, min(pins, default=None)
        )
        sync = self.config(vid).sync
        start = self._records_from.get(vid, 1)
        stats, self._records_from[vid] = reclaim_volume(
            records.db, records, vid, horizon, sync, start
        )
        return stats

    def reclaim(self, vid: VolumeId) -> ReclaimStats:
        """Delete page versions and commit records outside the retention policy now."""
        with self._locked(vid) as records:
            return self._reclaim_locked(records, vid)

    def compact(self) -> ReclaimStats:
        """Reclaim every volume, then let RocksDB release the disk space."""
        total = ReclaimStats()
        for vid in self.vids():
            total += self.reclaim(vid)
        self._open().db.compact()
        return total

    # --- push ---------------------------------------------------------------------------------

    def begin_push(
        self, vid: VolumeId, stopping: push.Stopping = push.never, key_id: int | None = None
    ) -> PushPlan | None:
        """The commit to push, with ``pending_sync`` set (not yet durable: see ``sync_wal``)
        and the data key a new push seals with (``key_id``); ``ClosedError`` once
        ``stopping()`` says so while its pages are read."""
        cipher = self.cipher(vid)
        with self._locked(vid) as records:
            opener = None if cipher is None else cipher.open
            return push.begin_push(records, vid, opener, stopping, key_id)

    def sync_wal(self) -> None:
        """Make every write so far durable (one WAL fsync)."""
        self._open().db.sync_wal()

    def finish_push(self, vid: VolumeId, plan: PushPlan, remote_lsn: RemoteLSN) -> None:
        with self._locked(vid) as records:
            push.finish_push(records, vid, plan, remote_lsn)
        self._snapshot_written()

    def reject_push(self, vid: VolumeId, error: SyncError) -> None:
        with self._locked(vid) as records:
            push.reject_push(records, vid, error)

    def mark_interrupted(self, vid: VolumeId, error: SyncError) -> None:
        with self._locked(vid) as records:
            push.mark_interrupted(records, vid, error)

    # --- pull, reset, fetch -------------------------------------------------------------------

    def apply_pull(
        self,
        vid: VolumeId,
        remote_lsn: RemoteLSN,
        page_count: int,
        graft: Graft,
        *,
        rebase: bool,
        cut: int | None = None,
        origin: OriginRecord | None = None,
    ) -> PullOutcome:
        with self._locked(vid) as records:
            outcome = pull.apply_pull(
                records, vid, remote_lsn, page_count, graft, rebase=rebase, cut=cut, origin=origin
            )
        if outcome in (PullOutcome.APPLIED, PullOutcome.REBASED):
            self._snapshot_written()
        return outcome

    def check_cluster(self, vid: VolumeId, cluster: uuid.UUID, servers: str) -> None:
        """Refuse servers of another cluster than the one the volume synced with: their history
        of it is not its history (``WrongClusterError``; nothing is written)."""
        bound = self._open().cluster(vid)
        if bound is not None and bound != cluster:
            raise WrongClusterError(
                f"volume {vid} syncs with the servers of cluster {bound}, but {servers} "
                f"belongs to cluster {cluster}: point the client at the volume's "
                "servers (or delete the local copy and clone it from these)"
            )

    def bind_cluster(self, vid: VolumeId, cluster: uuid.UUID) -> None:
        """After a first successful push or pull: the volume syncs with ``cluster`` from now on
        (unsynced: lost to a power cut, the next sync records it again)."""
        with self._locked(vid) as records:
            if records.cluster(vid) is None:
                batch = records.db.batch()
                records.put_cluster(batch, vid, cluster)
                records.db.write(batch, sync=False)

    def note_synced(self, vid: VolumeId) -> None:
        """A pull found the volume up to date (see ``pull.note_synced``)."""
        with self._locked(vid) as records:
            pull.note_synced(records, vid)

    def reset(self, vid: VolumeId) -> None:
        """Drop unpushed local commits (as a new local LSN equal to the last synced state)."""
        with self._locked(vid) as records:
            pull.reset_to_remote(records, vid)
        self._snapshot_written()
        self._committed(vid)

    def pending_pages(self, vid: VolumeId) -> dict[LocalLSN, list[PageIdx]]:
        return fetched.pending_pages(self._open(), vid)

    def pending_count(self, vid: VolumeId) -> int:
        """How many pages of the latest snapshot are PENDING (not fetched yet)."""
        return sum(len(idxs) for idxs in self.pending_pages(vid).values())

    def pending_batch(
        self, vid: VolumeId, pageidx: int, lsn: int, window: range
    ) -> tuple[LocalLSN, list[PageIdx]]:
        return fetched.pending_batch(self._open(), vid, pageidx, lsn, window)

    def read_plan(
        self, vid: VolumeId, version_lsn: LocalLSN, pageidxs: list[PageIdx]
    ) -> dict[RemoteLSN, list[PageIdx]]:
        return fetched.read_plan(self._open(), vid, version_lsn, pageidxs)

    def pending_range(self, vid: VolumeId, version_lsn: LocalLSN) -> tuple[int, RemoteLSN]:
        return fetched.pending_range(self._open(), vid, version_lsn)

    def store_fetched(
        self,
        vid: VolumeId,
        version_lsn: LocalLSN,
        pages: Mapping[PageIdx, bytes],
        stats: FetchStats,
    ) -> None:
        sealed = sealed_pages(self.cipher(vid), pages)
        with self._locked(vid) as records:
            fetched.store_fetched(records, vid, version_lsn, sealed, stats)

    # --- forks ----------------------------------------------------------------------------------

    def origin(self, vid: VolumeId) -> OriginRecord | None:
        """Where the fork ``vid`` starts (None if it is not a fork)."""
        return self._open().origin(vid)

    def create_fork(
        self,
        vid: VolumeId,
        origin: OriginRecord,
        config: VolumeConfig,
        cluster: uuid.UUID | None,
    ) -> None:
        with self._locked(vid) as records:
            forks.create_fork(records, vid, origin, config, cluster)

    def cluster(self, vid: VolumeId) -> uuid.UUID | None:
        """The cluster the volume syncs with (None before its first sync)."""
        return self._open().cluster(vid)

    def inherited_batch(self, vid: VolumeId, lsn: int, window: range) -> dict[PageIdx, LocalLSN]:
        return inherit.inherited_batch(self._open(), vid, lsn, window)

    def store_inherited(
        self, vid: VolumeId, pages: Mapping[PageIdx, tuple[LocalLSN, bytes]], stats: FetchStats
    ) -> None:
        sealed = sealed_pages(self.cipher(vid), {idx: page for idx, (_, page) in pages.items()})
        kept = {idx: (at, sealed[idx]) for idx, (at, _) in pages.items()}
        with self._locked(vid) as records:
            inherit.store_inherited(records, vid, kept, stats)

    # --- lifetime -----------------------------------------------------------------------------

    def views_read(self, db: LocalDB) -> bool | None:
        """Whether an open view reads ``db``; None when that cannot be told now (views opened
        as this looked)."""
        try:
            return any(view.reads(db) for view in list(self._views))
        except RuntimeError:  # the weak set changed while copied
            return None

    def check_open(self) -> None:
        """Raise ``ClosedError`` once the state is closed."""
        self._open()

    def abandon(self, why: str) -> None:
        """In a child forked from the process that opened it: unusable (``ClosedError``
        saying ``why``), and nothing closed. RocksDB's threads stayed in the parent, and
        closing its handles here would write into the parent's database: they are kept, never
        dropped (``Client``'s fork handling keeps this object alive to the end)."""
        self._closed_why = why
        self._abandoned, self._db = self._db, None

    def close(self) -> None:
        """Close open views and the database. Idempotent."""
        for view in list(self._views):
            view.close()
        db, self._db = self._db, None
        try:
            if db is not None:
                db.close()  # released even when it raises (a write failed before: disk full)
        finally:
            self._snapshot_written()  # waiters find the state closed and raise
