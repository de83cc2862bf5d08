"""Direct mode benchmark, run as ``python benchmarks/direct.py`` (moto S3 on loopback).

(a) commit latency: ``push()`` of a one-page local commit, p50 and p99, straight to the bucket
    (direct mode) against the same through ``graft serve --store`` on the same moto server;
    with the object-store requests a direct commit makes (counted by the client);
(b) a cold read of one page by a new lite client: milliseconds and object-store round trips
    direct, against the servers' two HTTP round trips (snapshot, read_pages).

moto answers in well under a millisecond on loopback; a real S3 round trip is 10-30 ms, so on S3
the ratios follow the request counts more than these timings do.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.reporting.results import record
from graft_client import Client, LiteClient, Volume
from graft_client.direct import RequestCounts
from graft_core.ids import VolumeId
from tests.support.moto import start_moto_server
from tests.support.serve import graft_serve

COMMITS = 40
COLD_READS = 9
GRAFT = str(Path(sys.executable).with_name("graft"))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def push_latencies(volume: Volume) -> list[float]:
    times = []
    for n in range(COMMITS):
        with volume.writer() as writer:
            writer.write(1 + n % 8, n.to_bytes(4, "big") * 1024)
        started = time.perf_counter()
        volume.push()
        times.append(time.perf_counter() - started)
    return times


def cold_reads(lite_of: type[LiteClient], vid: VolumeId, **where: str) -> tuple[float, float]:
    """Median ms of one-page reads by a new lite client, and its median store round trips."""
    times, trips = [], []
    for _ in range(COLD_READS):
        with lite_of(**where) as lite:  # type: ignore[arg-type]
            runtime = lite.runtime
            before = runtime.requests().get(vid, RequestCounts())
            started = time.perf_counter()
            lite.read(vid, 5)
            times.append(time.perf_counter() - started)
            trips.append((runtime.requests().get(vid, RequestCounts()) - before).total)
    return statistics.median(times) * 1000, statistics.median(trips)


def main() -> None:
    moto = start_moto_server()
    os.environ.update(moto.env)
    bucket = moto.make_bucket("graft-bench-direct")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            run(Path(tmp), bucket)
    finally:
        moto.stop()


def run(tmp: Path, bucket: str) -> None:
    direct_url, served_url = f"{bucket}/direct", f"{bucket}/served"
    with Client(tmp / "direct", remote=direct_url) as client:
        volume = client.create_volume()
        direct_times = push_latencies(volume)
        before = volume.stats().requests
        push_latencies(volume)
        per_commit = volume.stats().requests - before
        direct_vid = volume.vid
    with graft_serve(tmp / "serve", served_url) as urls:
        metastore, pagestore = urls["metastore"], urls["pagestore"]
        with Client(tmp / "served", metastore=metastore, pagestore=pagestore) as client:
            volume = client.create_volume()
            served_times = push_latencies(volume)
            served_vid = volume.vid
        served_cold, _ = cold_reads(
            LiteClient, served_vid, metastore=metastore, pagestore=pagestore
        )
    direct_cold, direct_trips = cold_reads(LiteClient, direct_vid, remote=direct_url)

    d50, s50 = pct(direct_times, 0.5) * 1000, pct(served_times, 0.5) * 1000
    d99, s99 = pct(direct_times, 0.99) * 1000, pct(served_times, 0.99) * 1000
    requests = RequestCounts(
        per_commit.puts // COMMITS, per_commit.gets // COMMITS, per_commit.lists // COMMITS
    )
    print(f"(a) push of a one-page commit ({COMMITS} commits, moto S3 on loopback)")
    print(f"    direct       p50 {d50:7.2f} ms  p99 {d99:7.2f} ms")
    ratio = d50 / s50
    print(
        f"    via servers  p50 {s50:7.2f} ms  p99 {s99:7.2f} ms   direct/servers p50 {ratio:.2f}x"
    )
    print(
        f"    store requests per direct commit: {per_commit.puts / COMMITS:g} PUT, "
        f"{per_commit.gets / COMMITS:g} GET, {per_commit.lists / COMMITS:g} LIST "
        "(via servers: 2 HTTP round trips; the servers make 1 segment PUT, 1 probing GET, "
        "1 record PUT)"
    )
    print("(b) cold read of one page by a new lite client (median of", COLD_READS, ")")
    print(f"    direct       {direct_cold:7.2f} ms  {direct_trips:g} store round trips")
    ratio = direct_cold / served_cold
    print(
        f"    via servers  {served_cold:7.2f} ms  2 HTTP round trips   direct/servers {ratio:.2f}x"
    )
    record(
        "direct",
        "commit latency p50, direct",
        unit="ms",
        ours=d50,
        baseline=s50,
        baseline_name="the same push through graft serve --store",
        context=f"p99 {d99:.3g} vs {s99:.3g} ms; {requests.total} store requests per commit",
    )
    record(
        "direct",
        "cold read of one page, direct lite client",
        unit="ms",
        ours=direct_cold,
        baseline=served_cold,
        baseline_name="lite client through graft serve --store",
        context=f"{direct_trips:g} store round trips vs 2 HTTP round trips",
    )


if __name__ == "__main__":
    main()
