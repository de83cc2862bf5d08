"""Volume: one page volume in a client's local storage."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import msgspec

from graft_client import forks
from graft_client.direct import RequestCounts
from graft_client.reader import VolumeReader
from graft_client.storage.commits import now_ms
from graft_client.storage.pull import PullOutcome
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import (
    FIRST_LSN,
    ConflictPolicy,
    OriginRecord,
    SyncError,
    SyncMode,
    VolumeConfig,
    VolumeStatus,
    parse_sync_mode,
)
from graft_client.storage.snapshots import CommitInfo
from graft_client.storage.state import LocalState
from graft_client.sync.observe import Progress, PushInfo
from graft_client.sync.session import SyncSession
from graft_client.transfer import export_pages
from graft_client.writer import VolumeWriter
from graft_core.errors import (
    ConcurrentWriteError,
    InvalidInputError,
    ReadOnlyError,
    SnapshotNotFoundError,
)
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import LocalLSN, RemoteMapping, Snapshot, check_lsn

__all__ = ["CommitInfo", "PinnedVolume", "Volume", "VolumeInfo", "VolumeStats"]


@dataclass(frozen=True)
class VolumeStats:
    """``Volume.stats()``: what this data dir fetched (stored, so any process sees it) and the
    object-store requests this process made for the volume (direct mode; in memory)."""

    pages_fetched: int
    bytes_fetched: int
    round_trips: int
    requests: RequestCounts


@dataclass(frozen=True, slots=True)
class VolumeInfo:
    vid: VolumeId
    snapshot: Snapshot | None
    status: VolumeStatus
    sync: SyncMode


class Volume:
    """A handle on one volume; cheap to create, shares the client's storage and locks."""

    def __init__(self, state: LocalState, session: SyncSession, vid: VolumeId) -> None:
        self.vid = vid
        self._state = state
        self.session = session
        self._origin: OriginRecord | None = None
        self._origin_final = False

    def snapshot(self) -> Snapshot | None:
        """The latest local snapshot, or None before the first commit."""
        return self._state.snapshot(self.vid)

    def latest_lsn(self) -> int:
        """The latest local LSN (0 before the first commit); a round trip to the data dir's
        owner from an attached process."""
        return self._state.latest_lsn(self.vid)

    def still_latest(self, lsn: int) -> bool:
        """Whether local LSN ``lsn`` is still the latest, as far as this process tells without
        a round trip: the owner tells at once; an attached process, when ``lsn`` was the
        latest the last time it asked, by one read of the count of the owner's writes (False
        when it cannot tell)."""
        return self._state.still_latest(self.vid, lsn)

    def status(self) -> VolumeStatus:
        return self._state.status(self.vid)

    @property
    def sync_mode(self) -> SyncMode:
        return self._state.config(self.vid).sync

    @sync_mode.setter
    def sync_mode(self, mode: str | SyncMode) -> None:
        config = self._state.config(self.vid)
        chosen = parse_sync_mode(mode)
        self._state.set_config(self.vid, msgspec.structs.replace(config, sync=chosen))

    @property
    def encrypted(self) -> bool:
        """Whether the volume is end-to-end encrypted (DESIGN 13)."""
        return bool(self._state.config(self.vid).keyring)

    @property
    def encrypt_local(self) -> bool:
        """Whether its pages are sealed in this device's storage too (chosen when the volume
        was created or came here: see ``Client.create_volume``)."""
        return self._state.config(self.vid).encrypt_local

    def key_ids(self) -> list[int]:
        """The ids of the volume's data keys (empty if it is not encrypted); the last is current."""
        ring = self.session.keys.ring(self.vid, self._state.config(self.vid).keyring)
        return [] if ring is None else ring.key_ids

    def rotate_key(self) -> int:
        """Seal new writes with a new data key (old pages keep opening with the old keys); the
        next push carries it to the servers. The new key's id. A push under way, or cut off
        and resumed later, keeps sealing with the key it began with."""
        config = self._state.config(self.vid)
        ring = self.session.keys.ring(self.vid, config.keyring)
        if ring is None:
            raise InvalidInputError(f"volume {self.vid} is not encrypted: no key to rotate")
        rotated = ring.rotated()
        self._state.set_config(self.vid, msgspec.structs.replace(config, keyring=rotated.encode()))
        return rotated.current_id

    @property
    def conflict_policy(self) -> ConflictPolicy:
        return self._state.config(self.vid).conflict_policy

    @conflict_policy.setter
    def conflict_policy(self, policy: str | ConflictPolicy) -> None:
        try:
            chosen = ConflictPolicy(policy)
        except ValueError:
            raise InvalidInputError(f"invalid conflict policy {policy!r}: fail or rebase") from None
        config = self._state.config(self.vid)
        self._state.set_config(self.vid, msgspec.structs.replace(config, conflict_policy=chosen))

    def info(self) -> VolumeInfo:
        return VolumeInfo(self.vid, self.snapshot(), self.status(), self.sync_mode)

    # --- local reads and writes -----------------------------------------------------------------

    def reader(self, lsn: int | None = None) -> VolumeReader:
        """A reader pinned to the latest snapshot, or to a retained older local ``lsn``."""
        at = None if lsn is None else LocalLSN(check_lsn(lsn))
        fetch = partial(self.session.fetch_pending, self.vid)
        return VolumeReader(self._state.open_view(self.vid, at, fetch, self._inheritor()))

    def _inheritor(self) -> forks.ParentReads | None:
        origin = self._known_origin()
        if origin is None:
            return None
        return forks.ParentReads(
            self.session, self.vid, origin, partial(self._parent_reader, origin)
        )

    def _known_origin(self) -> OriginRecord | None:
        """The volume's origin, looked up until it is final: a fork's first snapshot lands in
        one batch with its origin (made here, or its first pull), so once the volume has a
        snapshot the answer cannot change. Every reader asked before, and a lookup in an
        attached process catches its RocksDB secondary up (milliseconds per reader)."""
        if self._origin_final:
            return self._origin
        has_snapshot = self._state.snapshot(self.vid) is not None  # before the lookup, not after
        origin = self._state.origin(self.vid)
        if has_snapshot:
            self._origin, self._origin_final = origin, True
        return origin

    def _parent_reader(self, origin: OriginRecord) -> VolumeReader | None:
        """The parent's local snapshot equal to the origin, if this device has it (and it is
        still the same one: a parent deleted and cloned again numbers its LSNs anew)."""
        parent = VolumeId(origin.parent)
        if origin.parent_local_lsn is None or not self._state.has_volume(parent):
            return None
        reader = Volume(self._state, self.session, parent).reader(origin.parent_local_lsn)
        snapshot = reader.snapshot
        mapped = None if snapshot is None else snapshot.remote
        if mapped is None or mapped != RemoteMapping(origin.remote_lsn, origin.parent_local_lsn):
            reader.close()
            return None
        return reader

    def writer(self, at: int | None = None) -> VolumeWriter:
        """A writer on top of the latest snapshot, or of the retained one at local LSN ``at``
        (its commit raises ``ConcurrentWriteError`` unless that is still the latest then)."""
        return VolumeWriter(self._state, self.vid, self.reader(at))

    def writer_on(self, reader: VolumeReader) -> VolumeWriter:
        """A writer on the snapshot that ``reader`` (of this volume) reads, reading through it:
        no pin of its own, so the caller keeps ``reader`` open until the writer ends. Its
        commit raises ``ConcurrentWriteError`` unless that snapshot is still the latest."""
        return VolumeWriter(self._state, self.vid, reader, borrowed=True)

    def log(self, start: int = 1, limit: int | None = None) -> list[CommitInfo]:
        """Retained local commits from ``start``, oldest first."""
        return self._state.log(self.vid, start, limit)

    # --- history: forks, reverts, diffs ----------------------------------------------------------

    @property
    def origin(self) -> tuple[VolumeId, int] | None:
        """(parent volume, remote LSN) this volume is a fork of; None if it is not a fork."""
        origin = self._state.origin(self.vid)
        return None if origin is None else (VolumeId(origin.parent), origin.remote_lsn)

    def _not_pushed_advice(self, lsn: int, remote: RemoteMapping | None) -> str:
        """What to fork instead of local ``lsn``, which no remote LSN maps (``remote``: the
        newest one at or below it)."""
        latest = self.snapshot()
        synced = None if latest is None or latest.remote is None else latest.remote.local_lsn
        if synced is not None and synced > lsn:
            # Pushing cannot help: a push squashed it with the commits after it.
            return (
                f"a push squashed it into the remote commit of local LSN {synced}; fork an LSN "
                "that a push or pull mapped (`graft log` shows their remote LSNs)"
            )
        last = "" if remote is None else f", or fork LSN {remote.local_lsn}, the last pushed"
        return f"push it first{last}"

    def fork(self, lsn: int | None = None) -> Volume:
        """A new volume whose history starts at this one's snapshot at local ``lsn`` (default:
        the latest), without copying pages here or on the servers.

        The snapshot must be on the servers (pushed or pulled): a fork is recorded there, so
        any device can clone it. ``InvalidInputError`` if it is not (push first);
        ``SnapshotNotFoundError`` for an LSN that does not exist or is no longer retained.
        A fork of an encrypted volume is encrypted with the same key-encryption key: its keyring
        carries the parent's data keys (its inherited pages stay sealed for the parent) and a
        fresh one of its own (DESIGN 13).
        """
        # The reader pins the snapshot: it stays retained until the fork pins it for good.
        with self.reader(lsn) as at:
            snapshot = at.snapshot
            if snapshot is None:
                raise InvalidInputError(f"volume {self.vid} has no commits to fork")
            remote = snapshot.remote
            if remote is None or remote.local_lsn != snapshot.lsn:
                raise InvalidInputError(
                    f"LSN {snapshot.lsn} of volume {self.vid} is not on the servers: "
                    f"{self._not_pushed_advice(snapshot.lsn, remote)} (a fork starts at a "
                    "snapshot the servers have)"
                )
            child = VolumeId.random()
            keyring = self._forked_keyring(child, remote.remote_lsn)
            self.session.fork(child, self.vid, remote.remote_lsn, keyring)
            origin = OriginRecord(
                bytes(self.vid),
                remote.remote_lsn,
                snapshot.page_count,
                FIRST_LSN,
                LocalLSN(snapshot.lsn),
            )
            sealed_here = self._state.config(self.vid).encrypt_local
            config = VolumeConfig(
                self.sync_mode, now_ms(), keyring=keyring, encrypt_local=sealed_here
            )
            self._state.create_fork(child, origin, config, self._state.cluster(self.vid))
        return Volume(self._state, self.session, child)

    def _forked_keyring(self, child: VolumeId, remote_lsn: int) -> bytes:
        """The encoded keyring of ``child``, a fork of this volume at ``remote_lsn`` (empty if
        this one is plain); the child takes this volume's key-encryption key."""
        keys = self.session.keys
        ring = keys.ring(self.vid, self._state.config(self.vid).keyring)
        if ring is None:
            return b""
        forked = ring.forked(child, remote_lsn)
        kek = keys.kek(self.vid)
        assert kek is not None, "an opened keyring had a KEK"
        keys.set_kek(child, kek)
        return forked.encode()

    def changes(self, from_lsn: int, to_lsn: int) -> Graft:
        """The pages changed between local snapshots ``from_lsn`` and ``to_lsn``: the union of
        the grafts of the commits after ``from_lsn`` up to ``to_lsn``."""
        return forks.changes(self._state, self.vid, from_lsn, to_lsn)

    def revert_to(self, lsn: int) -> Snapshot | None:
        """Commit a new LSN whose pages equal the snapshot at local ``lsn``; the commits after
        it stay in the history. Only pages that changed since ``lsn`` and differ now are
        written (``changes`` says which). The new snapshot (unchanged if nothing differs)."""
        latest = self.latest_lsn()
        if not 1 <= lsn <= latest:
            raise SnapshotNotFoundError(f"volume {self.vid} has no LSN {lsn} (latest: {latest})")
        changed = self.changes(lsn, latest)
        with self.reader(lsn) as old, self.writer() as writer:
            if writer.base is None or writer.base.lsn != latest:
                raise ConcurrentWriteError(f"volume {self.vid} moved while reverting; retry")
            writer.truncate(old.page_count)
            for idx, data in forks.revert_pages(old, changed).items():
                if writer.read(idx) != data:
                    writer.write(idx, data)
            return writer.commit()

    def at(self, lsn: int) -> PinnedVolume:
        """A read-only handle on this volume as it was at retained local LSN ``lsn``
        (``SnapshotNotFoundError`` if it is not retained)."""
        return PinnedVolume(self._state, self.session, self.vid, lsn)

    # --- whole snapshots: audit and export --------------------------------------------------

    def checksum(self, lsn: int | None = None) -> str:
        """The audit digest (``graft_core.audit``) of the latest snapshot or of local ``lsn``:
        equal on every device holding the snapshot and to ``LiteClient.checksum`` of the
        remote LSN it maps to. Pages not local yet are fetched."""
        with self.reader(lsn) as reader:
            return reader.checksum()

    def missing_pages(self) -> int:
        """How many pages of the latest snapshot are not local yet (``fetch_all`` gets them)."""
        return self._state.pending_count(self.vid)

    def export(
        self, path: str | Path, lsn: int | None = None, progress: Progress | None = None
    ) -> Snapshot | None:
        """Write the latest snapshot (or local ``lsn``) to file ``path`` as plain bytes, pages
        1..page count in order (a SQLite volume gives the database file); the snapshot written.

        Streams: pages not local are fetched as it goes, memory does not grow with the volume.
        """
        with self.reader(lsn) as reader:
            export_pages(reader, Path(path), progress)
            return reader.snapshot

    def reclaim(self) -> ReclaimStats:
        """Delete page versions and commit records outside the retention policy now."""
        return self._state.reclaim(self.vid)

    # --- sync (blocking; the work runs on the client's runtime thread) ---------------------------

    def push(self, progress: Progress | None = None) -> int | None:
        """Push unpushed local commits as one remote commit; the remote LSN, or None if nothing.

        Raises ``CommitRejectedError`` (status ``rejected_commit``) if another client won the LSN.
        ``progress(done, total)`` is called with the pages uploaded so far (on another thread).
        """
        pushed = self.push_info(progress)
        return None if pushed is None else pushed.remote_lsn

    def push_info(self, progress: Progress | None = None) -> PushInfo | None:
        """``push()``, answering what was pushed: local and remote LSN, pages, whether it
        finished an interrupted push."""
        return self.session.push(self.vid, progress)

    def pull(self, wait_ms: int = 0) -> PullOutcome:
        """Learn the newest remote commit; its pages are fetched lazily on first read."""
        return self.session.pull(self.vid, wait_ms)

    def sync(self) -> PullOutcome:
        """Push, then pull."""
        self.push()
        return self.pull()

    def reset_to_remote(self) -> Snapshot | None:
        """Drop unpushed local commits (as a new local LSN equal to the last synced state), pull."""
        self.session.reset_to_remote(self.vid)
        self.pull()
        return self.snapshot()

    def fetch_all(self, progress: Progress | None = None) -> int:
        """Fetch every page of the latest snapshot not yet local; returns how many were fetched.

        ``progress(done, total)`` is called with the pages asked for so far.
        """
        return self.session.fetch_all(self.vid, progress)

    def stats(self) -> VolumeStats:
        """Pages and bytes fetched from the pagestore into this data dir, and round trips; in
        direct mode also the object-store requests (PUT, GET, LIST) this process made for it."""
        fetched = self._state.fetch_stats(self.vid)
        return VolumeStats(
            fetched.pages_fetched,
            fetched.bytes_fetched,
            fetched.round_trips,
            self.session.requests(self.vid),
        )

    def wait_remote_lsn(self, lsn: int, timeout: float | None = None) -> bool:
        """Block until this client has remote LSN ``lsn`` (or a later one) of the volume, by its
        own push or by a pull (autosync's or anyone's); False if ``timeout`` seconds pass first.
        """
        return self._state.wait_remote_lsn(self.vid, check_lsn(lsn), timeout)

    def last_sync_ms(self) -> int | None:
        """When this client last completed a push or pull of this volume (ms since the epoch):
        in this process, or else as the data directory recorded it."""
        in_process = self.session.last_sync_ms(self.vid)
        return self._state.last_sync_ms(self.vid) if in_process is None else in_process

    def last_error(self) -> SyncError | None:
        """Why the last push failed (rejected or cut off), kept until a push succeeds or the
        volume is reset: also in a new process."""
        return self._state.last_error(self.vid)

    def errors(self) -> list[SyncError]:
        """Recent sync errors of this volume, oldest first: this process's, or else the stored
        last error of a push that has not succeeded since."""
        recent = self.session.recent_errors(self.vid)
        if recent:
            return recent
        stored = self.last_error()
        return [] if stored is None else [stored]

    def __repr__(self) -> str:
        return f"Volume({str(self.vid)!r})"


