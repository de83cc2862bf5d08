"""Metastore benchmark, run as ``python benchmarks/metastore.py``.

(a) the commit log alone vs the raw fsync rate; (b) HTTP commits/s vs a raw loopback round trip
to a trivial endpoint (``GET /health``) of the same server, the load coming from
``--client-procs`` processes of lightweight keep-alive connections, one volume per client.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import re
import sys
import tempfile
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.reporting.results import record
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import CommitRequest, SegmentRef, encode
from metastore_server.log import GroupCommitter, Log
from tests.support.receipts import server_env, signed
from tests.support.servers import ServerProcess

SECONDS = 2.0
CONCURRENCY = (1, 8, 64)


def raw_fsync_rate(directory: Path, n: int = 300) -> float:
    fd = os.open(directory / "raw", os.O_RDWR | os.O_CREAT, 0o644)
    page = os.urandom(4096)
    started = time.perf_counter()
    for i in range(n):
        os.pwrite(fd, page, i * 4096)
        os.fdatasync(fd)
    elapsed = time.perf_counter() - started
    os.close(fd)
    return n / elapsed


async def log_rate(directory: Path, appenders: int, seconds: float) -> tuple[float, float]:
    log = Log.open(directory)
    batches: list[int] = []
    committer = GroupCommitter(log, lambda s: batches.append(s.entries))
    committer.start()
    payload = os.urandom(200)
    count = 0
    deadline = time.perf_counter() + seconds

    async def appender() -> None:
        nonlocal count
        while time.perf_counter() < deadline:
            await committer.append(payload, lambda i: i)
            count += 1

    started = time.perf_counter()
    await asyncio.gather(*(appender() for _ in range(appenders)))
    elapsed = time.perf_counter() - started
    await committer.aclose()
    log.close()
    return count / elapsed, sum(batches) / max(len(batches), 1)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def batch_stats(url: str) -> tuple[float, float]:
    text = httpx.get(url + "/metrics").text
    total = float(re.search(r"metastore_group_commit_batch_size_sum (\S+)", text).group(1))  # type: ignore[union-attr]
    count = float(re.search(r"metastore_group_commit_batch_size_count (\S+)", text).group(1))  # type: ignore[union-attr]
    return total, count


class RawConnection:
    """A minimal keep-alive HTTP/1.1 client on asyncio streams.

    The load generator must cost far less CPU than the server it measures: httpx spends more
    per request than the server does, and its pool degrades badly with 64 connections in one
    process (GET /health fell to ~150/s), so it measured the client, not the server.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> RawConnection:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def request(self, method: str, path: str, body: bytes = b"") -> bytes:
        head = f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: {len(body)}\r\n"
        if body:
            head += "content-type: application/msgpack\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line, *headers = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        length = next(
            int(h.split(b":", 1)[1]) for h in headers if h.lower().startswith(b"content-length:")
        )
        answer = await self.reader.readexactly(length)
        if status_line.split(b" ", 2)[1] != b"200":
            raise RuntimeError(f"{method} {path}: {status_line!r} {answer!r}")
        return answer

    def close(self) -> None:
        self.writer.close()


async def commit_loop(conn: RawConnection, deadline: float) -> int:
    """Commit to a fresh volume of its own until ``deadline``; returns the commit count."""
    vid, cid, base = VolumeId.random(), ClientId.random(), 0
    seg = signed(vid, [SegmentRef(SegmentId.random(), Graft([1]))])
    while time.perf_counter() < deadline:
        req = CommitRequest(
            vid=vid,
            cid=cid,
            base_lsn=base or None,
            page_count=1,
            segments=seg,
            commit_hash=os.urandom(32),
        )
        await conn.request("POST", "/metastore/v1/commit", encode(req))
        base += 1
    return base


async def health_loop(conn: RawConnection, deadline: float) -> int:
    count = 0
    while time.perf_counter() < deadline:
        await conn.request("GET", "/health")
        count += 1
    return count


