"""SQLite through the graft VFS (local pages) against native SQLite on a file, in one run.

    .venv/bin/python benchmarks/sqlite.py [--rows N] [--lookups N] [--writes N]

The same four workloads on both: bulk insert in transactions of 1000 rows, indexed point
lookups (one autocommit read transaction each), a full table scan, and small write transactions
(one row each). Native SQLite runs with synchronous=FULL (every commit fsynced, rollback journal
on disk); the graft VFS commits each transaction as one durable local LSN (RocksDB WAL, sync).
Goal (issue 6): reads within 1.5x of native, writes within 2x.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import apsw

from graft_client import Client
from graft_client.sqlite import register

BATCH = 1000
SCANS = 10
READS = ("point lookups", "full scan")


def timed(run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def workloads(db: apsw.Connection, rows: int, lookups: int, writes: int) -> dict[str, float]:
    """Seconds taken by each workload on ``db``."""
    rng = random.Random(1)
    db.execute("create table items (id integer primary key, sku text, qty int, body text)")
    db.execute("create index items_sku on items (sku)")

    def insert() -> None:
        for start in range(0, rows, BATCH):
            with db:
                db.executemany(
                    "insert into items (sku, qty, body) values (?, ?, ?)",
                    ((f"sku-{n:09d}", n % 100, "x" * 100) for n in range(start, start + BATCH)),
                )

    keys = [f"sku-{rng.randrange(rows):09d}" for _ in range(lookups)]

    def lookup() -> None:
        for key in keys:
            db.execute("select id, qty from items where sku = ?", (key,)).fetchall()

    def scan() -> None:
        for _ in range(SCANS):  # one scan takes milliseconds: repeated for a stable number
            db.execute("select count(*), sum(qty), sum(length(body)) from items").fetchall()

    def write() -> None:
        for n in range(writes):
            db.execute("update items set qty = qty + 1 where id = ?", (1 + (n * 7919) % rows,))

    return {
        f"bulk insert ({rows} rows)": timed(insert),
        f"point lookups ({lookups})": timed(lookup),
        f"full scan (x{SCANS})": timed(scan),
        f"small writes ({writes})": timed(write),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--lookups", type=int, default=50_000)
    parser.add_argument("--writes", type=int, default=1_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graft-bench-sqlite-") as tmp:
        native = apsw.Connection(str(Path(tmp) / "native.db"))
        native.execute("pragma synchronous = full")
        native_times = workloads(native, args.rows, args.lookups, args.writes)
        native.close()
        with Client(Path(tmp) / "graft") as client:
            register(client, "graft-bench")
            graft = apsw.Connection("new", vfs="graft-bench")
            graft_times = workloads(graft, args.rows, args.lookups, args.writes)
            graft.close()
    print(f"{'workload':<28}{'native s':>10}{'graft s':>10}{'ratio':>8}  goal")
    for name, native_s in native_times.items():
        graft_s = graft_times[name]
        goal = 1.5 if any(name.startswith(read) for read in READS) else 2.0
        verdict = "ok" if graft_s / native_s <= goal else "MISSED"
        print(
            f"{name:<28}{native_s:>10.3f}{graft_s:>10.3f}{graft_s / native_s:>7.2f}x"
            f"  <= {goal}x {verdict}"
        )


if __name__ == "__main__":
    main()
