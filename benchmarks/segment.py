"""Segment format benchmark: storage bytes per page and encode/decode throughput.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/segment.py [--rows N] [--repeat N]``.

For SQLite-like pages (a real SQLite database cut into 4 KiB pages) and for random pages, in one
run: bytes stored per page in a segment vs raw, and encode (build + verify) / decode (CRC check +
decompress every frame) throughput against plain zstd level 3 over the same bytes in one call.
Goal (issue 4): SQLite-like pages stored at <= 40% of their raw size.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import zstandard

from benchmarks.reporting.results import record
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import ZSTD_LEVEL, decode_segment, encode_segment
from graft_core.types import PAGE_SIZE
from tests.support.sqlite_pages import sqlite_pages

MIB = 1024 * 1024
SQLITE_LIKE = "SQLite-like pages"


def best_seconds(action: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs: the least disturbed by the rest of the machine."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def measure(name: str, pages: list[bytes], repeat: int) -> None:
    raw = b"".join(pages)
    volume = {VolumeId.random(): dict(enumerate(pages, start=1))}
    sid = SegmentId.random()
    data = encode_segment(sid, volume)
    cctx, dctx = zstandard.ZstdCompressor(level=ZSTD_LEVEL), zstandard.ZstdDecompressor()
    whole = cctx.compress(raw)

    encode_s = best_seconds(lambda: encode_segment(sid, volume), repeat)
    decode_s = best_seconds(lambda: decode_segment(data).verify(), repeat)
    zstd_c_s = best_seconds(lambda: cctx.compress(raw), repeat)
    zstd_d_s = best_seconds(lambda: dctx.decompress(whole), repeat)

    mib = len(raw) / MIB
    seg_ratio, zstd_ratio = len(data) / len(raw), len(whole) / len(raw)
    print(f"\n{name}: {len(pages)} pages, {mib:.1f} MiB raw")
    print(f"  stored per page  segment {len(data) / len(pages):6.0f} B  raw {PAGE_SIZE} B")
    print(f"  size vs raw      segment {seg_ratio:6.1%}    zstd-3 {zstd_ratio:.1%}")
    record(
        "segment",
        f"bytes stored, {name}",
        unit="bytes",
        ours=len(data),
        baseline=len(raw),
        baseline_name="raw pages",
        goal_max=0.4 if name == SQLITE_LIKE else None,
    )
    for step, ours, theirs in (("encode", encode_s, zstd_c_s), ("decode", decode_s, zstd_d_s)):
        print(
            f"  {step}           segment {mib / ours:6.0f} MiB/s  zstd-3 {mib / theirs:6.0f} MiB/s"
            f"  segment/zstd {theirs / ours:.2f}"
        )
        record(
            "segment",
            f"{step}, {name}",
            unit="MiB/s",
            ours=mib / ours,
            baseline=mib / theirs,
            baseline_name="zstd-3 one call",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=120_000, help="rows in the SQLite database")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (best kept)")
    args = parser.parse_args()
    sqlite = sqlite_pages(args.rows)
    rng = random.Random(0)
    measure(SQLITE_LIKE, sqlite, args.repeat)
    measure("random pages", [rng.randbytes(PAGE_SIZE) for _ in range(len(sqlite))], args.repeat)


if __name__ == "__main__":
    main()
