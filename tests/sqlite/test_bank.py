"""Bank transfers through the VFS on two devices with autosync: money is never made or lost.

Each device commits transfers locally; autosync pushes and pulls in the background. A transfer
counts once its local commit is pushed; if the other device won the remote LSN first, the
device resets to the remote state and retries the transfer. After every sync the database is
consistent: the total is constant, integrity_check is ok and foreign_key_check is empty.
"""

from __future__ import annotations

import random
import threading
from functools import partial
from pathlib import Path

import apsw

from graft_client import Volume, VolumeStatus
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import Device, device, pragma_json, scalar, wait_until

ACCOUNTS = 8
START_BALANCE = 1000
TRANSFERS_PER_DEVICE = 8
DEADLINE_S = 30.0


def _setup(db: apsw.Connection) -> None:
    db.execute(
        "create table accounts (id integer primary key, balance int not null check (balance >= 0));"
        "create table transfers (id integer primary key, device text, src int not null "
        "references accounts (id), dst int not null references accounts (id), amount int);"
    )
    with db:
        db.executemany(
            "insert into accounts values (?, ?)",
            [(n, START_BALANCE) for n in range(1, ACCOUNTS + 1)],
        )


def _check_consistent(db: apsw.Connection) -> None:
    total = db.execute("select sum(balance) from accounts").fetchall()[0][0]
    assert total == ACCOUNTS * START_BALANCE
    assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
    assert db.execute("pragma foreign_key_check").fetchall() == []


def _transfer(db: apsw.Connection, name: str, rng: random.Random) -> None:
    src, dst = rng.sample(range(1, ACCOUNTS + 1), 2)
    while True:
        try:
            with db:
                balance = scalar(db, "select balance from accounts where id = ?", int, (src,))
                amount = min(rng.randrange(1, 50), balance)
                db.execute("update accounts set balance = balance - ? where id = ?", (amount, src))
                db.execute("update accounts set balance = balance + ? where id = ?", (amount, dst))
                db.execute(
                    "insert into transfers (device, src, dst, amount) values (?, ?, ?, ?)",
                    (name, src, dst, amount),
                )
            return
        except apsw.BusyError:
            continue  # a pull landed under the transaction: retry it on the new snapshot


def _pushed_or_conflict(volume: Volume, lsn: int) -> str | None:
    snap = volume.snapshot()
    if snap is not None and snap.remote is not None and snap.remote.local_lsn >= lsn:
        return "pushed"
    if volume.status() in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
        return "conflict"
    return None


def _run_device(dev: Device, vid: str, name: str, seed: int, conflicts: list[int]) -> None:
    db = dev.connect(vid)
    db.execute("pragma foreign_keys = on")
    volume = dev.client.open_volume(vid)
    rng = random.Random(seed)
    done = 0
    while done < TRANSFERS_PER_DEVICE:
        _transfer(db, name, rng)
        lsn = pragma_json(db, "graft_status")["local_lsn"]
        outcome = wait_until(partial(_pushed_or_conflict, volume, lsn), DEADLINE_S, "a push")
        if outcome == "conflict":
            conflicts.append(1)
            pragma_json(db, "graft_reset")  # drop the unpushed transfer; retried next round
        else:
            done += 1
        _check_consistent(db)
    db.close()


def test_bank_transfers_on_two_devices_with_autosync(cluster: Cluster, tmp_path: Path) -> None:
    with device(tmp_path / "a", cluster) as a, device(tmp_path / "b", cluster) as b:
        setup = a.connect()
        _setup(setup)
        pragma_json(setup, "graft_push")
        vid = setup.filename
        setup.close()
        b.connect(vid).close()  # clone before autosync starts, so both sync the volume
        a.client.start_autosync(wait_ms=2000)
        b.client.start_autosync(wait_ms=2000)
        conflicts: list[int] = []
        failures: list[BaseException] = []

        def run(dev: Device, name: str, seed: int) -> None:
            try:
                _run_device(dev, vid, name, seed, conflicts)
            except BaseException as exc:
                failures.append(exc)

        threads = [
            threading.Thread(target=run, args=(a, "a", 1)),
            threading.Thread(target=run, args=(b, "b", 2)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=2 * DEADLINE_S)
        assert not failures, failures
        assert not any(thread.is_alive() for thread in threads)

        # Both converge on the same remote LSN holding every transfer of both devices.
        def converged() -> int | None:
            snaps = [dev.client.open_volume(vid).snapshot() for dev in (a, b)]
            lsns = {snap.remote_lsn for snap in snaps if snap is not None}
            return lsns.pop() if len(lsns) == 1 else None

        wait_until(converged, DEADLINE_S, "both devices on one remote LSN")
        for dev in (a, b):
            db = dev.connect(vid)
            _check_consistent(db)
            counts = dict(db.execute("select device, count(*) from transfers group by device"))
            assert counts == {"a": TRANSFERS_PER_DEVICE, "b": TRANSFERS_PER_DEVICE}
            db.close()