class PinnedVolume(Volume):
    """A volume frozen at one retained local LSN: reads see that snapshot, writes are refused.

    SQLite opens one for ``file:VID?lsn=N`` (a read-only connection at LSN N).
    """

    def __init__(self, state: LocalState, session: SyncSession, vid: VolumeId, lsn: int) -> None:
        super().__init__(state, session, vid)
        self.lsn = LocalLSN(check_lsn(lsn))
        with super().reader(self.lsn) as reader:  # refuses an LSN that is not retained
            self._snapshot = reader.snapshot

    def snapshot(self) -> Snapshot | None:
        return self._snapshot

    def latest_lsn(self) -> int:
        return self.lsn

    def still_latest(self, lsn: int) -> bool:
        return lsn == self.lsn

    def reader(self, lsn: int | None = None) -> VolumeReader:
        return super().reader(self.lsn if lsn is None else lsn)

    def writer(self, at: int | None = None) -> VolumeWriter:
        raise self._read_only()

    def writer_on(self, reader: VolumeReader) -> VolumeWriter:
        raise self._read_only()

    def _read_only(self) -> ReadOnlyError:
        return ReadOnlyError(f"volume {self.vid} is opened read-only at LSN {self.lsn}")

    def __repr__(self) -> str:
        return f"PinnedVolume({str(self.vid)!r}, lsn={self.lsn})"
