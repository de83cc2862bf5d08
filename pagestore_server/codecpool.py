"""A thread pool for frame (de)compression that lends only its idle threads.

zstd and CRC32C release the GIL, so the frames of a lone request can use every core. Under load
the cores are already busy with other requests' frames: queueing behind those would delay every
request and gain nothing. ``map`` therefore works on the calling thread, and pool threads that are
idle right now join in, taking items from the same queue; a busy pool is never waited for.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

__all__ = ["CodecPool"]

T = TypeVar("T")


class CodecPool(ThreadPoolExecutor):
    def __init__(self, helpers: int) -> None:
        super().__init__(helpers, thread_name_prefix="pagestore-codec")
        self._idle = threading.Semaphore(helpers)

    def map(
        self,
        fn: Callable[..., T],
        *iterables: Iterable[Any],
        timeout: float | None = None,
        chunksize: int = 1,
    ) -> Iterator[T]:
        """``fn`` over the items, computed before returning (``timeout``/``chunksize`` unused)."""
        items = deque(enumerate(zip(*iterables, strict=True)))
        results: dict[int, T] = {}
        count = len(items)

        def drain() -> None:
            while True:
                try:
                    index, args = items.popleft()  # atomic: no item is taken twice
                except IndexError:
                    return
                results[index] = fn(*args)

        helpers = [self._help(drain) for _ in range(count - 1) if self._idle.acquire(False)]
        try:
            drain()
        finally:
            wait(helpers)  # they write into ``results``: never leave while one still runs
        for helper in helpers:
            helper.result()  # a helper's error is the caller's
        return iter([results[index] for index in range(count)])

    def _help(self, drain: Callable[[], None]) -> Future[None]:
        def run() -> None:
            try:
                drain()
            finally:
                self._idle.release()

        return self.submit(run)
