"""A metastore + pagestore pair as real processes on loopback, and a small typed client for both."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import httpx

from graft_core.graft import Graft
from graft_core.ids import ClientId, VolumeId
from graft_core.types import EMPTY_PAGE
from graft_core.wire import (
    CommitRequest,
    Message,
    ReadPagesRequest,
    ReadPagesResponse,
    SegmentRef,
    SnapshotInfo,
    WritePagesRequest,
    WritePagesResponse,
    decode,
    encode,
    error_from_body,
)
from tests.support.receipts import server_env
from tests.support.servers import ServerProcess

__all__ = ["Cluster", "GraftHttp", "metastore_command", "pagestore_command", "running_cluster"]

R = TypeVar("R", bound=Message)
_BIG = 1 << 30


def metastore_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "metastore_server", "--log-level", "warning", *args]


def pagestore_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pagestore_server", "--log-level", "warning", *args]


class GraftHttp:
    """Blocking calls to either service; errors raise the typed exception the server sent."""

    def __init__(self, metastore: str, pagestore: str, token: str | None = None) -> None:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        self.meta = httpx.Client(base_url=metastore, headers=headers, timeout=30.0)
        self.pages = httpx.Client(base_url=pagestore, headers=headers, timeout=30.0)

    @staticmethod
    def _call(http: httpx.Client, path: str, msg: Message, kind: type[R]) -> R:
        response = http.post(path, content=encode(msg))
        if response.status_code != 200:
            raise error_from_body(response.status_code, response.content)
        return decode(response.content, kind, limit=_BIG)

    def write(self, vid: VolumeId, pages: Mapping[int, bytes]) -> list[SegmentRef]:
        req = WritePagesRequest(vid=vid, pages=sorted(pages.items()))
        return self._call(self.pages, "/pagestore/v1/write_pages", req, WritePagesResponse).segments

    def read(self, vid: VolumeId, lsn: int, pageidxs: Sequence[int]) -> dict[int, bytes]:
        req = ReadPagesRequest(vid=vid, lsn=lsn, graft=Graft(pageidxs))
        answer = self._call(self.pages, "/pagestore/v1/read_pages", req, ReadPagesResponse)
        found = dict(answer.pages)
        assert set(found) <= set(pageidxs), "answered pages that were not asked for"
        return {idx: found.get(idx, EMPTY_PAGE) for idx in pageidxs}

    def commit(
        self, vid: VolumeId, base: int | None, page_count: int, segments: list[SegmentRef]
    ) -> SnapshotInfo:
        req = CommitRequest(
            vid=vid,
            cid=ClientId.random(),
            base_lsn=base,
            page_count=page_count,
            segments=segments,
            commit_hash=os.urandom(32),
        )
        return self._call(self.meta, "/metastore/v1/commit", req, SnapshotInfo)

    def close(self) -> None:
        self.meta.close()
        self.pages.close()


@dataclass
class Cluster:
    metastore: ServerProcess
    pagestore: ServerProcess
    clients: list[GraftHttp] = field(default_factory=list)

    def client(self, token: str | None = None) -> GraftHttp:
        made = GraftHttp(self.metastore.url, self.pagestore.url, token)
        self.clients.append(made)
        return made

    def metric(self, name: str) -> float:
        """The value of one sample line of the pagestore's /metrics (0 when absent)."""
        text = httpx.get(self.pagestore.url + "/metrics", timeout=10).text
        for line in text.splitlines():
            sample, _, value = line.rpartition(" ")
            if sample == name:
                return float(value)
        return 0.0


@contextmanager
def running_cluster(
    tmp: Path,
    *,
    store: str | None = None,
    pagestore_args: Sequence[str] = (),
    metastore_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Iterator[Cluster]:
    """Both servers on ephemeral loopback ports; the pagestore stores segments in ``store``."""
    env = {**server_env(), **(env or {})}
    meta = ServerProcess(
        metastore_command("--data-dir", str(tmp / "meta"), *metastore_args), _mkdir(tmp / "m"), env
    )
    pages: ServerProcess | None = None
    cluster: Cluster | None = None
    try:
        meta.start()
        pages = ServerProcess(
            pagestore_command(
                "--metastore",
                meta.url,
                "--store",
                store or str(tmp / "segments"),
                "--cache-dir",
                str(tmp / "cache"),
                *pagestore_args,
            ),
            _mkdir(tmp / "p"),
            env,
        )
        pages.start()
        cluster = Cluster(meta, pages)
        yield cluster
    finally:
        for client in cluster.clients if cluster else []:
            client.close()
        if pages is not None:
            pages.kill()
        meta.kill()


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
