"""Volume: one page volume in a client's local storage."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import msgspec

from graft_client.reader import VolumeReader
from graft_client.storage.pull import PullOutcome
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import (
    ConflictPolicy,
    FetchStats,
    SyncError,
    SyncMode,
    VolumeStatus,
    parse_sync_mode,
)
from graft_client.storage.snapshots import CommitInfo
from graft_client.storage.state import LocalState
from graft_client.sync.observe import Progress, PushInfo
from graft_client.sync.session import SyncSession
from graft_client.writer import VolumeWriter
from graft_core.errors import InvalidInputError
from graft_core.ids import VolumeId
from graft_core.types import LocalLSN, Snapshot, check_lsn

__all__ = ["CommitInfo", "Volume", "VolumeInfo"]


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

    def snapshot(self) -> Snapshot | None:
        """The latest local snapshot, or None before the first commit."""
        return self._state.snapshot(self.vid)

    def latest_lsn(self) -> int:
        """The latest local LSN (0 before the first commit): a cheap "has it moved?" check."""
        return self._state.latest_lsn(self.vid)

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

    def key_ids(self) -> list[int]:
        """The ids of the volume's data keys (empty if it is not encrypted); the last is current."""
        ring = self.session.keys.ring(self.vid, self._state.config(self.vid).keyring)
        return [] if ring is None else ring.key_ids

    def rotate_key(self) -> int:
        """Seal new writes with a new data key (old pages keep opening with the old keys); the
        next push carries it to the servers. The new key's id."""
        config = self._state.config(self.vid)
        ring = self.session.keys.ring(self.vid, config.keyring)
        if ring is None:
            raise InvalidInputError(f"volume {self.vid} is not encrypted: no key to rotate")
        if self._state.push_pending(self.vid):
            # The interrupted push must resend the bytes it first sent (same commit hash).
            raise InvalidInputError(f"volume {self.vid} has an interrupted push: push it first")
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
        return VolumeReader(self._state.open_view(self.vid, at, fetch))

    def writer(self) -> VolumeWriter:
        """A writer on top of the latest snapshot."""
        return VolumeWriter(self._state, self.vid, self.reader())

    def log(self, start: int = 1, limit: int | None = None) -> list[CommitInfo]:
        """Retained local commits from ``start``, oldest first."""
        return self._state.log(self.vid, start, limit)

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

    def stats(self) -> FetchStats:
        """Pages and bytes fetched from the pagestore into this data dir, and round trips."""
        return self._state.fetch_stats(self.vid)

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
