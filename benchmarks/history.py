"""Names, forks and history (issue 17), in one run, each section a function of its own:

    .venv/bin/python benchmarks/history.py [--mib N] [--skip-fork]

(a) Fork of a 1 GiB volume (262,144 pages on real servers): the metastore's time per fork
request over loopback, against a commit without pages (the same one durable log append), and
the bytes the fork adds to what the servers store (metastore data directory and segment store,
file sizes), against one page. Goal: O(1), under 10 ms and under 4 KiB stored per fork.
(b) ``volume.changes()`` over 10,000 local commits, against joining the same 10,000 grafts
already in memory (the cost of reading the commit records).
(c) Import and export of a SQLite file: ``graft import`` (the file read under a read
transaction, loaded as one SST file and one durable local commit) and ``graft export`` (a
streamed, fsynced file) against a raw file copy of the same bytes with an fsync
(``shutil.copyfile`` + ``os.fsync``): MiB/s each.
Goal: both ratios >= 0.3.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.reporting.results import record
from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_core.graft import Graft
from graft_core.ids import ClientId, VolumeId
from graft_core.rpcclient import SyncMetastoreClient, SyncPagestoreClient
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import running_cluster

GIB_PAGES = (1 << 30) // PAGE_SIZE
WRITE_BATCH = 4096  # pages per write_pages request (16 MiB)
FORKS = 50
COMMITS = 10_000
ROW_BYTES = 400
MIB = 1 << 20
RUNS = 2


def _tree_bytes(*roots: Path) -> int:
    return sum(p.stat().st_size for root in roots for p in root.rglob("*") if p.is_file())


def _page(idx: int, noise: bytes) -> bytes:
    """A distinct, half-compressible page."""
    return (idx.to_bytes(8, "big") + noise[: PAGE_SIZE // 2 - 8]).ljust(PAGE_SIZE, b"\0")


def _gib_volume(meta: SyncMetastoreClient, pages: SyncPagestoreClient) -> VolumeId:
    vid = VolumeId.random()
    refs = []
    noise = os.urandom(PAGE_SIZE)
    for start in range(1, GIB_PAGES + 1, WRITE_BATCH):
        batch = [(i, _page(i, noise[i % 997 :])) for i in range(start, start + WRITE_BATCH)]
        refs += pages.write_pages(vid, batch)
    meta.commit(vid, ClientId.random(), None, GIB_PAGES, refs, os.urandom(32))
    return vid


def _empty_commits(meta: SyncMetastoreClient) -> list[float]:
    """Milliseconds per commit that names no pages: one durable log append, as a fork is."""
    vid, cid = VolumeId.random(), ClientId.random()
    times = []
    for base in range(FORKS):
        started = time.perf_counter()
        meta.commit(vid, cid, base or None, 0, [], os.urandom(32))
        times.append((time.perf_counter() - started) * 1000)
    return times


def bench_fork(tmp: Path) -> None:
    with running_cluster(tmp) as cluster:
        meta_url = cluster.metastore.url
        with (
            SyncMetastoreClient(meta_url, None) as meta,
            SyncPagestoreClient(cluster.pagestore.url, None) as pages,
        ):
            started = time.perf_counter()
            parent = _gib_volume(meta, pages)
            print(f"1 GiB volume written in {time.perf_counter() - started:.1f} s")
            stored = (tmp / "meta", tmp / "segments")
            before = _tree_bytes(*stored)
            times = []
            for _ in range(FORKS):
                child = VolumeId.random()
                started = time.perf_counter()
                snapshot = meta.fork(child, ClientId.random(), parent, 1)
                times.append((time.perf_counter() - started) * 1000)
                assert snapshot.page_count == GIB_PAGES
            grown = (_tree_bytes(*stored) - before) / FORKS
            commits = _empty_commits(meta)
            with httpx.Client(base_url=meta_url) as http:
                health = []
                for _ in range(FORKS):
                    started = time.perf_counter()
                    http.get("/health").raise_for_status()
                    health.append((time.perf_counter() - started) * 1000)
            # A fork reads as its parent: check one page through the pagestore.
            last = cluster.client().read(child, 1, [GIB_PAGES])[GIB_PAGES]
            assert last[:8] == GIB_PAGES.to_bytes(8, "big")
    p50, worst = statistics.median(times), max(times)
    rtt, commit = statistics.median(health), statistics.median(commits)
    print(f"fork of a 1 GiB volume: p50 {p50:.2f} ms, max {worst:.2f} ms")
    print(f"  commit without pages: p50 {commit:.2f} ms; GET /health: p50 {rtt:.2f} ms")
    print(f"bytes stored per fork: {grown:.0f} (goal < 4096)")
    record(
        "history",
        "fork of a 1 GiB volume (p50)",
        unit="ms",
        ours=p50,
        baseline=commit,
        baseline_name="a commit without pages (one log append)",
        samples=times,
    )
    record(
        "history",
        "bytes stored per fork of a 1 GiB volume",
        unit="bytes",
        ours=max(grown, 1.0),
        baseline=PAGE_SIZE,
        baseline_name="one page (4 KiB)",
        goal_max=1.0,
    )


def bench_changes(tmp: Path) -> None:
    rng = random.Random(5)
    with Client(tmp / "client", keep_commits=COMMITS + 10) as client:
        volume = client.create_volume(sync="disabled")
        data = os.urandom(PAGE_SIZE)
        started = time.perf_counter()
        for _ in range(COMMITS):
            with volume.writer() as writer:
                for _ in range(rng.randrange(1, 5)):
                    writer.write(rng.randrange(1, 5000), data)
        print(f"{COMMITS} commits in {time.perf_counter() - started:.1f} s")
        times = []
        for _ in range(5):
            started = time.perf_counter()
            changed = volume.changes(1, COMMITS)
            times.append((time.perf_counter() - started) * 1000)
        grafts = [Graft.deserialize(Graft([i, i + 7]).serialize()) for i in range(1, COMMITS)]
        joined = []
        for _ in range(5):
            started = time.perf_counter()
            Graft.union(grafts)
            joined.append((time.perf_counter() - started) * 1000)
    ours, base = statistics.median(times), statistics.median(joined)
    print(f"changes() over {COMMITS} commits: {ours:.1f} ms ({len(changed)} pages)")
    print(f"joining {COMMITS} grafts in memory: {base:.1f} ms")
    record(
        "history",
        f"changes() over {COMMITS} commits",
        unit="ms",
        ours=ours,
        baseline=base,
        baseline_name="joining the grafts in memory",
    )


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
    tmp.mkdir(parents=True, exist_ok=True)
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
    parser.add_argument("--skip-fork", action="store_true", help="skip the 1 GiB fork benchmark")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graft-bench-") as tmp:
        if not args.skip_fork:
            bench_fork(Path(tmp) / "fork")
        bench_changes(Path(tmp) / "changes")
        import_export(Path(tmp) / "transfer", args.mib)


if __name__ == "__main__":
    main()
