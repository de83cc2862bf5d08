"""A writer process: pull, commit one or two local commits of its workload, push, repeat.

On SIGTERM it settles: pushes what is unpushed (or resets after a conflict) and exits.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

import apsw

from graft_client import Client, Volume
from graft_client.sqlite import register, unregister
from tests.chaos.config import VolumeKind
from tests.chaos.roles.opening import open_connection, open_volume
from tests.chaos.roles.syncing import RETRIED, SyncDriver, read_snapshot
from tests.chaos.worker import WorkerContext
from tests.chaos.workloads.bank import bank_problem, transfer
from tests.chaos.workloads.tracker import TRACKER_PAGE, tracker_problem, updated_pages

__all__ = ["run_writer"]

_SETTLE_S = 45.0
_BUSY_RETRIES = 20
_SHARED_BUSY_TIMEOUT_MS = 10_000


class Workload(Protocol):
    def check(self) -> None: ...
    def commit(self) -> None: ...


class TrackerWriter:
    def __init__(self, ctx: WorkerContext, volume: Volume) -> None:
        self.ctx, self.volume = ctx, volume
        self._current: dict[int, bytes] = {}

    def check(self) -> None:
        self._current = read_snapshot(self.volume)
        problem = tracker_problem(self._current)
        if problem is not None:
            self.ctx.violation(f"local snapshot {self.volume.snapshot()}: {problem}")
        self.ctx.emit("check", what="tracker")

    def commit(self) -> None:
        changed = updated_pages(self._current, self.ctx.next_token(), self.ctx.rng)
        with self.volume.writer() as writer:
            for idx in sorted(changed):
                writer.write(idx, changed[idx])
        self._current.update(changed)
        self.ctx.emit("commit", pages=len(changed), tracker=TRACKER_PAGE in changed)


class BankWriter:
    def __init__(self, ctx: WorkerContext, db: apsw.Connection) -> None:
        self.ctx, self.db = ctx, db

    def check(self) -> None:
        problem = bank_problem(self.db)
        if problem is not None:
            self.ctx.violation(problem)
        self.ctx.emit("check", what="bank")

    def commit(self) -> None:
        token = self.ctx.next_token()
        for _ in range(_BUSY_RETRIES):
            try:
                transfer(self.db, self.ctx.name, token, self.ctx.rng)
            except apsw.BusyError:
                continue  # a pull landed under the transaction: retry on the new snapshot
            self.ctx.emit("commit")
            return
        raise AssertionError(f"transfer stayed busy {_BUSY_RETRIES} times in one writer")


@contextmanager
def _workload(ctx: WorkerContext, client: Client, volume: Volume) -> Iterator[Workload | None]:
    """The volume's workload; None if asked to stop before it could start."""
    if ctx.spec.volume(_volume_name(ctx)).kind is VolumeKind.TRACKER:
        yield TrackerWriter(ctx, volume)
        return
    vfs = f"chaos-{ctx.name}"
    register(client, vfs)
    db = open_connection(ctx, str(volume.vid), vfs)
    if db is not None and ctx.shares_dir:
        # Another process of this device writes the volume too: wait for its writer lease as
        # an app does (a paused holder keeps it for seconds, a killed one loses it).
        db.set_busy_timeout(_SHARED_BUSY_TIMEOUT_MS)
    try:
        yield None if db is None else BankWriter(ctx, db)
    finally:
        if db is not None:
            db.close()
        unregister(vfs)


def _volume_name(ctx: WorkerContext) -> str:
    return ctx.name.split("-")[1]  # writer-{volume}-{n}


def _work_until_stopped(ctx: WorkerContext, driver: SyncDriver, workload: Workload) -> None:
    recovered = False
    while not ctx.stop.is_set():
        try:
            if not recovered:
                driver.recover()
                recovered = True
            driver.push()  # a no-op unless an earlier push failed
            driver.pull()
            workload.check()
            for _ in range(ctx.rng.randint(1, 2)):
                workload.commit()
            driver.push()
        except RETRIED as exc:
            ctx.transient(exc)
        ctx.pace()


def run_writer(ctx: WorkerContext) -> None:
    vid = ctx.spec.volume(_volume_name(ctx)).vid
    with Client(ctx.data_dir, **ctx.spec.servers) as client:
        volume = open_volume(ctx, client, vid)
        if volume is None:
            return  # stopped before the first clone: nothing to push
        driver = SyncDriver(ctx, volume)
        with _workload(ctx, client, volume) as workload:
            if workload is not None:
                _work_until_stopped(ctx, driver, workload)
        driver.settle(_SETTLE_S)
