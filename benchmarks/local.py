"""Local volume speed against raw rocksdict on the same disk, in one run.

    .venv/bin/python benchmarks/local.py [--commits N] [--reads N]

Writes: 64-page durable commits through VolumeWriter vs raw rocksdict WriteBatches of 64 pages
with sync=True. Reads: VolumeReader.read of hot pages vs raw rocksdict gets of each page's current
version key (a baseline that already knows the key; the volume has to find it by seek).
Goal (issue 2): both ratios >= 50%.
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rocksdict import Options, Rdict, WriteBatch, WriteOptions

from benchmarks.reporting.results import record
from graft_client import Client

PAGES_PER_COMMIT = 64
HOT_PAGES = 4096


def rate(count: int, run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return count / (time.perf_counter() - started)


def raw_rocksdict(path: Path, commits: int, reads: int, pages: list[bytes]) -> tuple[float, float]:
    opts = Options(raw_mode=True)
    opts.create_if_missing(True)
    db = Rdict(str(path), options=opts)
    sync = WriteOptions()
    sync.sync = True
    prefix = os.urandom(16)

    current: dict[int, bytes] = {}

    def write() -> None:
        for lsn in range(1, commits + 1):
            batch = WriteBatch(raw_mode=True)
            for i in range(PAGES_PER_COMMIT):
                idx = (lsn * PAGES_PER_COMMIT + i) % HOT_PAGES + 1
                current[idx] = prefix + struct.pack(">IQ", idx, lsn)
                batch.put(current[idx], pages[i])
            db.write(batch, sync)

    def read() -> None:
        for key in order:
            db.get(key)

    write_rate = rate(commits * PAGES_PER_COMMIT, write)
    # The baseline knows each page's current key: a plain get of the version a reader wants.
    order = [current[random.choice(list(current))] for _ in range(reads)]
    read_rate = rate(reads, read)
    db.close()
    return write_rate, read_rate


def graft_volume(path: Path, commits: int, reads: int, pages: list[bytes]) -> tuple[float, float]:
    with Client(path) as client:
        volume = client.create_volume(sync="disabled")

        def write() -> None:
            for lsn in range(1, commits + 1):
                writer = volume.writer()
                for i in range(PAGES_PER_COMMIT):
                    writer.write((lsn * PAGES_PER_COMMIT + i) % HOT_PAGES + 1, pages[i])
                writer.commit()

        write_rate = rate(commits * PAGES_PER_COMMIT, write)
        order = [random.randint(1, HOT_PAGES) for _ in range(reads)]
        with volume.reader() as reader:

            def read() -> None:
                for idx in order:
                    reader.read(idx)

            read_rate = rate(reads, read)
    return write_rate, read_rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=500, help="64-page commits to time")
    parser.add_argument("--reads", type=int, default=200_000, help="hot page reads to time")
    args = parser.parse_args()
    pages = [os.urandom(4096) for _ in range(PAGES_PER_COMMIT)]
    with tempfile.TemporaryDirectory(prefix="graft-bench-") as tmp:
        raw_w, raw_r = raw_rocksdict(Path(tmp) / "raw", args.commits, args.reads, pages)
        ours_w, ours_r = graft_volume(Path(tmp) / "graft", args.commits, args.reads, pages)
    rows = [("durable 64-page commits", raw_w, ours_w), ("hot page reads", raw_r, ours_r)]
    print(f"{'':26}{'raw rocksdict':>16}{'graft volume':>16}{'ratio':>8}")
    for name, raw, ours in rows:
        print(f"{name:26}{raw:>12,.0f} p/s{ours:>12,.0f} p/s{ours / raw:>8.0%}")
        record(
            "local",
            name,
            unit="pages/s",
            ours=ours,
            baseline=raw,
            baseline_name="raw rocksdict",
            goal_min=0.5,
        )


if __name__ == "__main__":
    main()
