"""Shared helpers of the sync tests: servers that restart on their own port behind fault proxies,
pages, polling."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

import httpx

from graft_client import Client, LiteClient, Volume
from graft_core import wire
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE
from tests.pagestore.cluster import Cluster, metastore_command, pagestore_command
from tests.support.faultproxy import Fault, FaultPlan, FaultProxy
from tests.support.polling import wait_until
from tests.support.servers import ServerProcess

__all__ = [
    "SYNC_FAULTS",
    "FixedPortServer",
    "ProxiedCluster",
    "behind_proxies",
    "client_for",
    "client_urls",
    "lite_for",
    "model_pages",
    "page",
    "read_all",
    "remote_commits",
    "remote_lsns",
    "sync_cluster",
    "wait_until",
    "write_pages",
]

T = TypeVar("T")

# Every kind of fault at a modest rate: 6% of API calls fail, so all five attempts of a call
# (graft_client.remote.RetryPolicy) failing is about one in a million.
SYNC_FAULTS = FaultPlan(
    seed=8,
    rates={
        Fault.UNAVAILABLE: 0.02,
        Fault.RESET: 0.02,
        Fault.DROP_RESPONSE: 0.02,
        Fault.DUPLICATE: 0.02,
        Fault.DELAY_REQUEST: 0.02,
        Fault.DELAY_RESPONSE: 0.02,
    },
)


class FixedPortServer(ServerProcess):
    """A server that comes back on the port it first bound, so clients keep working URLs."""

    port: int | None = None

    def start(self) -> str:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.port_file.unlink(missing_ok=True)
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [*self.command, "--port", str(self.port or 0), "--port-file", str(self.port_file)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + self.start_timeout
        self.port = self._wait(deadline, self._read_port)
        self.url = f"http://127.0.0.1:{self.port}"
        self._wait(deadline, self._healthy)
        return self.url


@dataclass
class ProxiedCluster(Cluster):
    """Servers behind fault proxies: clients connect to the proxies, assertions to the servers."""

    metastore_proxy: FaultProxy = field(kw_only=True)
    pagestore_proxy: FaultProxy = field(kw_only=True)


@contextmanager
def sync_cluster(tmp: Path, faults: FaultPlan = SYNC_FAULTS) -> Iterator[ProxiedCluster]:
    """Metastore + pagestore on loopback, each behind a ``FaultProxy`` running ``faults``;
    ``kill()`` then ``start()`` keeps each server's URL."""
    for sub in ("m", "p"):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
    meta = FixedPortServer(metastore_command("--data-dir", str(tmp / "meta")), tmp / "m")
    pages: FixedPortServer | None = None
    try:
        meta.start()
        pages = FixedPortServer(
            pagestore_command(
                "--metastore",
                meta.url,
                "--store",
                str(tmp / "segments"),
                "--cache-dir",
                str(tmp / "cache"),
            ),
            tmp / "p",
        )
        pages.start()
        with behind_proxies(Cluster(meta, pages), faults) as proxied:
            yield proxied
    finally:
        if pages is not None:
            pages.kill()
        meta.kill()


@contextmanager
def behind_proxies(servers: Cluster, faults: FaultPlan) -> Iterator[ProxiedCluster]:
    """A ``FaultProxy`` running ``faults`` in front of each server (the pagestore's with the
    next seed, so the two do not inject in lockstep)."""
    pages_faults = replace(faults, seed=faults.seed + 1)
    with (
        FaultProxy(servers.metastore.url, faults) as meta,
        FaultProxy(servers.pagestore.url, pages_faults) as pages,
    ):
        yield ProxiedCluster(
            servers.metastore, servers.pagestore, metastore_proxy=meta, pagestore_proxy=pages
        )


def client_urls(cluster: Cluster) -> tuple[str, str]:
    """Where clients connect: the fault proxies when the cluster has them, else the servers."""
    if isinstance(cluster, ProxiedCluster):
        return cluster.metastore_proxy.url, cluster.pagestore_proxy.url
    return cluster.metastore.url, cluster.pagestore.url


def client_for(cluster: Cluster, data_dir: Path) -> Client:
    metastore, pagestore = client_urls(cluster)
    return Client(data_dir, metastore=metastore, pagestore=pagestore)


def lite_for(cluster: Cluster) -> LiteClient:
    return LiteClient(*client_urls(cluster))


def page(tag: str) -> bytes:
    """A recognisable, compressible page."""
    return tag.encode().ljust(PAGE_SIZE, b".")


def write_pages(volume: Volume, pages: Mapping[int, bytes], truncate: int | None = None) -> int:
    """One local commit; returns its local LSN."""
    with volume.writer() as writer:
        if truncate is not None:
            writer.truncate(truncate)
        for idx, data in pages.items():
            writer.write(idx, data)
    snap = volume.snapshot()
    assert snap is not None
    return snap.lsn


def read_all(volume: Volume, last: int) -> dict[int, bytes]:
    with volume.reader() as reader:
        return {idx: reader.read(idx) for idx in range(1, last + 1)}


def model_pages(model: Mapping[int, bytes], page_count: int, last: int) -> dict[int, bytes]:
    """What pages 1..last read as, given the written pages and the page count."""
    return {
        idx: model.get(idx, EMPTY_PAGE) if idx <= page_count else EMPTY_PAGE
        for idx in range(1, last + 1)
    }


def remote_commits(cluster: Cluster, vid: VolumeId) -> list[wire.CommitInfo]:
    """Every commit in the metastore's log of ``vid`` (empty if it has none), straight from HTTP.

    The metastore answers at most ``MAX_PULL_COMMITS`` per call, so this asks until it gets none.
    """
    commits: list[wire.CommitInfo] = []
    while True:
        request = wire.PullCommitsRequest(vid=vid, start=commits[-1].lsn + 1 if commits else 1)
        response = httpx.post(
            cluster.metastore.url + "/metastore/v1/pull_commits",
            content=wire.encode(request),
            headers={"content-type": wire.CONTENT_TYPE},
            timeout=10,
        )
        if response.status_code == 404:
            return commits
        assert response.status_code == 200, response.text
        page = wire.decode(response.content, wire.PullCommitsResponse, limit=1 << 30).commits
        if not page:
            return commits
        commits += page


def remote_lsns(cluster: Cluster, vid: VolumeId) -> list[int]:
    """Every LSN in the metastore's log of ``vid`` (empty if it has none)."""
    return [commit.lsn for commit in remote_commits(cluster, vid)]
