"""Answers are freed as soon as they are read, not when the cyclic garbage collector runs.

httpx binds each response's stream to the response (they refer to each other), so a client that
kept that cycle held every answer it fetched, pages included, until a collection: ~24 MB of
3,000 one-page reads. With the collector off, nothing of a fetch may outlive it."""

from __future__ import annotations

import asyncio
import gc
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx
import pytest

from graft_core.errors import GraftError, ServiceUnavailableError, VolumeNotFoundError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.rpcclient.pagestore import (
    AsyncPagestoreClient,
    PagestoreCalls,
    SyncPagestoreClient,
)
from graft_core.rpcclient.retry import RetryPolicy
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster, running_cluster

FETCHES = 50
PAGES = 8


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, VolumeId, int]]:
    with running_cluster(tmp_path_factory.mktemp("rpcmem")) as cluster:
        http = cluster.client()
        vid = VolumeId.random()
        pages = {idx: bytes([idx]) * PAGE_SIZE for idx in range(1, PAGES + 1)}
        snapshot = http.commit(vid, None, PAGES, http.write(vid, pages))
        yield cluster, vid, snapshot.lsn


def _http_objects() -> int:
    """Responses, the streams httpx binds to them, and errors raised, alive now."""
    return sum(
        isinstance(obj, (httpx.Response, GraftError)) or type(obj).__name__.startswith("Bound")
        for obj in gc.get_objects()
    )


@contextmanager
def collector_off() -> Iterator[Callable[[], int]]:
    """With the cyclic collector off: a function counting the http objects left since entry."""
    gc.collect()
    gc.disable()
    try:
        before = _http_objects()
        yield lambda: _http_objects() - before
    finally:
        gc.enable()


def test_async_fetches_leave_no_answer_alive(cluster: tuple[Cluster, VolumeId, int]) -> None:
    servers, vid, lsn = cluster

    async def fetch() -> int:
        client = AsyncPagestoreClient(servers.pagestore.url)
        try:
            await client.read_pages(vid, lsn, Graft([1]))  # warm: connection, imports
            with collector_off() as left:
                for n in range(FETCHES):
                    found = await client.read_pages(vid, lsn, Graft([1 + n % PAGES]))
                    assert found == {1 + n % PAGES: bytes([1 + n % PAGES]) * PAGE_SIZE}
                for _ in range(3):  # an error answer, read and released too
                    with pytest.raises(VolumeNotFoundError):
                        await client.read_pages(VolumeId.random(), lsn, Graft([1]))
                assert await client.cluster() is not None
                return left()
        finally:
            await client.aclose()

    assert asyncio.run(fetch()) == 0


def test_a_call_that_runs_out_of_attempts_leaves_nothing_alive() -> None:
    with socket.socket() as closed:  # bound, not listening: connections are refused
        closed.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{closed.getsockname()[1]}"

        async def fail() -> int:
            client = AsyncPagestoreClient(url, retry=RetryPolicy(attempts=2, first_delay=0))
            try:
                with collector_off() as left:
                    for _ in range(3):
                        with pytest.raises(ServiceUnavailableError):
                            await client.read_pages(VolumeId.random(), 1, Graft([1]))
                    return left()
            finally:
                await client.aclose()

        assert asyncio.run(fail()) == 0


def test_blocking_fetches_leave_no_answer_alive(cluster: tuple[Cluster, VolumeId, int]) -> None:
    servers, vid, lsn = cluster
    with SyncPagestoreClient(servers.pagestore.url) as client, collector_off() as left:
        for n in range(FETCHES):
            (call,) = PagestoreCalls.read_pages(vid, lsn, Graft([1 + n % PAGES]))
            assert [idx for idx, _ in client.call(call).pages] == [1 + n % PAGES]
        assert left() == 0
