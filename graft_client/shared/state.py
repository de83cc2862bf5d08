"""SharedState: a ``LocalState`` any process of the device may hold.

In the owner it is the ``LocalState`` itself (the RocksDB primary). In an attached process it
reads a RocksDB secondary instance of the same database, caught up with the owner before a
query when the owner wrote since, and otherwise rarely, in the background: a reader's pin says
which pages changed since the secondary's LSN (``changes``), and those are read through the
owner. It sends every change to the owner: commits, pins of the snapshots its readers hold,
config.
When this process takes over, it opens the primary and moves its pins there; the secondary
stays open for the readers that use it, so they keep reading their snapshots.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from itertools import chain
from pathlib import Path
from typing import Any

from graft_client.shared.alarm import Alarm
from graft_client.shared.changes import Changed, ChangeLog
from graft_client.shared.leases import HERE, HandOver, WriterLeases
from graft_client.shared.link import SOON_S, OwnerLink
from graft_client.shared.node import SharedDir
from graft_client.shared.versions import CACHED_COMMIT_PAGES, PageVersions
from graft_client.shared.view import AttachedView, RemoteReads, read_unless_inherited
from graft_client.shared.wire import OwnerGoneError, snapshot_from_wire, snapshot_to_wire
from graft_client.shared.writecount import WRITE_COUNT, WriteCount, read_count
from graft_client.storage.cipher import PageCipher
from graft_client.storage.db import LocalDB
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import OriginRecord, SyncMode, VolumeConfig, decode, encode
from graft_client.storage.snapshots import to_snapshot
from graft_client.storage.state import LocalState, claimed_client_id
from graft_client.storage.view import FetchPending, Inheritor, SnapshotView
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import (
    ClosedError,
    ConcurrentWriteError,
    StorageError,
    VolumeNotFoundError,
)
from graft_core.ids import ClientId, VolumeId
from graft_core.types import LocalLSN, Snapshot

__all__ = [
    "ATTACHED_DIR",
    "SharedState",
    "changed_from_wire",
    "committed_to_wire",
    "config_from_wire",
    "fork_from_wire",
    "fork_to_wire",
    "pinned_to_wire",
    "remove_stale_secondaries",
    "stats_to_wire",
]


log = logging.getLogger(__name__)

# Under the data dir: one directory per attached process for its secondary instance's files.
ATTACHED_DIR = "attached"
# An attached reader whose secondary is this many changed pages behind has it caught up (in the
# background; it reads those pages through the owner meanwhile).
CATCH_UP_PAGES = 128
PinKey = tuple[VolumeId, int]  # a volume's snapshot: (vid, local LSN)

# How long a commit that handed the writer lease on, with more writers waiting, waits for the
# next writer's commit to share its WAL sync (``LocalDB.wait_durable``): the writer that made it
# waits its turn meanwhile anyway. About two commits' time here; bounds the delay of a commit
# whose next writer does not commit.
GATHER_S = 0.002
# The random id of a commit sent to the owner (``CommitRecord.commit_id``).
COMMIT_ID_BYTES = 16
# After a takeover, how long reclaim waits for the other processes to pin their readers'
# snapshots again (takeovers take well under a second).
REPIN_GRACE_S = 5.0
# How long a deletion waits for the readers other processes closed to be let go of: they say
# so within ``SOON_S``, unless their process is busy.
RELEASED_WAIT_S = 4 * SOON_S
# How long an attached process keeps the pin of the latest snapshot after its last reader here
# closed: the next reader (a writer's, in a loop of commits) takes it with no round trip while
# the owner's write count says it is still the latest. Let go of within ``RELEASED_WAIT_S``.
LINGER_S = SOON_S


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


def _commit_to_wire(
    vid: VolumeId,
    base: Snapshot | None,
    dirty: Mapping[int, bytes],
    page_count: int,
    shrunk_to: int,
    commit_id: bytes,
) -> list[Any]:
    """A commit's arguments as the owner's ``commit`` takes them."""
    return [bytes(vid), snapshot_to_wire(base), dict(dirty), page_count, shrunk_to, commit_id]


class SharedState(LocalState):
    def __init__(self, data_dir: Path, keep_commits: int, shared: SharedDir) -> None:
        self._shared = shared
        self._secondaries: list[tuple[LocalDB, Path]] = []
        # Attached: the pins this process's readers hold at the owner, to hold again at the
        # next owner (or here, on taking over): how many readers hold each (the owner holds
        # one pin for them), and its snapshot and changed pages for the next reader of it.
        self._remote_pins: Counter[PinKey] = Counter()
        self._held: dict[PinKey, tuple[Snapshot, Changed | None]] = {}
        # Base snapshot -> the snapshot a commit on it pinned for the next reader (a spare
        # until a reader takes it: in ``_held``, not counted in ``_remote_pins``).
        self._spares: dict[PinKey, PinKey] = {}
        # Pins of the latest snapshot that no reader here holds any more, kept (in ``_held``,
        # not counted) until the time noted, then let go of at the owner by the alarm.
        self._lingering: dict[PinKey, float] = {}
        self._linger_alarm = Alarm(self._let_lingering_go, "graft-pins")
        self._pins_guard = threading.Lock()
        self._caught_up: int | None = None
        self._catch_up_guard = threading.Lock()
        self._catching: threading.Thread | None = None  # a catch-up in the background
        self._catching_guard = threading.Lock()
        # Owner: which pages its commits changed (see ``changes``); the pages of its newest
        # commit, when few, as (vid, lsn, pages): what a pin answered next sends along.
        self.changes = ChangeLog()
        self._newest: tuple[VolumeId, int, dict[int, bytes]] | None = None
        # The writer leases, which a commit may hand over (set by the client).
        self.leases: WriterLeases | None = None
        # Owner: the pins of a volume each attached process holds here, by pid (the service's).
        self.pins_by_pid: Callable[[VolumeId], Counter[int]] = lambda vid: Counter()
        # Attached: the volumes its readers read; for each, the owner's change log token and
        # the LSN at which the secondary is known to hold it; pages it read or committed.
        self._interest: set[VolumeId] = set()
        self._known: dict[VolumeId, tuple[int, int]] = {}
        self._versions = PageVersions()
        # Attached: the change log tokens under which volumes were found stored as they are.
        # A volume deleted and made again by another process gets a new token; its sealing
        # may differ then, and nothing else here hears of the deletion.
        self._plain_under: dict[VolumeId, int] = {}
        # Attached: per volume, a snapshot's LSN and the owner's write count (``WriteCount``)
        # when it was the latest: while the count reads the same, it still is.
        self._latest_as_of: dict[VolumeId, tuple[int, int]] = {}
        # Owner: the count of its writes, published for the attached processes.
        self._count: WriteCount | None = None
        if shared.is_owner:
            remove_stale_secondaries(data_dir)
            super().__init__(data_dir, keep_commits, self._open_primary(data_dir))
        else:
            super().__init__(data_dir, keep_commits, self._open_secondary(data_dir))

    def _open_primary(self, data_dir: Path) -> LocalDB:
        """The primary, its writes counted for the attached processes before anything else
        of this process writes there."""
        db = LocalDB(data_dir / "local")
        try:
            count = WriteCount(data_dir)
        except OSError as exc:
            db.close()
            raise StorageError(
                f"data dir {data_dir}: its {WRITE_COUNT} can be neither written nor removed ({exc})"
            ) from exc
        db.on_change(count.publish)
        self._count = count
        return db

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
            if mark is None or mark != self._caught_up:
                self._catch_up(records)
                self._caught_up = mark
        return self.records()

    def _has(self, records: VolumeRecords, vid: VolumeId, lsn: int) -> bool:
        """Whether the secondary behind ``records`` has the snapshot at ``lsn`` (if not, a
        catch-up starts in the background)."""
        record = records.snapshot(vid)
        if record is not None and record.lsn >= lsn:
            return True
        self._catch_up_soon(records)
        return False

    def _catch_up_soon(self, records: VolumeRecords) -> None:
        with self._catching_guard:
            if self._catching is None:
                self._catching = threading.Thread(
                    target=self._catch_up_behind, args=(records,), daemon=True
                )
                self._catching.start()

    def _catch_up_behind(self, records: VolumeRecords) -> None:
        try:
            self._catch_up(records)
        except (StorageError, ClosedError) as exc:  # the owner gone or failing: reads tell
            log.debug("catching up with the owner stopped: %s", exc)
        finally:
            with self._catching_guard:
                self._catching = None

    def _catch_up(self, records: VolumeRecords) -> None:
        """Catch the secondary up, then trust it as of its new LSNs for the change logs whose
        token the owner gave both before and after (no volume deleted and made again in
        between). In the background, the owner's first answer comes before the secondary
        starts reading, which keeps ``Thread.start`` short (a catch-up holds the GIL for
        milliseconds). A secondary that cannot follow the owner's primary (one opened after
        it: see ``LocalDB.catch_up``) is left as it stands, for the views that read it, and a
        new one takes its place; one so left is never caught up again."""
        with self._pins_guard:
            vids = list(self._interest)
        before = self._tokens(vids) if vids else []
        with self._catch_up_guard:
            if records is not self.records():
                return
            if not records.db.catch_up():
                self._follow_anew()
                return
        after = self._tokens(vids) if vids else []
        for vid, token, again in zip(vids, before, after, strict=True):
            record = records.snapshot(vid)
            if token is not None and token == again and record is not None:
                with self._pins_guard:
                    self._known[vid] = (token, record.lsn)

    def _follow_anew(self) -> None:
        """A new secondary, of the primary open now, for the reads to come (the caller holds
        the catch-up guard)."""
        db = self._open_secondary(self.data_dir)
        with self._pins_guard:
            self._db = db
            self._records = VolumeRecords(db)
            self._known.clear()  # as of the LSNs of the secondary left behind
        self._caught_up = None
        self._close_unread_secondaries()
        log.info("data dir %s: following the owner's database as opened again", self.data_dir)

    def _close_unread_secondaries(self) -> None:
        """Close the secondaries left behind that no open view reads, but the newest of them: a
        view may be opening on it as it was replaced. A process that lives through many
        takeovers keeps a few RocksDB instances, not one per takeover."""
        behind = [(db, path) for db, path in self._secondaries if db is not self._db]
        for db, path in behind[:-1]:
            if self.views_read(db) is False:
                self._secondaries.remove((db, path))
                db.close()
                shutil.rmtree(path, ignore_errors=True)

    def _tokens(self, vids: list[VolumeId]) -> list[int | None]:
        local = partial(self.tokens, vids)
        found: list[int | None] = self._shared.call(local, "tokens", [bytes(v) for v in vids])
        return found

    def tokens(self, vids: Iterable[VolumeId]) -> list[int | None]:
        """The owner: each volume's change log token (None for a volume it does not have)."""
        found: list[int | None] = []
        for vid in vids:
            with self._lock(vid):
                record = self.records().snapshot(vid)
                found.append(None if record is None else self.changes.token(vid, record.lsn))
        return found

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

    def storage_refusing(self) -> str | None:
        if self.is_owner:
            return super().storage_refusing()
        found: str | None = self._shared.call(lambda: None, "storage_refusing")
        return found

    def latest_lsn(self, vid: VolumeId) -> int:
        if self.is_owner:
            return super().latest_lsn(vid)
        snapshot = self.snapshot(vid)
        return 0 if snapshot is None else snapshot.lsn

    def still_latest(self, vid: VolumeId, lsn: int) -> bool:
        if self.is_owner:
            return super().still_latest(vid, lsn)
        with self._pins_guard:
            as_of = self._latest_as_of.get(vid)
        return as_of is not None and as_of[0] == lsn and read_count(self.data_dir) == as_of[1]

    def latest_as_of(self, vid: VolumeId, lsn: int) -> int | None:
        """The owner: its published write count while ``lsn`` is ``vid``'s latest LSN and no
        write is in flight (None if it is not, or a write started meanwhile)."""
        count = self._count
        if count is None:
            return None
        db = self.records().db
        before = db.changes_settled()
        if before is None or self.latest_lsn(vid) != lsn or db.changes_settled() != before:
            return None
        return count.stamp(before)

    def _note_latest(self, vid: VolumeId, lsn: int, as_of: int | None) -> None:
        """Attached: the owner said ``lsn`` was the latest when its count was ``as_of``; None:
        a write was under way then, so the count noted with an LSN up to ``lsn`` is out of
        date (and a pin of it no longer worth keeping for the next reader)."""
        with self._pins_guard:
            if as_of is not None:
                self._latest_as_of[vid] = (lsn, as_of)
            elif self._latest_as_of.get(vid, (lsn + 1,))[0] <= lsn:
                del self._latest_as_of[vid]

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
        pin = partial(self._pin_changed, vid, lsn)
        return self._open_view_with(vid, pin, partial(self._attached_view, vid, fetch, inheritor))

    def _attached_view(
        self,
        vid: VolumeId,
        fetch: FetchPending,
        inheritor: Inheritor | None,
        snapshot: Snapshot | None,
        changed: Changed | None,
        release: Callable[[], None] | None,
    ) -> SnapshotView:
        """A view of ``snapshot``, through the secondary, or the owner for the pages the
        secondary lacks."""
        records = self.records()
        cipher = self._attached_cipher(vid, changed)
        behind = changed is None or len(changed[1]) > CATCH_UP_PAGES
        if snapshot is not None and records.db.secondary and behind:
            self._catch_up_soon(records)
        if (
            snapshot is None
            or not records.db.secondary
            or self._has_here(records, snapshot, changed)
        ):
            return SnapshotView(records.db, vid, snapshot, release, fetch, inheritor, cipher)
        reads = RemoteReads(
            partial(self._has, records, vid, snapshot.lsn),
            partial(self._read_remote, vid, snapshot, fetch),
            changed,
            self._versions,
        )
        return AttachedView(records.db, vid, snapshot, release, fetch, reads, inheritor, cipher)

    def _attached_cipher(self, vid: VolumeId, changed: Changed | None) -> PageCipher | None:
        """``cipher`` of a snapshot this process pinned, with what the pin found changed. Its
        config is read once per change log token: the pin keeps the volume from being deleted
        until the view closes, so the config read now is that of the snapshot's volume."""
        token = None if changed is None else changed[0]
        if token is not None and self._plain_under.get(vid) == token:
            return None
        config = self._open().config(vid)
        if token is not None and config is not None and not config.encrypt_local:
            self._plain_under[vid] = token
        return self._cipher_of(vid, config)

    @staticmethod
    def _has_here(records: VolumeRecords, snapshot: Snapshot, changed: Changed | None) -> bool:
        """Whether the secondary reads every page of ``snapshot`` as it is."""
        if changed is not None and not changed[1]:
            return True
        record = records.snapshot(snapshot.vid)
        return record is not None and record.lsn >= snapshot.lsn

    def pin(self, vid: VolumeId, lsn: LocalLSN | None) -> Snapshot | None:
        if self.is_owner:
            return super().pin(vid, lsn)
        return self._pin_changed(vid, lsn)[0]

    def _pin_changed(
        self, vid: VolumeId, lsn: LocalLSN | None
    ) -> tuple[Snapshot | None, Changed | None]:
        """The pinned snapshot and, when the owner knows them, the pages that changed since
        the LSN at which this process's secondary has the volume. The owner holds one pin per
        snapshot this process reads: a second reader of it is counted here, with no round
        trip (a SQLite writer starts on its transaction's snapshot so), and the owner does
        not pin the latest snapshot again when this process holds it already (it says so)."""
        with self._pins_guard:
            self._interest.add(vid)
            token, since = self._known.get(vid, (None, 0))
            if lsn is not None:
                held = self._held.get((vid, lsn))
                if held is not None:
                    self._count_reader((vid, lsn))
                    return held
            hint = max((at for of, at in self._held if of == vid), default=None)
        local = partial(self.pin_since, vid, lsn, token, since)
        ahead = None if self.leases is None or lsn is not None else self.leases.taken_ahead(vid)
        if lsn is None and ahead is None and not self.is_owner:  # one taking a lease must ask
            latest = self._latest_held(vid)
            if latest is not None:
                return latest
        if ahead is None:
            found, changed, pinned, pages, as_of = self._shared.call(
                lambda: pinned_to_wire(*local()), "pin", bytes(vid), lsn, token, since, hint
            )
        else:  # the writer lease first, then the snapshot: one round trip
            found, changed, pinned, pages, as_of, taken, word = self._shared.call(
                lambda: [*pinned_to_wire(*local()), False, None],
                "pin_ahead",
                bytes(vid),
                token,
                since,
                hint,
                ahead.file,
            )
            ahead.done = ahead.done or taken
        snapshot, delta = snapshot_from_wire(found), changed_from_wire(changed)
        if ahead is not None and taken:
            ahead.word = None if word is None else (word[0], word[1])
            ahead.lsn = 0 if snapshot is None else snapshot.lsn
        if delta is not None:
            log_token, lsns = delta
            for idx, page in pages.items():  # changed pages the owner sent along
                self._versions.put((log_token, vid, idx, lsns[idx]), page)
        if snapshot is None or self.is_owner:
            return snapshot, delta
        if lsn is None:
            self._note_latest(vid, snapshot.lsn, as_of)
        key = (vid, snapshot.lsn)
        with self._pins_guard:
            twice = key in self._held
            if twice or pinned:
                self._count_reader(key)
                self._held.setdefault(key, (snapshot, delta))
        if twice and pinned:
            self._unpin_at_owner(*key)
        elif not (twice or pinned):  # released here meanwhile: ask again
            return self._pin_changed(vid, lsn)
        return snapshot, delta

    def _count_reader(self, key: PinKey) -> None:
        """One more reader here of a snapshot pinned at the owner (the guard held)."""
        self._remote_pins[key] += 1
        self._lingering.pop(key, None)

    def _latest_held(self, vid: VolumeId) -> tuple[Snapshot, Changed | None] | None:
        """The latest snapshot of ``vid`` and what changed in it, counted here with no round
        trip, if this process holds it pinned (a reader, a spare, a lingering pin) and the
        owner's write count says it is still the latest; else None."""
        with self._pins_guard:
            as_of = self._latest_as_of.get(vid)
            key = None if as_of is None else (vid, as_of[0])
            held = None if key is None else self._held.get(key)
            if key is None or held is None:
                return None
            self._count_reader(key)  # counted first: it cannot be let go of meanwhile
        if self.still_latest(*key):
            return held
        self.unpin(*key)
        return None

    def pin_since(
        self,
        vid: VolumeId,
        lsn: LocalLSN | None,
        token: int | None,
        since: int,
        hint: int | None = None,
    ) -> tuple[Snapshot | None, Changed | None, bool]:
        """The owner: ``pin`` and, under the same lock, what changed since ``since``; and
        whether it pinned: not the latest snapshot when it is ``hint``, which the asker
        holds already."""
        with self._lock(vid):
            snapshot: Snapshot | None
            if lsn is not None:
                snapshot, pinned = LocalState.pin(self, vid, lsn), True
            else:  # the latest, as read here (``pin`` would read it again)
                record = self.records().snapshot(vid)
                if record is None:
                    return None, None, False
                snapshot = to_snapshot(vid, record)
                pinned = snapshot.lsn != hint
                if pinned:
                    self._pins.pin(vid, snapshot.lsn)
            if snapshot is None:
                return None, None, False
            return snapshot, self.changes.changed(vid, snapshot.lsn, token, since), pinned

    def unpin(self, vid: VolumeId, lsn: int) -> None:
        if sys.is_finalizing():
            # Readers closed as the process exits: its pins go with its connection (or its
            # process, the owner's); and a daemon thread ended then may hold the pins' guard.
            return
        key = (vid, lsn)
        gone: list[PinKey] = []
        due = None
        with self._pins_guard:
            remote = self._remote_pins[key] > 0
            if remote:
                self._remote_pins[key] -= 1
                if not self._remote_pins[key]:
                    del self._remote_pins[key]
                    self._let_go_or_linger(key, gone)
                    # A spare pin nobody took goes with the base it came with (one a reader
                    # took went with that reader's release, unless a reader holds it still).
                    spare = self._spares.pop(key, None)
                    untaken = spare is not None and not self._remote_pins[spare]
                    if untaken and spare in self._held:
                        self._let_go_or_linger(spare, gone)
                    due = min(self._lingering.values(), default=None)
        if not remote:
            super().unpin(vid, lsn)
        for pinned in gone:
            self._unpin_at_owner(*pinned)
        if due is not None:
            self._linger_alarm.set(due)

    def _let_go_or_linger(self, key: PinKey, gone: list[PinKey]) -> None:
        """A pin no reader here holds any more (the guard held): kept ``LINGER_S`` if it is
        of the latest snapshot as last heard, else let go of (added to ``gone``)."""
        as_of = self._latest_as_of.get(key[0])
        if as_of is not None and as_of[0] == key[1]:
            # The others lingering are not of the latest: no next reader takes them. A writer
            # in a loop would otherwise keep one per commit of the last LINGER_S, and the alarm
            # would wake to let go of each.
            for older in [held for held in self._lingering if held[0] == key[0] and held != key]:
                self._let_go(older, gone)
            self._lingering[key] = time.monotonic() + LINGER_S
            return
        self._let_go(key, gone)

    def _let_go(self, key: PinKey, gone: list[PinKey]) -> None:
        """(The guard held.) A pin no reader here holds goes (added to ``gone``, for the
        owner)."""
        assert not self._remote_pins[key], "a pin let go of is held by no reader"
        del self._held[key]
        self._lingering.pop(key, None)
        gone.append(key)

    def _let_lingering_go(self, vid: VolumeId | None = None) -> None:
        """Let go of the lingering pins whose time is up (of ``vid``: all of them, now)."""
        now = time.monotonic()
        gone: list[PinKey] = []
        with self._pins_guard:
            for key, until in list(self._lingering.items()):
                if until <= now or key[0] == vid:
                    self._let_go(key, gone)
            due = min(self._lingering.values(), default=None)
        with contextlib.suppress(ClosedError):  # closed meanwhile: its pins went with it
            for key in gone:
                self._unpin_at_owner(*key)
        if due is not None:
            self._linger_alarm.set(due)

    def _unpin_at_owner(self, vid: VolumeId, lsn: int) -> None:
        try:
            link = self._shared.link()
        except StorageError:  # nobody owns the dir (a takeover failed): the pin went too
            return
        if link is not None:
            link.notify_soon("unpin", bytes(vid), lsn)

    # --- changes go to the owner ------------------------------------------------------------

    def set_config(self, vid: VolumeId, config: VolumeConfig) -> None:
        local = partial(LocalState.set_config, self, vid, config)
        self._shared.call(local, "set_config", bytes(vid), encode(config))

    def delete_volume(self, vid: VolumeId) -> None:
        self._let_lingering_go(vid)  # let go of before the deletion, which waits for it
        local = partial(self.delete_here, vid)
        self._shared.call(local, "delete_volume", bytes(vid), retry=False)

    def delete_here(self, vid: VolumeId) -> None:
        """The owner: delete the volume and its change log. Attached processes tell of their
        closed readers a little later (``notify_soon``): the deletion waits for that."""
        self._pins.wait_released(vid, RELEASED_WAIT_S)
        with self._lock(vid):
            LocalState.delete_volume(self, vid)
            self.changes.forget(vid)

    def _holders(self, vid: VolumeId) -> str:
        by_pid = self.pins_by_pid(vid)
        own = self._pins.count(vid) - by_pid.total()
        names = [f"pid {pid}" for pid in sorted(by_pid)]
        if own > 0:
            names.append(f"pid {os.getpid()}, which owns the data dir")
        return f" (held in {', '.join(names)})" if names else ""

    def tag(self, name: str, vid: VolumeId, *, move: bool = True) -> None:
        local = partial(LocalState.tag, self, name, vid, move=move)
        self._shared.call(local, "tag", name, bytes(vid), move)

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
        *,
        reread: bool = True,
    ) -> Snapshot:
        over = None if self.leases is None else self.leases.handed_over(vid)
        file = None if over is None else over.file
        local = partial(self.commit_here, vid, base, dirty, page_count, shrunk_to, None, file)
        # The owner also pins the new snapshot for this process, for the next reader here:
        # held as long as the base is, at most.
        spare = reread and base is not None and not self.is_owner
        with self._pins_guard:
            token, since = self._known.get(vid, (None, 0))
        # Tells, if the owner goes away before answering, whether this commit is the one that
        # landed (another writer's on the same base may have written the same pages).
        commit_id = secrets.token_bytes(COMMIT_ID_BYTES)
        wire = _commit_to_wire(vid, base, dirty, page_count, shrunk_to, commit_id)
        try:
            found, log_token, changed, as_of = self._shared.call(
                lambda: committed_to_wire(*local()),
                "commit",
                *wire,
                [spare, token, since],
                file,
                retry=False,
            )
        except OwnerGoneError:
            cut_off = (vid, base, dirty, page_count, shrunk_to, over, commit_id)
            return self._commit_cut_off(*cut_off, reread=reread)
        snapshot = snapshot_from_wire(found)
        assert snapshot is not None
        if over is not None:
            over.done = True
        if self.is_owner:
            return snapshot
        self._note_latest(vid, snapshot.lsn, as_of)
        if spare:
            assert base is not None
            self._hold_spare((vid, base.lsn), snapshot, changed_from_wire(changed))
        if len(dirty) <= CACHED_COMMIT_PAGES:
            # The next transaction here reads them at this LSN or later: no round trip for them.
            for idx, page in dirty.items():
                self._versions.put((log_token, vid, idx, snapshot.lsn), bytes(page))
        return snapshot

    def _commit_cut_off(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
        over: HandOver | None,
        commit_id: bytes,
        *,
        reread: bool,
    ) -> Snapshot:
        """A commit whose owner went away before it answered: the next owner (maybe this
        process) tells whether it landed (the commit made with ``commit_id``); if nothing
        did, it is sent again. Landed under a writer lease, the lease goes, as the commit
        would have released it (held again at the next owner meanwhile)."""
        local = partial(self.landed, vid, base, commit_id)
        wire = [bytes(vid), snapshot_to_wire(base), commit_id]
        try:
            found = self._shared.call(lambda: snapshot_to_wire(local()), "landed", *wire)
        except ConcurrentWriteError as exc:
            raise ConcurrentWriteError(
                f"the process owning the data dir went away during this commit, before writing "
                f"it, and {exc}"
            ) from exc
        snapshot = snapshot_from_wire(found)
        if snapshot is None:
            log.info("a commit of %s cut off by the owner going away is sent again", vid)
            return self.apply_commit(vid, base, dirty, page_count, shrunk_to, reread=reread)
        if over is not None and self.leases is not None:
            over.done = True
            self.leases.release(vid, over.file)
        log.info("a commit of %s cut off by the owner going away had landed", vid)
        return snapshot

    def _hold_spare(self, base: PinKey, snapshot: Snapshot, changed: Changed | None) -> None:
        key = (snapshot.vid, snapshot.lsn)
        with self._pins_guard:
            held = self._remote_pins[base] > 0 and key not in self._held
            if held:
                self._held[key] = (snapshot, changed)
                self._spares[base] = key
        if not held:
            self._unpin_at_owner(*key)  # its base went meanwhile (or a reader holds it too)

    def commit_here(
        self,
        vid: VolumeId,
        base: Snapshot | None,
        dirty: Mapping[int, bytes],
        page_count: int,
        shrunk_to: int,
        pin: tuple[int | None, int] | None = None,
        lease: int | None = None,
        holder: int = HERE,
        commit_id: bytes | None = None,
    ) -> tuple[Snapshot, int, Changed | None]:
        """The owner: ``LocalState.apply_commit``, noted in the change log under the same
        lock; the new snapshot, the volume's change log token and, when ``pin`` (the asker's
        token and LSN, as in ``pin_since``) asks for it, the new snapshot pinned and its pages
        changed since the asker's LSN. The writer lease of file ``lease`` (of ``holder``) is
        released once the commit is written, before the commit is durable: the next writer
        works meanwhile; this returns (the commit is acknowledged) once it is durable. Its
        record keeps the asker's ``commit_id`` (see ``landed``)."""
        changed = None
        with self._lock(vid):
            snapshot, ticket = self.write_commit(vid, base, dirty, page_count, shrunk_to, commit_id)
            few = len(dirty) <= CACHED_COMMIT_PAGES  # a copy: the caller's mapping may change
            self._newest = (vid, snapshot.lsn, dict(dirty)) if few else None
            cut = base is not None and shrunk_to < base.page_count  # pages cut: not in dirty
            log_token = self.changes.committed(vid, snapshot.lsn, None if cut else dirty.keys())
            if pin is not None:
                self._pins.pin(vid, snapshot.lsn)
                token, since = pin
                changed = self.changes.changed(vid, snapshot.lsn, token, since)
        self.settle_commit(vid, ticket, self._hand_on_lease(vid, holder, lease))
        return snapshot, log_token, changed

    def _hand_on_lease(self, vid: VolumeId, holder: int, lease: int | None) -> float:
        """Release the writer lease that file ``lease`` held for a commit; how long the
        commit's WAL sync waits for the next writer's commit to share it (``GATHER_S`` when
        the lease went to a waiting writer with others behind it)."""
        if lease is None or self.leases is None:
            return 0.0
        return GATHER_S if self.leases.revoke(holder, vid, lease) else 0.0

    def newest_page(self, vid: VolumeId, lsn: int, pageidx: int) -> bytes | None:
        """The owner: page ``pageidx`` as commit ``lsn`` of ``vid`` wrote it, if that is its
        newest commit and it wrote the page (else None: read it)."""
        newest = self._newest
        if newest is None or newest[0] != vid or newest[1] != lsn:
            return None
        return newest[2].get(pageidx)

    def create_filled(
        self, vid: VolumeId, sync: SyncMode, chunks: Iterable[Sequence[bytes | memoryview]]
    ) -> Snapshot | None:
        if self.is_owner:
            return super().create_filled(vid, sync, chunks)
        # Another process's files cannot be loaded into the owner's database: the pages go to
        # the owner in one request (held in memory here; only the owner's load streams), which
        # it loads as its own, so the volume appears whole or not at all. A request cut off as
        # it was sent is not run; one whose answer is not awaited (a Ctrl-C, the owner gone)
        # may be, and its volume is deleted again after it.
        pages = [bytes(page) for page in chain.from_iterable(chunks)]
        local = partial(LocalState.create_filled, self, vid, sync, [pages])
        try:
            found = self._shared.call(
                lambda: snapshot_to_wire(local()),
                "create_filled",
                bytes(vid),
                sync.value,
                pages,
                retry=False,
            )
        except BaseException:
            with contextlib.suppress(VolumeNotFoundError):
                self.delete_volume(vid)
            raise
        return snapshot_from_wire(found)

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
        primary = self._open_primary(self.data_dir)
        with self._pins_guard:
            self._latest_as_of.clear()
            self._db = primary
            self._records = VolumeRecords(primary)
            for (vid, lsn), count in self._remote_pins.items():
                for _ in range(count):
                    self._pins.pin(vid, lsn)
            self._remote_pins.clear()
            self._held.clear()
            self._spares.clear()
            self._lingering.clear()
        # The other processes hold their readers' pins again once they find this owner.
        self.defer_reclaim(REPIN_GRACE_S)
        remove_stale_secondaries(self.data_dir)

    def reattach(self, link: OwnerLink) -> None:
        """A new owner: pin there what this process's readers hold."""
        with self._pins_guard:
            for spare in chain(self._spares.values(), self._lingering):
                if not self._remote_pins[spare]:
                    self._held.pop(spare, None)  # not pinned at the new owner
            self._spares.clear()
            self._lingering.clear()
            pins = [[bytes(vid), lsn, 1] for vid, lsn in self._remote_pins]
        self._caught_up = None  # the new owner counts its writes anew
        with self._pins_guard:
            self._known.clear()  # its change logs are new
            self._latest_as_of.clear()  # and its write counts
        link.call("repin", pins)

    def settle(self) -> None:
        """Wait for a catch-up running in the background to end."""
        with self._catching_guard:
            catching = self._catching
        if catching is not None:
            catching.join()

    def close(self) -> None:
        self.settle()  # RocksDB must not close under a catch-up
        current = self._db
        try:
            super().close()
        finally:
            for db, path in self._secondaries:
                if db is not current:
                    db.close()
                shutil.rmtree(path, ignore_errors=True)
            self._secondaries.clear()
            if self._count is not None:
                self._count.close()


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


def pinned_to_wire(
    snapshot: Snapshot | None,
    changed: Changed | None,
    pinned: bool = True,
    pages: dict[int, bytes] | None = None,
    as_of: int | None = None,
) -> list[Any]:
    wire_changed = None if changed is None else list(changed)
    return [snapshot_to_wire(snapshot), wire_changed, pinned, pages or {}, as_of]


def changed_from_wire(value: list[Any] | None) -> Changed | None:
    if value is None:
        return None
    token, pages = value
    return token, pages


def committed_to_wire(
    snapshot: Snapshot, token: int, changed: Changed | None, as_of: int | None = None
) -> list[Any]:
    return [snapshot_to_wire(snapshot), token, None if changed is None else list(changed), as_of]
