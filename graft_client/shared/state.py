"""SharedState: a ``LocalState`` any process of the device may hold.

In the owner it is the ``LocalState`` itself (the RocksDB primary). In an attached process it
reads a RocksDB secondary instance of the same database, caught up with the owner when a read
needs something newer (a query, or the first page read of a snapshot the secondary lacks), and
sends every change to the owner: commits, pins of the snapshots its readers hold, config.
When this process takes over, it opens the primary and moves its pins there; the secondary
stays open for the readers that use it, so they keep reading their snapshots.
"""

from __future__ import annotations

import os
import secrets
import shutil
import threading
import uuid
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from itertools import chain
from pathlib import Path

from graft_client.shared.link import OwnerLink
from graft_client.shared.node import SharedDir
from graft_client.shared.view import AttachedView, read_unless_inherited
from graft_client.shared.wire import snapshot_from_wire, snapshot_to_wire
from graft_client.storage.db import LocalDB
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import OriginRecord, SyncMode, VolumeConfig, decode, encode
from graft_client.storage.state import LocalState, claimed_client_id
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_client.storage.volumes import VolumeRecords
from graft_core.ids import ClientId, VolumeId
from graft_core.types import LocalLSN, Snapshot

__all__ = [
    "ATTACHED_DIR",
    "SharedState",
    "config_from_wire",
    "fork_from_wire",
    "fork_to_wire",
    "remove_stale_secondaries",
    "stats_to_wire",
]


