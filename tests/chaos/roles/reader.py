"""A full-client reader: pulls every volume, reads whole snapshots and checks their invariants.

It also checks that the remote LSN it has pulled never goes back, across its own restarts too
(a pull is durable once it returns).
"""

from __future__ import annotations

from contextlib import ExitStack

import apsw

from graft_client import Client, Volume
from graft_client.sqlite import register, unregister
from tests.chaos.checks import LsnObserver
from tests.chaos.config import VolumeKind
from tests.chaos.roles.opening import open_connection, open_volume
from tests.chaos.roles.syncing import RETRIED, read_snapshot
from tests.chaos.spec import VolumeSpec
from tests.chaos.worker import WorkerContext
from tests.chaos.workloads.bank import bank_problem
from tests.chaos.workloads.tracker import tracker_problem

__all__ = ["run_reader"]


class _Followed:
    """One volume this reader follows, with its SQLite connection for bank volumes."""

    def __init__(self, spec: VolumeSpec, volume: Volume, db: apsw.Connection | None) -> None:
        self.spec, self.volume, self.db = spec, volume, db

    def problem(self) -> str | None:
        if self.db is not None:
            return bank_problem(self.db)
        return tracker_problem(read_snapshot(self.volume))

    def remote_lsn(self) -> int:
        snap = self.volume.snapshot()
        return 0 if snap is None or snap.remote_lsn is None else snap.remote_lsn


def _check_once(ctx: WorkerContext, observer: LsnObserver, followed: _Followed) -> None:
    followed.volume.pull()
    went_back = observer.observe(followed.spec.vid, followed.remote_lsn())
    if went_back is not None:
        ctx.violation(went_back)
    problem = followed.problem()
    if problem is not None:
        ctx.violation(f"{followed.spec.name} at {followed.volume.snapshot()}: {problem}")
    ctx.emit("check", what=followed.spec.kind.value)


def run_reader(ctx: WorkerContext) -> None:
    observer = LsnObserver(ctx.run_dir / "observed" / f"{ctx.name}.jsonl")
    vfs = f"chaos-{ctx.name}"
    with Client(ctx.data_dir, **ctx.spec.servers) as client, ExitStack() as closing:
        register(client, vfs)
        closing.callback(unregister, vfs)
        followed: list[_Followed] = []
        for spec in ctx.spec.volumes:
            volume = open_volume(ctx, client, spec.vid)
            if volume is None:
                return
            db = None
            if spec.kind is VolumeKind.BANK:
                db = open_connection(ctx, spec.vid, vfs)
                if db is None:
                    return
                closing.callback(db.close)
            followed.append(_Followed(spec, volume, db))
        for item in followed:
            if item.remote_lsn() < observer.last(item.spec.vid):
                ctx.violation(f"{item.spec.name}: a pulled remote LSN was lost by the restart")
        while not ctx.stop.is_set():
            for item in followed:
                try:
                    _check_once(ctx, observer, item)
                except RETRIED as exc:
                    ctx.transient(exc)
            ctx.pace()