async def run_connections(
    port: int, kind: str, conns: int, start: Barrier, seconds: float
) -> tuple[int, float]:
    opened = [await RawConnection.open(port) for _ in range(conns)]
    # Connected first, then every process starts together: start-up is not measured.
    await asyncio.to_thread(start.wait)
    loop = commit_loop if kind == "commit" else health_loop
    started = time.perf_counter()
    counts = await asyncio.gather(*(loop(c, started + seconds) for c in opened))
    elapsed = time.perf_counter() - started
    for c in opened:
        c.close()
    return sum(counts), elapsed


def client_process(
    port: int, kind: str, conns: int, start: Barrier, seconds: float, out: Queue[float]
) -> None:
    count, elapsed = asyncio.run(run_connections(port, kind, conns, start, seconds))
    out.put(count / elapsed)


def http_load(port: int, kind: str, clients: int, procs: int, seconds: float) -> float:
    """Requests/s of ``clients`` keep-alive connections spread over ``procs`` processes."""
    procs = min(procs, clients)
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Barrier(procs + 1)
    out: Queue[float] = ctx.Queue()
    shares = [clients // procs + (i < clients % procs) for i in range(procs)]
    workers = [
        ctx.Process(target=client_process, args=(port, kind, n, start, seconds, out))
        for n in shares
    ]
    for w in workers:
        w.start()
    start.wait(timeout=60)
    rates = [out.get(timeout=60 + seconds) for _ in workers]
    for w in workers:
        w.join()
        assert w.exitcode == 0, f"client process failed with {w.exitcode}"
    return sum(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=SECONDS, help="per measurement")
    parser.add_argument(
        "--client-procs", type=int, default=2, help="processes generating the HTTP load"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as tmp:
        root = Path(tmp)
        raw = raw_fsync_rate(root)
        print(f"raw 4 KiB write+fdatasync: {raw:8.0f}/s ({1000 / raw:.3f} ms)")
        print("(a) commit log alone, in process")
        for n in CONCURRENCY:
            rate, mean_batch = asyncio.run(log_rate(root / f"log{n}", n, args.seconds))
            print(
                f"  {n:3d} appenders: {rate:8.0f} appends/s  = {rate / raw:5.2f}x raw fsync"
                f"  mean batch {mean_batch:5.1f}"
            )
            record(
                "metastore",
                f"log appends, {n} appenders",
                unit="ops/s",
                ours=rate,
                baseline=raw,
                baseline_name="4 KiB write+fdatasync",
                goal_min=3.0 if n == max(CONCURRENCY) else None,
            )
        print(
            f"(b) HTTP, real server process (uvicorn on 127.0.0.1), one volume per client,"
            f" load from up to {args.client_procs} client processes"
        )
        server = ServerProcess(
            [
                sys.executable,
                "-m",
                "metastore_server",
                "--data-dir",
                str(root / "srv"),
                "--log-level",
                "warning",
            ],
            root,
            server_env(),
        )
        url = server.start()
        port = int(url.rsplit(":", 1)[1])
        try:
            assert server.proc is not None
            for n in CONCURRENCY:
                trivial = http_load(port, "health", n, args.client_procs, args.seconds)
                s0, c0 = batch_stats(url)
                cpu0 = cpu_seconds(server.proc.pid)
                rate = http_load(port, "commit", n, args.client_procs, args.seconds)
                cpu = cpu_seconds(server.proc.pid) - cpu0
                s1, c1 = batch_stats(url)
                commits = s1 - s0
                print(
                    f"  {n:3d} clients: {rate:7.0f} commits/s vs {trivial:7.0f} GET /health/s"
                    f" = {rate / trivial:4.2f}  mean batch {commits / max(c1 - c0, 1):5.1f}"
                    f"  server CPU/commit {1e6 * cpu / max(commits, 1):6.0f} us"
                )
                record(
                    "metastore",
                    f"HTTP commits, {n} clients",
                    unit="ops/s",
                    ours=rate,
                    baseline=trivial,
                    baseline_name="GET /health",
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
