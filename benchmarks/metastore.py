"""Metastore benchmark, run as ``python benchmarks/metastore.py``.

(a) the commit log alone vs the raw fsync rate; (b) HTTP commits/s vs a raw loopback round trip
to a trivial endpoint (``GET /health``) of the same server.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import CommitRequest, SegmentRef, encode
from metastore_server.log import GroupCommitter, Log
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


async def log_rate(directory: Path, appenders: int) -> tuple[float, float]:
    log = Log.open(directory)
    batches: list[int] = []
    committer = GroupCommitter(log, lambda s: batches.append(s.entries))
    committer.start()
    payload = os.urandom(200)
    count = 0
    deadline = time.perf_counter() + SECONDS

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


async def http_commits(url: str, clients: int) -> float:
    count = 0
    deadline = time.perf_counter() + SECONDS
    seg = [SegmentRef(SegmentId.random(), Graft([1]))]

    async def one(http: httpx.AsyncClient) -> None:
        nonlocal count
        vid, cid, base = VolumeId.random(), ClientId.random(), None
        while time.perf_counter() < deadline:
            req = CommitRequest(
                vid=vid,
                cid=cid,
                base_lsn=base,
                page_count=1,
                segments=seg,
                commit_hash=os.urandom(32),
            )
            r = await http.post("/metastore/v1/commit", content=encode(req))
            assert r.status_code == 200, r.content
            base = (base or 0) + 1
            count += 1

    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits) as http:
        started = time.perf_counter()
        await asyncio.gather(*(one(http) for _ in range(clients)))
        return count / (time.perf_counter() - started)


async def http_roundtrips(url: str, clients: int) -> float:
    count = 0
    deadline = time.perf_counter() + SECONDS

    async def one(http: httpx.AsyncClient) -> None:
        nonlocal count
        while time.perf_counter() < deadline:
            await http.get("/health")
            count += 1

    async with httpx.AsyncClient(
        base_url=url, limits=httpx.Limits(max_connections=clients)
    ) as http:
        started = time.perf_counter()
        await asyncio.gather(*(one(http) for _ in range(clients)))
        return count / (time.perf_counter() - started)


def main() -> None:
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as tmp:
        root = Path(tmp)
        raw = raw_fsync_rate(root)
        print(f"raw 4 KiB write+fdatasync: {raw:8.0f}/s ({1000 / raw:.3f} ms)")
        print("(a) commit log alone, in process")
        for n in CONCURRENCY:
            rate, mean_batch = asyncio.run(log_rate(root / f"log{n}", n))
            print(
                f"  {n:3d} appenders: {rate:8.0f} appends/s  = {rate / raw:5.2f}x raw fsync"
                f"  mean batch {mean_batch:5.1f}"
            )
        print("(b) HTTP, real server process (uvicorn on 127.0.0.1), one volume per client")
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
        )
        url = server.start()
        try:
            assert server.proc is not None
            for n in CONCURRENCY:
                trivial = asyncio.run(http_roundtrips(url, n))
                s0, c0 = batch_stats(url)
                cpu0 = cpu_seconds(server.proc.pid)
                rate = asyncio.run(http_commits(url, n))
                cpu = cpu_seconds(server.proc.pid) - cpu0
                s1, c1 = batch_stats(url)
                commits = s1 - s0
                print(
                    f"  {n:3d} clients: {rate:7.0f} commits/s vs {trivial:7.0f} GET /health/s"
                    f" = {rate / trivial:4.2f}  mean batch {commits / max(c1 - c0, 1):5.1f}"
                    f"  server CPU/commit {1e6 * cpu / max(commits, 1):6.0f} us"
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
