"""A writer's sync steps: pull, push, reset on conflict, and the journal of acknowledged pushes."""

from __future__ import annotations

import time

import apsw

from graft_client import PullOutcome, Volume, VolumeStatus
from graft_core.errors import CommitRejectedError, ConflictError
from tests.chaos.checks import content_digest
from tests.chaos.journal import Journal
from tests.chaos.worker import TRANSIENT, WorkerContext

__all__ = ["RETRIED", "SyncDriver", "read_snapshot"]

# A server outage shows through SQLite as an I/O error of the read that needed a page.
RETRIED: tuple[type[Exception], ...] = (*TRANSIENT, apsw.IOError)


def read_snapshot(volume: Volume, lsn: int | None = None) -> dict[int, bytes]:
    """Pages 1..page_count of the latest local snapshot, or of local ``lsn``."""
    with volume.reader(lsn) as reader:
        return {idx: reader.read(idx) for idx in range(1, reader.page_count + 1)}


class SyncDriver:
    def __init__(self, ctx: WorkerContext, volume: Volume) -> None:
        self.ctx = ctx
        self.volume = volume
        self._acked = Journal(ctx.run_dir / "acked" / f"{ctx.name}.jsonl", durable=True)

    def recover(self) -> None:
        """After a restart: finish an interrupted push, or drop commits a rival already beat."""
        status = self.volume.status()
        self.ctx.emit("recover", status=status.value, clean=self.is_clean())
        if status in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
            self.reset("recovery")
        else:
            self.push()

    def reset(self, why: str) -> None:
        self.ctx.emit("reset", why=why)
        self.volume.reset_to_remote()

    def pull(self) -> None:
        if self.volume.pull() is PullOutcome.CONFLICT:
            self.ctx.emit("conflict", where="pull")
            self.reset("pull conflict")

    def push(self) -> None:
        """Push; a rejection resets to the remote (the rival's commit wins, ours is dropped)."""
        try:
            lsn = self.volume.push()
        except CommitRejectedError:
            self.ctx.emit("conflict", where="push")
            self.reset("rejected push")
            return
        except ConflictError:  # a pull found rival commits before our push went out
            self.reset("conflict state")
            return
        if lsn is not None:
            self._record_ack(lsn)

    def _record_ack(self, lsn: int) -> None:
        snap = self.volume.snapshot()
        local: int | None = None
        if snap is not None and snap.remote is not None and snap.remote.remote_lsn == lsn:
            local = snap.remote.local_lsn
        elif self.ctx.shares_dir:
            # Another process of this device pushed or pulled since: the retained local
            # commit that the push mapped to ``lsn`` holds what was pushed.
            local = self._pushed_as(lsn)
            if local is None:
                self.ctx.emit("push-unchecked", lsn=lsn)  # its commit is reclaimed here
                return
        if local is None:
            self.ctx.violation(f"push answered remote LSN {lsn} but the snapshot is {snap}")
            return
        digest = content_digest(read_snapshot(self.volume, local))
        self._acked.append({"vid": str(self.volume.vid), "lsn": lsn, "digest": digest})
        self.ctx.emit("pushed", lsn=lsn)

    def _pushed_as(self, lsn: int) -> int | None:
        found = [c.lsn for c in self.volume.log() if c.remote_lsn == lsn]
        return found[-1] if found else None

    def is_clean(self) -> bool:
        snap = self.volume.snapshot()
        synced = snap is None or (snap.remote is not None and snap.remote.local_lsn == snap.lsn)
        return synced and self.volume.status() is VolumeStatus.OK

    def settle(self, timeout_s: float) -> None:
        """Push until nothing is unpushed (a conflict drops the rest) or the deadline passes."""
        deadline = time.monotonic() + timeout_s
        while not self.is_clean():
            if time.monotonic() > deadline:
                self.ctx.violation(f"could not settle: status {self.volume.status().value}")
                return
            try:
                self.push()
            except TRANSIENT as exc:
                self.ctx.transient(exc)
        self.ctx.emit("settled")
