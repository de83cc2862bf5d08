"""Many processes on one data dir (issue 16): what attaching costs, in one run.

    .venv/bin/python benchmarks/multiprocess.py [--reads N] [--commits N] [--inserts N]
        [--sqlite-rounds N] [--rounds N]

- hot page reads in an attached process vs in the owner (goal >= 0.5x);
- one-page commit p50 from an attached process vs from the owner (goal <= 2x);
- SQLite read transactions (a point query each, autocommit) in an attached process vs in the
  owner, while nothing writes (context: an attached process then asks the owner nothing);
- SQLite autocommit inserts from 4 processes on one volume vs 4 processes on one native SQLite
  file in WAL mode, synchronous=FULL as the volume's commits are durable (goal >= 0.5x);
- owner failover: SIGKILL the owner, time until the attached process has committed again
  (p50 / p99; context, against the 1 s goal).

Each side runs in fresh processes started with ``spawn``; the owner of the first two is this
process, the attached side a child, and they take turns (same machine load for both).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import signal
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Barrier
from pathlib import Path

import apsw

from benchmarks.reporting.results import record
from graft_client import Client
from graft_client.sqlite import register
from graft_core.ids import VolumeId

HOT_PAGES = 1024
WORKERS = 4
PAGE = os.urandom(4096)


def read_rate(client: Client, vid: VolumeId, reads: int) -> float:
    order = [random.randint(1, HOT_PAGES) for _ in range(reads)]
    with client.local_volume(vid).reader() as reader:
        reader.read(1)  # an attached reader catches up on its first read
        started = time.perf_counter()
        for idx in order:
            reader.read(idx)
        return reads / (time.perf_counter() - started)


def commit_times(client: Client, vid: VolumeId, commits: int) -> list[float]:
    volume = client.local_volume(vid)
    times = []
    for n in range(commits):
        started = time.perf_counter()
        with volume.writer() as writer:
            writer.write(n % HOT_PAGES + 1, PAGE)
        times.append((time.perf_counter() - started) * 1e3)
    return times


def new_lookup_table(client: Client) -> str:
    """A SQLite database of ``HOT_PAGES`` rows in a new volume of ``client``: its name."""
    register(client, "graft")
    db = apsw.Connection("new", vfs="graft")
    name = db.filename
    with db:
        db.execute("create table t(k integer primary key, v text)")
        db.executemany("insert into t values (?, ?)", [(k, "v" * 64) for k in range(HOT_PAGES)])
    db.close()
    return name


def transaction_rate(name: str, transactions: int) -> float:
    """Point queries per second, each its own read transaction, on database ``name``."""
    db = apsw.Connection(name, vfs="graft")
    keys = [random.randrange(HOT_PAGES) for _ in range(transactions)]
    db.execute("select v from t where k = 0").fetchall()  # the first reads the schema
    started = time.perf_counter()
    for k in keys:
        db.execute("select v from t where k = ?", (k,)).fetchall()
    rate = transactions / (time.perf_counter() - started)
    db.close()
    return rate


def attached_side(
    data_dir: str, vid: str, database: str, orders: Connection, out: Connection
) -> None:
    """Runs what the owner asks, in turns with it: (what, count) -> result."""
    with Client(data_dir) as client:
        assert not client.is_owner
        register(client, "graft")
        volume = VolumeId.parse(vid)
        while (order := orders.recv()) is not None:
            what, count = order
            if what == "reads":
                out.send(read_rate(client, volume, count))
            elif what == "transactions":
                out.send(transaction_rate(database, count))
            else:
                out.send(commit_times(client, volume, count))


def reads_and_commits(root: Path, reads: int, commits: int) -> None:
    """The owner and the attached process take turns, so both see the same machine load."""
    data_dir = root / "device"
    turns = 10
    with Client(data_dir) as client:
        volume = client.create_volume(sync="disabled")
        with volume.writer() as writer:
            for idx in range(1, HOT_PAGES + 1):
                writer.write(idx, PAGE)
        database = new_lookup_table(client)
        ctx = mp.get_context("spawn")
        orders_in, orders = ctx.Pipe(duplex=False)
        results, results_out = ctx.Pipe(duplex=False)
        child = ctx.Process(
            target=attached_side,
            args=(str(data_dir), str(volume.vid), database, orders_in, results_out),
        )
        child.start()
        rates: dict[str, list[float]] = {"owner": [], "attached": []}
        transactions: dict[str, list[float]] = {"owner": [], "attached": []}
        times: dict[str, list[float]] = {"owner": [], "attached": []}
        for _ in range(turns):
            rates["owner"].append(read_rate(client, volume.vid, reads // turns))
            orders.send(("reads", reads // turns))
            rates["attached"].append(results.recv())
            transactions["owner"].append(transaction_rate(database, reads // turns // 10))
            orders.send(("transactions", reads // turns // 10))
            transactions["attached"].append(results.recv())
            times["owner"] += commit_times(client, volume.vid, commits // turns)
            orders.send(("commits", commits // turns))
            times["attached"] += results.recv()
        orders.send(None)
        child.join()
    owner_reads, attached_reads = (statistics.median(rates[k]) for k in ("owner", "attached"))
    owner_tx, attached_tx = (statistics.median(transactions[k]) for k in ("owner", "attached"))
    owner_commit, attached_commit = (statistics.median(times[k]) for k in ("owner", "attached"))
    print(f"{'':34}{'owner':>14}{'attached':>14}{'ratio':>8}")
    print(
        f"{'hot page reads':34}{owner_reads:>10,.0f} p/s{attached_reads:>10,.0f} p/s"
        f"{attached_reads / owner_reads:>8.2f}"
    )
    print(
        f"{'SQLite read transactions':34}{owner_tx:>9,.0f} tx/s{attached_tx:>9,.0f} tx/s"
        f"{attached_tx / owner_tx:>8.2f}"
    )
    print(
        f"{'one-page commit p50':34}{owner_commit:>11.3f} ms{attached_commit:>11.3f} ms"
        f"{attached_commit / owner_commit:>8.2f}"
    )
    record(
        "multiprocess",
        "hot page reads, attached",
        unit="pages/s",
        ours=attached_reads,
        baseline=owner_reads,
        baseline_name="the owner process",
        goal_min=0.5,
    )
    record(
        "multiprocess",
        "SQLite read transactions, attached",
        unit="transactions/s",
        ours=attached_tx,
        baseline=owner_tx,
        baseline_name="the owner process",
        context="a point query each, nothing writing meanwhile",
    )
    record(
        "multiprocess",
        "one-page commit p50, attached",
        unit="ms",
        ours=attached_commit,
        baseline=owner_commit,
        baseline_name="the owner process",
        goal_max=2.0,
    )


def insert_worker(
    target: str, vfs: str | None, worker: int, count: int, go: Barrier, done: Barrier
) -> None:
    client = None
    if vfs is not None:
        client = Client(Path(target).parent)
        register(client)
    db = apsw.Connection(Path(target).name if vfs else target, vfs=vfs)
    db.set_busy_timeout(60_000)
    go.wait()
    for seq in range(count):
        db.execute("insert into t(worker, seq) values (?, ?)", (worker, seq))
    # Every process stays until all have inserted: the first to finish (maybe the owner) would
    # otherwise leave the others a takeover, which the failover rows measure.
    done.wait()
    db.close()
    if client is not None:
        client.close()


@dataclass(frozen=True)
class InsertRun:
    rate: float  # rows per second
    cpu_us: float | None  # CPU time (user + system) per row over every worker; None if unread


def insert_run(
    target: str, vfs: str | None, inserts: int, worker: Callable[..., None] = insert_worker
) -> InsertRun:
    """Rows per second of ``WORKERS`` processes, each running ``worker(target, vfs, its
    number, inserts, go, done)``, timed from ``go`` to ``done``; and the CPU the workers spent
    per row meanwhile."""
    ctx = mp.get_context("spawn")
    go, done = ctx.Barrier(WORKERS + 1), ctx.Barrier(WORKERS + 1)
    procs = [
        ctx.Process(target=worker, args=(target, vfs, w, inserts, go, done)) for w in range(WORKERS)
    ]
    for proc in procs:
        proc.start()
    go.wait()
    started, cpu_started = time.perf_counter(), _cpu_seconds(procs)
    done.wait()
    elapsed, cpu_ended = time.perf_counter() - started, _cpu_seconds(procs)
    for proc in procs:
        proc.join()
        assert proc.exitcode == 0
    rows = WORKERS * inserts
    spent = None if cpu_started is None or cpu_ended is None else cpu_ended - cpu_started
    return InsertRun(rows / elapsed, None if spent is None else spent / rows * 1e6)


def _cpu_seconds(procs: Sequence[BaseProcess]) -> float | None:
    """User + system CPU of ``procs`` so far (Linux's /proc, in clock ticks); None if one of
    them cannot be read (gone already, or no /proc)."""
    ticks = 0
    for proc in procs:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def new_native_database(path: Path) -> None:
    """The inserts' table in a native SQLite file in WAL mode, durable commits."""
    db = apsw.Connection(str(path))
    db.execute("pragma journal_mode=wal")
    db.execute("pragma synchronous=full")
    db.execute("create table t(worker integer, seq integer)")
    db.close()


def new_graft_database(device: Path) -> Path:
    """The inserts' table in a new volume of data dir ``device``: the database's path there."""
    with Client(device) as client:
        register(client, "graft")
        db = apsw.Connection("new", vfs="graft")
        vid = db.filename
        db.execute("create table t(worker integer, seq integer)")
        db.close()
    return device / vid


def sqlite_inserts(root: Path, inserts: int, rounds: int) -> None:
    """Native and graft take turns, ``rounds`` times each, on fresh files: disk flush times
    swing several-fold between minutes here, and each turn sees the load of its neighbour.
    Beside the rates, the CPU both sides spent per row (over every process): native waits
    on its WAL fsyncs, graft on the steps each commit passes through, in Python."""
    native_runs: list[InsertRun] = []
    our_runs: list[InsertRun] = []
    for n in range(rounds):
        native = root / f"native-{n}.db"
        new_native_database(native)
        native_runs.append(insert_run(str(native), None, inserts))
        volume = new_graft_database(root / f"sqlite-device-{n}")
        our_runs.append(insert_run(str(volume), "graft", inserts))
    native_rate = statistics.median(run.rate for run in native_runs)
    ours = statistics.median(run.rate for run in our_runs)
    turns = ", ".join(f"{o.rate / n.rate:.2f}" for n, o in zip(native_runs, our_runs, strict=True))
    cpu = f"CPU per row: native {_median_cpu(native_runs)}, graft {_median_cpu(our_runs)}"
    print(
        f"{'SQLite inserts, 4 processes':34}{native_rate:>10,.0f} r/s{ours:>10,.0f} r/s"
        f"{ours / native_rate:>8.2f}   (native WAL file | one graft volume; turns {turns}; "
        f"{cpu})"
    )
    record(
        "multiprocess",
        "SQLite inserts, 4 processes",
        unit="rows/s",
        ours=ours,
        baseline=native_rate,
        baseline_name="native SQLite WAL, 4 processes",
        goal_min=0.5,
        context=cpu,
    )


def _median_cpu(runs: Sequence[InsertRun]) -> str:
    spent = [run.cpu_us for run in runs if run.cpu_us is not None]
    return f"{statistics.median(spent):,.0f} us" if spent else "unread"


def owner_side(data_dir: str, ready: Connection) -> None:
    with Client(data_dir) as client:
        assert client.is_owner
        ready.send(True)
        signal.pause()


def failover(root: Path, rounds: int) -> None:
    data_dir = root / "failover"
    with Client(data_dir) as client:
        vid = client.create_volume(sync="disabled").vid
    ctx = mp.get_context("spawn")
    times = []
    for _ in range(rounds):
        receive, send = ctx.Pipe(duplex=False)
        owner = ctx.Process(target=owner_side, args=(str(data_dir), send))
        owner.start()
        receive.recv()
        with Client(data_dir) as client:
            volume = client.local_volume(vid)
            started = time.perf_counter()
            assert owner.pid is not None
            os.kill(owner.pid, signal.SIGKILL)
            with volume.writer() as writer:  # waits out the takeover
                writer.write(1, PAGE)
            times.append((time.perf_counter() - started) * 1e3)
            assert client.is_owner
        owner.join()
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{'failover (kill to next commit)':34}p50 {p50:.1f} ms, p99 {p99:.1f} ms ({rounds})")
    for metric, value in (("failover p50", p50), ("failover p99", p99)):
        record(
            "multiprocess",
            metric,
            unit="ms",
            ours=value,
            baseline=1000.0,
            baseline_name="the 1 s goal",
            goal_max=1.0,
            samples=times,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=200_000, help="hot page reads to time")
    parser.add_argument("--commits", type=int, default=300, help="one-page commits to time")
    parser.add_argument("--inserts", type=int, default=300, help="inserts per process")
    parser.add_argument(
        "--sqlite-rounds", type=int, default=3, help="turns of native and graft inserts"
    )
    parser.add_argument("--rounds", type=int, default=30, help="owner kills to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graft-bench-") as tmp:
        root = Path(tmp)
        reads_and_commits(root, args.reads, args.commits)
        sqlite_inserts(root, args.inserts, args.sqlite_rounds)
        failover(root, args.rounds)


if __name__ == "__main__":
    main()
