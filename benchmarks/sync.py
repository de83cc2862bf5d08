"""Sync benchmark, run as ``python benchmarks/sync.py`` (servers started here, on loopback).

(a) replication lag: a commit on client A (autosync, push) until client B (autosync, pull) has
    it, p50/p99, against the floor of the same steps done bare (issue 19): two loopback POSTs of
    the same body sizes to a bare server (``benchmarks.baselines.floor``) that stores the first
    in a durable new file and appends the second to a log with fdatasync, until a waiting long
    poll wakes; goal p50 <= 1.5x. Both the floor and the raw keep-alive round trip (``GET
    /health`` of the metastore, the old baseline, now context) are timed just before and just
    after the commits and pooled: the disk's flush time drifts meanwhile;
(b) push throughput in MiB/s for 1-page and 1000-page commits of incompressible pages. The
    servers have no echo endpoint, so the baseline is the raw ``write_pages`` request alone
    (same pages, same body, one keep-alive httpx connection, no metastore commit);
(c) a cold lazy read of one page (not held by the reading client) with the LiteClient and with a
    freshly cloned full client: round trips and milliseconds.

A and B are separate processes, as two devices would be: B runs this script with ``--observe``
and prints each remote LSN it has with the monotonic clock time it saw it (the clock is shared by
every process on the machine).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.reporting.results import LAG_METRIC, record
from graft_client import Client, LiteClient, Volume
from graft_core import wire
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.rpcclient import AsyncRpcClient
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.servers import ServerProcess

MIB = 1 << 20


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def raw_round_trips(url: str, n: int, pause: float = 0.0) -> list[float]:
    """Keep-alive ``GET /health`` round trips, back to back or ``pause`` seconds apart."""
    times: list[float] = []
    with httpx.Client(base_url=url) as http:
        http.get("/health")  # connect
        for _ in range(n):
            time.sleep(pause)
            started = time.perf_counter()
            assert http.get("/health").status_code == 200
            times.append(time.perf_counter() - started)
    return times


def commit_bodies() -> tuple[bytes, bytes]:
    """A one-page write_pages request and its commit request, as client A sends them."""
    vid = VolumeId.random()
    pages = wire.encode(wire.WritePagesRequest(vid=vid, pages=[(1, os.urandom(PAGE_SIZE))]))
    ref = wire.SegmentRef(sid=SegmentId.random(), graft=Graft.from_range(1, 2), receipt=bytes(32))
    commit = wire.CommitRequest(
        vid=vid,
        cid=ClientId.random(),
        base_lsn=1,
        page_count=16,
        segments=[ref],
        commit_hash=os.urandom(32),
    )
    return os.urandom(len(pages)), os.urandom(len(wire.encode(commit)))


def floor_lags(url: str, n: int) -> list[float]:
    """Seconds from A's first POST until B's long poll returns, for ``n`` bare commits."""
    pages, commit = commit_bodies()
    latest = [-1, 0.0]  # the append count B last saw, and when
    changed = threading.Condition()
    done = threading.Event()

    def poller() -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            while not done.is_set():
                count = int(http.get("/wait", params={"after": latest[0]}).text)
                with changed:
                    latest[:] = [count, time.perf_counter()]
                    changed.notify_all()

    def seen(count: int) -> float:
        with changed:
            if not changed.wait_for(lambda: latest[0] >= count, 30):
                raise RuntimeError(f"bare commit {count} did not wake the long poll")
            return latest[1]

    lags: list[float] = []
    with httpx.Client(base_url=url, timeout=30) as a:
        count = int(a.post("/append", content=commit).text)
        thread = threading.Thread(target=poller, daemon=True)
        thread.start()
        seen(count)  # from here on, B's poll waits for the next append
        for _ in range(n):
            started = time.perf_counter()
            a.post("/write", content=pages).raise_for_status()
            lags.append(seen(int(a.post("/append", content=commit).text)) - started)
        done.set()
        a.post("/append", content=commit)  # releases B's last poll
        thread.join(30)
    return lags


def open_client(cluster: Cluster, data_dir: Path) -> Client:
    return Client(data_dir, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)


def remote_lsn(volume: Volume) -> int:
    snap = volume.snapshot()
    return 0 if snap is None or snap.remote_lsn is None else snap.remote_lsn


class Observer:
    """Client B in its own process: the time (this machine's monotonic clock) of each remote LSN."""

    def __init__(self, cluster: Cluster, data_dir: Path, vid: VolumeId) -> None:
        command = [sys.executable, __file__, "--observe", str(vid), "--data-dir", str(data_dir)]
        command += ["--metastore", cluster.metastore.url, "--pagestore", cluster.pagestore.url]
        self._proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self._seen: dict[int, float] = {}
        self._changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            lsn, at = line.split()
            with self._changed:
                self._seen[int(lsn)] = float(at)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()  # B exited: a waiter must not wait for its deadline

    def seen_at(self, lsn: int, timeout: float) -> float:
        with self._changed:
            if (
                not self._changed.wait_for(
                    lambda: lsn in self._seen or self._proc.poll() is not None, timeout
                )
                or lsn not in self._seen
            ):
                raise RuntimeError(f"remote LSN {lsn} did not reach B in {timeout} s")
            return self._seen[lsn]

    def close(self) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.close()  # B exits at the end of its input
        self._proc.wait(timeout=30)


def observe(vid: VolumeId, data_dir: Path, metastore: str, pagestore: str) -> None:
    """Client B: pull ``vid`` with autosync and print ``LSN TIME`` as each remote LSN lands."""
    with Client(data_dir, metastore=metastore, pagestore=pagestore) as client:
        volume = client.open_volume(vid, sync="pull")
        client.start_autosync()
        done = threading.Event()
        threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
        last = 0
        while not done.is_set():
            if volume.wait_remote_lsn(last + 1, timeout=0.5):
                last = remote_lsn(volume)
                print(last, time.perf_counter(), flush=True)


def replication_lag(
    cluster: Cluster, tmp: Path, commits: int
) -> tuple[list[float], list[float], float]:
    """Per commit: seconds until A's push was acknowledged, and until B had the commit; and the
    median seconds from one commit to the next."""
    with open_client(cluster, tmp / "lag-a") as a:
        vol_a = a.create_volume(sync="push")
        with vol_a.writer() as writer:
            writer.write(1, os.urandom(PAGE_SIZE))
        vol_a.push()
        observer = Observer(cluster, tmp / "lag-b", vol_a.vid)
        try:
            observer.seen_at(1, 30)
            a.start_autosync()
            lags: list[float] = []
            pushed: list[float] = []
            starts: list[float] = []
            for n in range(2, commits + 2):
                with vol_a.writer() as writer:
                    writer.write(1 + n % 16, os.urandom(PAGE_SIZE))
                started = time.perf_counter()
                starts.append(started)
                if not vol_a.wait_remote_lsn(n, timeout=30):
                    raise RuntimeError(f"A did not push LSN {n} in 30 s")
                pushed.append(time.perf_counter() - started)
                lags.append(observer.seen_at(n, 30) - started)
        finally:
            observer.close()
        return pushed, lags, statistics.median(b - a for a, b in itertools.pairwise(starts))


def push_times(cluster: Cluster, tmp: Path, pages: int, repeat: int) -> list[float]:
    times: list[float] = []
    with open_client(cluster, tmp / f"push-{pages}") as client:
        volume = client.create_volume(sync="disabled")
        for _ in range(repeat):
            with volume.writer() as writer:
                for idx in range(1, pages + 1):
                    writer.write(idx, os.urandom(PAGE_SIZE))
            started = time.perf_counter()
            volume.push()
            times.append(time.perf_counter() - started)
    return times


def raw_write_times(cluster: Cluster, pages: int, repeat: int) -> list[float]:
    vid = VolumeId.random()
    times: list[float] = []
    with httpx.Client(
        base_url=cluster.pagestore.url, headers={"content-type": wire.CONTENT_TYPE}, timeout=60
    ) as http:
        http.get("/health")
        for _ in range(repeat):
            body = wire.encode(
                wire.WritePagesRequest(
                    vid=vid, pages=[(i, os.urandom(PAGE_SIZE)) for i in range(1, pages + 1)]
                )
            )
            started = time.perf_counter()
            response = http.post("/pagestore/v1/write_pages", content=body)
            times.append(time.perf_counter() - started)
            assert response.status_code == 200, response.text
    return times


class RoundTrips:
    """Counts requests sent by the service clients of one runtime (httpx event hooks)."""

    def __init__(self, *clients: AsyncRpcClient) -> None:
        self.count = 0
        for client in clients:
            client.http.event_hooks = {"request": [self._hook()]}

    def _hook(self) -> Callable[[httpx.Request], Awaitable[None]]:
        async def hook(request: httpx.Request) -> None:
            self.count += 1

        return hook


def cold_reads(cluster: Cluster, tmp: Path, samples: int) -> dict[str, tuple[int, float]]:
    """Median (round trips, seconds) of one-page cold reads, per reader kind."""
    vids: list[VolumeId] = []
    with open_client(cluster, tmp / "cold-writer") as writer_client:
        for _ in range(samples):
            volume = writer_client.create_volume()
            with volume.writer() as writer:
                for idx in range(1, 101):
                    writer.write(idx, os.urandom(PAGE_SIZE))
            volume.push()
            vids.append(volume.vid)
    results: dict[str, list[tuple[int, float]]] = {"lite": [], "lite@lsn": [], "full": []}
    for n, vid in enumerate(vids):
        with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
            lite.snapshot(vid)  # connect both clients first: count requests, not handshakes
            lite.read(vid, 100, lsn=1)
            trips = RoundTrips(lite.runtime.metastore, lite.runtime.pagestore)
            started = time.perf_counter()
            lite.read(vid, 50)
            results["lite"].append((trips.count, time.perf_counter() - started))
            trips.count = 0
            started = time.perf_counter()
            lite.read(vid, 40, lsn=1)
            results["lite@lsn"].append((trips.count, time.perf_counter() - started))
        with open_client(cluster, tmp / f"cold-{n}") as client:
            volume = client.open_volume(vid)  # lazy clone: learns page numbers only
            volume.reader().close()
            runtime = client.runtime
            with volume.reader() as reader:
                reader.read(100)  # warms the pagestore connection (and prefetches 92..100)
                trips = RoundTrips(runtime.metastore, runtime.pagestore)
                started = time.perf_counter()
                reader.read(50)
                results["full"].append((trips.count, time.perf_counter() - started))
    return {
        kind: (round(statistics.median(t for t, _ in got)), statistics.median(s for _, s in got))
        for kind, got in results.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=200, help="commits for the lag test")
    parser.add_argument("--repeat", type=int, default=8, help="pushes per throughput size")
    parser.add_argument("--observe", type=VolumeId.parse, help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--metastore", help=argparse.SUPPRESS)
    parser.add_argument("--pagestore", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.observe is not None:
        observe(args.observe, args.data_dir, args.metastore, args.pagestore)
        return
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        (tmp / "floor").mkdir()
        floor = ServerProcess(
            [sys.executable, "-m", "benchmarks.baselines.floor", "--dir", str(tmp / "floor")],
            tmp / "floor",
            {"PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        )
        floor.start()
        try:
            run(tmp, floor, args)
        finally:
            floor.kill()


def run(tmp: Path, floor: ServerProcess, args: argparse.Namespace) -> None:
    """Every measurement, with the servers and the bare floor server running."""
    with running_cluster(tmp / "servers") as cluster:
        # The baselines before and after the lag test, pooled: the machine drifts meanwhile.
        rtt = raw_round_trips(cluster.metastore.url, 500)
        bare = floor_lags(floor.url, args.commits // 2)
        pushed, lags, cycle = replication_lag(cluster, tmp, args.commits)
        bare += floor_lags(floor.url, args.commits // 2)
        rtt += raw_round_trips(cluster.metastore.url, 500)
        floor50 = statistics.median(bare)
        # For context only: on an idle VM every wake-up costs more, and in the lag test each
        # process sleeps between its steps. The goal is checked against the back-to-back RTT.
        paced = statistics.median(raw_round_trips(cluster.metastore.url, 200, cycle))
        rtt50 = statistics.median(rtt)
        lag50, lag99 = statistics.median(lags), pct(lags, 0.99)
        print(f"(a) replication lag, {len(lags)} commits, A autosync push -> B autosync pull")
        print(f"    bare floor (write, append, wake) p50 {ms(floor50)}  p99 {ms(pct(bare, 0.99))}")
        print(f"    raw loopback GET /health    p50 {ms(rtt50)}  p99 {ms(pct(rtt, 0.99))}")
        print(
            f"      same, one per {cycle * 1000:.1f} ms (the lag test's pace)"
            f" p50 {ms(paced)}  (context: lag = {lag50 / paced:.1f} such round trips)"
        )
        print(f"    commit on A -> pushed by A  p50 {ms(statistics.median(pushed))}")
        print(f"    commit on A -> visible on B p50 {ms(lag50)}  p99 {ms(lag99)}")
        print(
            f"    ratio lag/floor             p50 {lag50 / floor50:8.2f} x  (goal <= 1.5x);"
            f" lag/RTT p50 {lag50 / rtt50:.1f} x"
        )
        record(
            "sync",
            LAG_METRIC,
            unit="ms",
            ours=lag50 * 1000,
            baseline=floor50 * 1000,
            baseline_name="bare durable write + fsynced append + long-poll wake-up, p50",
            goal_max=1.5,
            samples=[lag * 1000 for lag in lags],
            context=f"loopback GET /health p50 {rtt50 * 1000:.3g} ms ({lag50 / rtt50:.1f}x)",
        )

        print("(b) push throughput (incompressible pages; baseline: raw write_pages alone)")
        for pages in (1, 1000):
            mib = pages * PAGE_SIZE / MIB
            push = statistics.median(push_times(cluster, tmp, pages, args.repeat))
            raw = statistics.median(raw_write_times(cluster, pages, args.repeat))
            print(
                f"    {pages:>4}-page commit: push {mib / push:8.2f} MiB/s ({ms(push)}),"
                f" raw write_pages {mib / raw:8.2f} MiB/s ({ms(raw)}),"
                f" push/raw {raw / push:5.2f}"
            )
            record(
                "sync",
                f"push, {pages}-page commits",
                unit="MiB/s",
                ours=mib / push,
                baseline=mib / raw,
                baseline_name="raw write_pages",
            )

        print("(c) cold lazy read of one page (median of 7; connections already open)")
        for kind, (trips, seconds) in cold_reads(cluster, tmp, 7).items():
            label = {
                "lite": "LiteClient, latest LSN",
                "lite@lsn": "LiteClient, given LSN",
                "full": "full client (cloned)",
            }[kind]
            print(
                f"    {label:<24} {trips} round trip(s) {ms(seconds)}"
                f"  = {seconds / rtt50:6.1f} x raw RTT"
            )
            record(
                "sync",
                f"cold read, {label}",
                unit="ms",
                ours=seconds * 1000,
                baseline=rtt50 * 1000,
                baseline_name="loopback GET /health p50",
            )


if __name__ == "__main__":
    main()
