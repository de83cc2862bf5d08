"""End-to-end encryption cost, run as ``python benchmarks/encryption.py`` (servers on loopback).

One SQLite database (a table of text rows with an index, about ``--rows`` rows) is stored as a
plain volume and as an encrypted one (passphrase key), each on its own fresh cluster:

(a) stored bytes per SQLite page: the bytes of the segments its push wrote, per page (goal:
    encrypted <= 1.15x plain; plain pages are zstd-compressed 64 to a frame by the pagestore,
    sealed pages are compressed one by one on the client);
(b) push throughput (MiB/s of pages), one remote commit of the whole database (goal >= 0.7x);
(c) cold read throughput: a fresh LiteClient reads every page (goal >= 0.7x);
(d) local hot reads: a full client's reader over fetched pages (pages are stored decrypted
    locally, so the goal is "unchanged": >= 0.9x);
(e) local hot reads of a clone made with ``encrypt_local=True`` (every page sealed in RocksDB
    too, so each read opens one: AES-SIV + zstd), against the plain hot reads (no goal).

Runs alternate plain and encrypted (each on a fresh cluster) so that load on a shared machine
hits both alike; each run's ratios and their medians are printed, and the best of each mode is
recorded.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.reporting.results import record
from graft_client import Client, Key, LiteClient
from graft_core.crypto import Keyring, open_page, seal_page
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.sqlite_pages import text_table_pages

MIB = 1 << 20
KEY = Key.from_passphrase("benchmark passphrase")


def rate(amount: float, run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return amount / (time.perf_counter() - started)


def segment_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in (root / "segments").rglob("*") if p.is_file())


def measure(cluster: Cluster, root: Path, pages: list[bytes], encrypted: bool) -> dict[str, float]:
    urls = {"metastore": cluster.metastore.url, "pagestore": cluster.pagestore.url}
    size = len(pages) * PAGE_SIZE / MIB
    with Client(root / "writer", **urls, key=KEY) as client:
        warm = client.create_volume(encryption=encrypted)  # connections, threads, first segment
        with warm.writer() as writer:
            writer.write(1, pages[0])
        warm.push()
        volume = client.create_volume(encryption=encrypted)
        with volume.writer() as writer:
            for idx, page in enumerate(pages, start=1):
                writer.write(idx, page)
        before = segment_bytes(root)
        push = rate(size, volume.push)
        stored = segment_bytes(root) - before
    with LiteClient(**urls, key=KEY) as lite:
        lite.read(warm.vid, 1)  # connections, and the passphrase KDF (once per client)
        lite.read(volume.vid, 1)  # this volume's keyring (once per volume)
        cold = rate(size, lambda: lite.read_many(volume.vid, range(1, len(pages) + 1)))
    found = {"stored": stored / len(pages), "push": push, "cold": cold}
    found["hot"] = hot_reads(root / "reader", urls, volume.vid, len(pages), False)
    if encrypted:
        found["hot_local"] = hot_reads(root / "sealed", urls, volume.vid, len(pages), True)
    return found


def hot_reads(
    data_dir: Path, urls: dict[str, str], vid: VolumeId, count: int, encrypt_local: bool
) -> float:
    """Pages per second a reader of a clone of ``vid`` reads, every page fetched first."""
    with Client(data_dir, **urls, key=KEY) as client:
        clone = client.open_volume(vid, encrypt_local=encrypt_local or None)
        clone.fetch_all()
        order = [random.randint(1, count) for _ in range(100_000)]
        with clone.reader() as reader:
            return rate(len(order), lambda: [reader.read(idx) for idx in order])


def crypto_cpu(pages: list[bytes]) -> tuple[float, float]:
    """CPU microseconds to seal, and to open, one page (robust to a busy machine, unlike the
    wall-clock rates)."""
    vid = VolumeId.random()
    ring = Keyring.create(vid, KEY)
    key = ring.current()
    started = time.process_time()
    sealed = [seal_page(key, vid, idx, 2, page) for idx, page in enumerate(pages, start=1)]
    seal_us = (time.process_time() - started) / len(pages) * 1e6
    started = time.process_time()
    for idx, blob in enumerate(sealed, start=1):
        open_page(ring, vid, idx, blob)
    return seal_us, (time.process_time() - started) / len(pages) * 1e6


def best(results: list[dict[str, float]]) -> dict[str, float]:
    best_of = {k: max(r[k] for r in results) for k in results[0]}
    best_of["stored"] = min(r["stored"] for r in results)
    return best_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=60_000, help="rows of the SQLite table")
    parser.add_argument("--runs", type=int, default=3, help="runs per mode (best kept)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="graft-bench-crypto-") as name:
        tmp = Path(name)
        pages = text_table_pages(args.rows)

        def one(encrypted: bool, n: int) -> dict[str, float]:
            root = tmp / f"{'enc' if encrypted else 'plain'}-{n}"
            with running_cluster(root) as cluster:
                return measure(cluster, root, pages, encrypted)

        plains, seals, ratios = [], [], []
        for n in range(args.runs):
            plains.append(one(False, n))
            seals.append(one(True, n))
            ratios.append({k: seals[-1][k] / plains[-1][k] for k in ("push", "cold", "hot")})
            print(f"run {n + 1}: " + ", ".join(f"{k} {v:.2f}x" for k, v in ratios[-1].items()))
        medians = {k: statistics.median(r[k] for r in ratios) for k in ratios[0]}
        print("median: " + ", ".join(f"{k} {v:.2f}x" for k, v in medians.items()))
        plain, sealed = best(plains), best(seals)
        seal_us, open_us = crypto_cpu(pages)
    print(f"CPU per page: seal {seal_us:.1f} us, open {open_us:.1f} us")
    print(f"{len(pages)} SQLite pages ({len(pages) * PAGE_SIZE / MIB:.1f} MiB)")
    rows = [
        ("stored bytes per page", "bytes", plain["stored"], sealed["stored"], None, 1.15),
        ("push throughput", "MiB/s", plain["push"], sealed["push"], 0.7, None),
        ("cold read throughput", "MiB/s", plain["cold"], sealed["cold"], 0.7, None),
        ("local hot reads", "pages/s", plain["hot"], sealed["hot"], 0.9, None),
        (
            "local hot reads, encrypt_local",
            "pages/s",
            plain["hot"],
            sealed["hot_local"],
            None,
            None,
        ),
    ]
    print(f"{'':40}{'plain':>14}{'encrypted':>14}{'ratio':>8}")
    for metric, unit, base, ours, goal_min, goal_max in rows:
        print(f"{metric:40}{base:>14,.1f}{ours:>14,.1f}{ours / base:>8.2f}  {unit}")
        record(
            "encryption",
            metric,
            unit=unit,
            ours=ours,
            baseline=base,
            baseline_name="plain volume",
            goal_min=goal_min,
            goal_max=goal_max,
        )


if __name__ == "__main__":
    main()
