"""The codec pool lends idle threads to a caller's frames; results and errors stay the caller's."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import encode_segment
from pagestore_server.codecpool import CodecPool
from tests.support.sqlite_pages import sqlite_pages


@pytest.fixture
def pool() -> Iterator[CodecPool]:
    with CodecPool(2) as started:
        yield started


def test_map_returns_results_in_item_order(pool: CodecPool) -> None:
    assert list(pool.map(lambda n: n * n, range(50))) == [n * n for n in range(50)]


def test_idle_threads_join_in(pool: CodecPool) -> None:
    barrier = threading.Barrier(3, timeout=10)  # only passes if two pool threads help the caller
    names = list(pool.map(lambda _: (barrier.wait(), threading.current_thread().name)[1], "abc"))
    assert len(set(names)) == 3


def test_a_busy_pool_is_not_waited_for(pool: CodecPool) -> None:
    release = threading.Event()
    started = threading.Barrier(4, timeout=10)

    def occupy(_: object) -> None:
        started.wait()
        release.wait(10)

    with ThreadPoolExecutor(1) as other:
        occupying = other.submit(lambda: list(pool.map(occupy, "abc")))  # both helpers join it
        started.wait()
        try:
            caller = threading.current_thread().name
            assert set(pool.map(lambda _: threading.current_thread().name, range(8))) == {caller}
        finally:
            release.set()
        occupying.result()


def test_a_helpers_error_reaches_the_caller(pool: CodecPool) -> None:
    def fail_on_seven(n: int) -> int:
        if n == 7:
            raise ValueError("seven")
        return n

    with pytest.raises(ValueError, match="seven"):
        list(pool.map(fail_on_seven, range(20)))
    assert list(pool.map(fail_on_seven, range(3))) == [0, 1, 2]  # every thread came back idle


def test_encoding_with_a_pool_gives_the_same_bytes() -> None:
    rng = random.Random(4)
    pages = sqlite_pages(8000) + [rng.randbytes(4096) for _ in range(100)]
    volumes = {VolumeId.random(): dict(enumerate(pages[i::3], start=1)) for i in range(3)}
    sid = SegmentId.random()
    alone = encode_segment(sid, volumes, created_ms=1)
    with CodecPool(1) as pool, ThreadPoolExecutor(4) as callers:
        together = list(
            callers.map(lambda _: encode_segment(sid, volumes, created_ms=1, executor=pool), "abcd")
        )
    assert together == [alone] * 4