# Under the data dir: one directory per attached process for its secondary instance's files.
ATTACHED_DIR = "attached"
# After a takeover, how long reclaim waits for the other processes to pin their readers'
# snapshots again (takeovers take well under a second).
REPIN_GRACE_S = 5.0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_secondaries(data_dir: Path) -> None:
    """Remove the secondary directories of processes that are gone (the owner does, at start)."""
    root = data_dir / ATTACHED_DIR
    if not root.is_dir():
        return
    for entry in root.iterdir():
        pid = entry.name.partition("-")[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(entry, ignore_errors=True)


class SharedState(LocalState):
    def __init__(self, data_dir: Path, keep_commits: int, shared: SharedDir) -> None:
        self._shared = shared
        self._secondaries: list[tuple[LocalDB, Path]] = []
        # Attached: the pins this process's readers hold at the owner, to hold again at the
        # next owner (or here, on taking over).
        self._remote_pins: Counter[tuple[VolumeId, int]] = Counter()
        self._pins_guard = threading.Lock()
        self._caught_up: int | None = None
        self._catch_up_guard = threading.Lock()
        self._catching: threading.Thread | None = None  # a catch-up in the background
        self._catching_guard = threading.Lock()
        if shared.is_owner:
            remove_stale_secondaries(data_dir)
            super().__init__(data_dir, keep_commits)
        else:
            super().__init__(data_dir, keep_commits, self._open_secondary(data_dir))

    def _open_secondary(self, data_dir: Path) -> LocalDB:
        path = data_dir / ATTACHED_DIR / f"{os.getpid()}-{secrets.token_hex(4)}"
        path.mkdir(parents=True)
        db = LocalDB(data_dir / "local", secondary=path)
        self._secondaries.append((db, path))
        return db

    @property
    def is_owner(self) -> bool:
        return self._shared.is_owner

    def load_client_id(self, wanted: ClientId | None) -> ClientId:
        if self.is_owner:
            return super().load_client_id(wanted)
        # Asked of the owner when attaching: no call to it before the client is complete.
        return claimed_client_id(self.data_dir, ClientId(self._shared.owner_client_id), wanted)

    # --- reads: catch the secondary up when the owner wrote since ---------------------------

    def _open(self) -> VolumeRecords:
        records = self.records()
        if records.db.secondary:
            mark = self._shared.call(lambda: None, "mark")
            with self._catch_up_guard:
                if mark is None or mark != self._caught_up:
                    records.db.catch_up()
                    self._caught_up = mark
        return records

    def _has(self, records: VolumeRecords, vid: VolumeId, lsn: int) -> bool:
        """Whether the secondary behind ``records`` has the snapshot at ``lsn`` (if not, a
        catch-up starts in the background)."""
        record = records.snapshot(vid)
        if record is not None and record.lsn >= lsn:
            return True
        with self._catching_guard:
            if self._catching is None:
                self._catching = threading.Thread(
                    target=self._catch_up_behind, args=(records.db,), daemon=True
                )
                self._catching.start()
        return False

    def _catch_up_behind(self, db: LocalDB) -> None:
        try:
            with self._catch_up_guard:
                db.catch_up()
        finally:
            with self._catching_guard:
                self._catching = None

    def _read_remote(
        self, vid: VolumeId, snapshot: Snapshot, fetch: FetchPending, pageidx: int
    ) -> bytes | None:
        """A page of ``snapshot`` as the owner reads it (this process, after a takeover); None
        for a page a fork inherits, which the view reads through its own inheritor."""
        local = partial(read_unless_inherited, self, vid, snapshot, pageidx, fetch)
        found: bytes | None = self._shared.call(
            local, "read", bytes(vid), snapshot.lsn, snapshot.page_count, pageidx
        )
        return found

    def snapshot(self, vid: VolumeId) -> Snapshot | None:
        local = partial(LocalState.snapshot, self, vid)
        if self.is_owner:
            return local()
        return snapshot_from_wire(
            self._shared.call(lambda: snapshot_to_wire(local()), "snapshot", bytes(vid))
        )

    def latest_lsn(self, vid: VolumeId) -> int:
        if self.is_owner:
            return super().latest_lsn(vid)
        snapshot = self.snapshot(vid)
        return 0 if snapshot is None else snapshot.lsn

    def wait_remote_lsn(self, vid: VolumeId, lsn: int, timeout: float | None) -> bool:
        local = partial(LocalState.wait_remote_lsn, self, vid, lsn, timeout)
        return bool(self._shared.call(local, "wait_remote_lsn", bytes(vid), lsn, timeout))

    # --- pins -------------------------------------------------------------------------------

    def open_view(
        self,
        vid: VolumeId,
        lsn: LocalLSN | None,
        fetch: FetchPending,
        inheritor: Inheritor | None = None,
    ) -> SnapshotView:
        if self.is_owner:
            return super().open_view(vid, lsn, fetch, inheritor)
        snapshot = self.pin(vid, lsn)
        release = None if snapshot is None else partial(self.unpin, vid, snapshot.lsn)
        records = self.records()
        cipher = self.cipher(vid, reading=True)
        if snapshot is None or not records.db.secondary:
            view = SnapshotView(records.db, vid, snapshot, release, fetch, inheritor, cipher)
        else:
            here = partial(self._has, records, vid, snapshot.lsn)
            remote = partial(self._read_remote, vid, snapshot, fetch)
            view = AttachedView(
                records.db, vid, snapshot, release, fetch, here, remote, inheritor, cipher
            )
        self._views.add(view)
        return view

    def pin(self, vid: VolumeId, lsn: LocalLSN | None) -> Snapshot | None:
        local = partial(LocalState.pin, self, vid, lsn)
        # Counted before the owner answers: a takeover meanwhile pins it again, at worst twice.
        found = self._shared.call(lambda: snapshot_to_wire(local()), "pin", bytes(vid), lsn)
        snapshot = snapshot_from_wire(found)
        if snapshot is not None and not self.is_owner:
            with self._pins_guard:
                self._remote_pins[vid, snapshot.lsn] += 1
        return snapshot

    def unpin(self, vid: VolumeId, lsn: int) -> None:
        with self._pins_guard:
            remote = self._remote_pins[vid, lsn] > 0
            if remote:
                self._remote_pins[vid, lsn] -= 1
                if not self._remote_pins[vid, lsn]:
                    del self._remote_pins[vid, lsn]
        if not remote:
            super().unpin(vid, lsn)
            return
        link = self._shared.link()
        if link is not None:
            link.notify("unpin", bytes(vid), lsn)

    # --- changes go to the owner ------------------------------------------------------------

    def set_config(self, vid: VolumeId, config: VolumeConfig) -> None:
        local = partial(LocalState.set_config, self, vid, config)
        self._shared.call(local, "set_config", bytes(vid), encode(config))

    def delete_volume(self, vid: VolumeId) -> None:
        local = partial(LocalState.delete_volume, self, vid)
        self._shared.call(local, "delete_volume", bytes(vid), retry=False)

    def tag(self, name: str, vid: VolumeId) -> None:
        local = partial(LocalState.tag, self, name, vid)
        self._shared.call(local, "tag", name, bytes(vid))

    def untag(self, name: str) -> bool:
        local = partial(LocalState.untag, self, name)
        return bool(self._shared.call(local, "untag", name))

    def create_fork(
        self,
        vid: VolumeId,
        origin: OriginRecord,
        config: VolumeConfig,
        cluster: uuid.UUID | None,
    ) -> None:
        local = partial(LocalState.create_fork, self, vid, origin, config, cluster)
        wire = fork_to_wire(origin, config, cluster)
        self._shared.call(local, "create_fork", bytes(vid), *wire, retry=False)

    def apply_commit(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
    ) -> Snapshot:
        local = partial(LocalState.apply_commit, self, vid, base, dirty, page_count, shrunk_to)
        found = self._shared.call(
            lambda: snapshot_to_wire(local()),
            "commit",
            bytes(vid),
            snapshot_to_wire(base),
            dict(dirty),
            page_count,
            shrunk_to,
            retry=False,
        )
        snapshot = snapshot_from_wire(found)
        assert snapshot is not None
        return snapshot

    def create_filled(
        self, vid: VolumeId, sync: SyncMode, chunks: Iterable[Sequence[bytes | memoryview]]
    ) -> Snapshot | None:
        if self.is_owner:
            return super().create_filled(vid, sync, chunks)
        # Another process's files cannot be loaded into the owner's database: the pages go to
        # the owner as one ordinary commit (held in memory here; only the owner's load streams),
        # and the volume exists, empty, until that commit lands.
        pages = {idx: bytes(page) for idx, page in enumerate(chain.from_iterable(chunks), 1)}
        self.create_volume(vid, sync)
        try:
            return self.commit(vid, None, pages, len(pages), len(pages))
        except BaseException:
            self.delete_volume(vid)
            raise

    def reclaim(self, vid: VolumeId) -> ReclaimStats:
        local = partial(LocalState.reclaim, self, vid)
        found = self._shared.call(lambda: stats_to_wire(local()), "reclaim", bytes(vid))
        return ReclaimStats(*found)

    def compact(self) -> ReclaimStats:
        local = partial(LocalState.compact, self)
        return ReclaimStats(*self._shared.call(lambda: stats_to_wire(local()), "compact"))

    # --- changing roles ---------------------------------------------------------------------

    def promote(self) -> None:
        """This process took the lock: open the primary (recovering as a fresh start does)
        and hold its readers' pins here."""
        primary = LocalDB(self.data_dir / "local")
        with self._pins_guard:
            self._db = primary
            self._records = VolumeRecords(primary)
            for (vid, lsn), count in self._remote_pins.items():
                for _ in range(count):
                    self._pins.pin(vid, lsn)
            self._remote_pins.clear()
        # The other processes hold their readers' pins again once they find this owner.
        self.defer_reclaim(REPIN_GRACE_S)
        remove_stale_secondaries(self.data_dir)

    def reattach(self, link: OwnerLink) -> None:
        """A new owner: pin there what this process's readers hold."""
        with self._pins_guard:
            pins = [[bytes(vid), lsn, n] for (vid, lsn), n in self._remote_pins.items()]
        self._caught_up = None  # the new owner counts its writes anew
        link.call("repin", pins)

    def close(self) -> None:
        with self._catching_guard:
            catching = self._catching
        if catching is not None:
            catching.join()  # RocksDB must not close under a catch-up
        current = self._db
        try:
            super().close()
        finally:
            for db, path in self._secondaries:
                if db is not current:
                    db.close()
                shutil.rmtree(path, ignore_errors=True)
            self._secondaries.clear()


def config_from_wire(raw: bytes) -> VolumeConfig:
    return decode(raw, VolumeConfig)


def fork_to_wire(
    origin: OriginRecord, config: VolumeConfig, cluster: uuid.UUID | None
) -> tuple[bytes, bytes, bytes | None]:
    return encode(origin), encode(config), None if cluster is None else cluster.bytes


def fork_from_wire(
    origin: bytes, config: bytes, cluster: bytes | None
) -> tuple[OriginRecord, VolumeConfig, uuid.UUID | None]:
    found = None if cluster is None else uuid.UUID(bytes=cluster)
    return decode(origin, OriginRecord), config_from_wire(config), found


def stats_to_wire(stats: ReclaimStats) -> list[int]:
    return [stats.pages, stats.commits]
