"""Names, forks and history (issue 17), in one run: each section a function of its own.

    .venv/bin/python benchmarks/history.py [--mib N]

Import and export of a SQLite file: ``graft import`` (SQLite's backup API into a scratch copy,
then one durable local commit) and ``graft export`` (a streamed, fsynced file) against a raw
file copy of the same bytes with an fsync (``shutil.copyfile`` + ``os.fsync``): MiB/s each.
Goal (issue 17): both ratios >= 0.3.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.reporting.results import record
from graft_client import Client
from graft_client.sqlite.transfer import import_file

ROW_BYTES = 400
MIB = 1 << 20
RUNS = 2


def best(run: Callable[[], object]) -> float:
    """The fastest of RUNS runs, in seconds (the machine is shared: the least disturbed one)."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def sqlite_file(path: Path, mib: int) -> int:
    """A SQLite database of about ``mib`` MiB (rows of random text); its size in bytes."""
    rng = random.Random(17)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("create table items (id integer primary key, body text)")
    rows = mib * MIB // (ROW_BYTES + 20)
    db.execute("begin")
    db.executemany(
        "insert into items (id, body) values (?, ?)",
        ((n, rng.randbytes(ROW_BYTES // 2).hex()) for n in range(rows)),
    )
    db.execute("commit")
    db.close()
    return path.stat().st_size


def raw_copy(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def import_export(tmp: Path, mib: int) -> None:
    """Import and export of a SQLite file against a raw copy of its bytes."""
    source = tmp / "source.db"
    size = sqlite_file(source, mib)
    copy_s = best(partial(raw_copy, source, tmp / "copy.db"))
    with Client(tmp / "data") as client:
        import_s = best(partial(import_file, client, source))
        volume = client.volumes()[0].vid
        export_s = best(partial(client.local_volume(volume).export, tmp / "export.db"))
    assert (tmp / "export.db").stat().st_size == size
    baseline = size / MIB / copy_s
    rows = [("import", size / MIB / import_s), ("export", size / MIB / export_s)]
    print(f"SQLite file of {size / MIB:.0f} MiB")
    print(f"{'':10}{'raw copy':>14}{'graft':>14}{'ratio':>8}")
    for name, ours in rows:
        print(f"{name:10}{baseline:>9,.0f} MiB/s{ours:>9,.0f} MiB/s{ours / baseline:>8.2f}")
        record(
            "history",
            f"{name} of a {size / MIB:.0f} MiB SQLite file",
            unit="MiB/s",
            ours=ours,
            baseline=baseline,
            baseline_name="raw file copy + fsync",
            goal_min=0.3,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=100, help="size of the SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graft-bench-") as tmp:
        import_export(Path(tmp), args.mib)


if __name__ == "__main__":
    main()
