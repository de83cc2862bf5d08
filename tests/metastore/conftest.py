"""Fixtures: a real metastore process on loopback and a small typed client for it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import httpx
import pytest

from graft_core.errors import GraftError, VolumeNotFoundError
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import (
    CommitRequest,
    Message,
    PullCommitsRequest,
    PullCommitsResponse,
    SegmentRef,
    SnapshotInfo,
    decode,
    encode,
    error_from_body,
)
from tests.support.moto import moto_s3
from tests.support.receipts import signed
from tests.support.servers import ServerProcess, running_server

__all__ = ["moto_s3"]

R = TypeVar("R", bound=Message)


def metastore_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "metastore_server", "--log-level", "warning", *args]


class MetaClient:
    def __init__(self, url: str, token: str | None = None) -> None:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=url, headers=headers, timeout=30.0)

    def call(self, name: str, msg: Message, kind: type[R]) -> R:
        response = self.http.post(f"/metastore/v1/{name}", content=encode(msg))
        if response.status_code != 200:
            raise error_from_body(response.status_code, response.content)
        return decode(response.content, kind)

    def commit(
        self,
        vid: VolumeId,
        base: int | None,
        *,
        cid: ClientId | None = None,
        digest: bytes | None = None,
        pages: tuple[int, ...] = (1,),
    ) -> SnapshotInfo:
        req = CommitRequest(
            vid=vid,
            cid=cid or ClientId.random(),
            base_lsn=base,
            page_count=max(pages),
            segments=signed(vid, [SegmentRef(SegmentId.random(), Graft(pages))]),
            commit_hash=digest or bytes(ClientId.random()) * 2,
        )
        return self.call("commit", req, SnapshotInfo)

    def page_counts(self, vid: VolumeId) -> list[int]:
        """Page counts of the volume's commits, checking their LSNs run 1, 2, 3, ..."""
        try:
            found = self.call(
                "pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse
            )
        except VolumeNotFoundError:
            return []
        assert [c.lsn for c in found.commits] == list(range(1, len(found.commits) + 1))
        return [c.page_count for c in found.commits]

    def close(self) -> None:
        self.http.close()


def expect_error(
    exc_type: type[GraftError], fn: Callable[..., object], *args: object, **kwargs: object
) -> GraftError:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    return info.value


@pytest.fixture
def metastore(tmp_path: Path) -> Iterator[ServerProcess]:
    with running_server(
        metastore_command("--data-dir", str(tmp_path / "data"), "--segment-size", "65536"),
        tmp_path,
    ) as server:
        yield server


@pytest.fixture
def client(metastore: ServerProcess) -> Iterator[MetaClient]:
    c = MetaClient(metastore.url)
    yield c
    c.close()
