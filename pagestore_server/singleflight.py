"""Single-flight loads: concurrent callers that need the same keys share one load per key.

A load runs as its own task, so a caller that goes away (a client hanging up) does not cancel it
for the others; callers wait on it through ``asyncio.shield``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

__all__ = ["SingleFlight"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SingleFlight(Generic[K, V]):
    def __init__(self) -> None:
        self._loading: dict[K, asyncio.Task[Mapping[K, V]]] = {}

    async def get_many(
        self, keys: Sequence[K], load: Callable[[list[K]], Awaitable[Mapping[K, V]]]
    ) -> dict[K, V]:
        """Values of ``keys``; ``load`` gets the keys no other caller is loading right now."""
        mine = [key for key in dict.fromkeys(keys) if key not in self._loading]
        if mine:
            task = asyncio.ensure_future(load(mine))
            for key in mine:
                self._loading[key] = task
            task.add_done_callback(lambda done: self._finished(done, mine))
        # Take every task before the first await: a load may finish while we wait on another.
        waits = {key: self._loading[key] for key in keys}
        return {key: (await asyncio.shield(task))[key] for key, task in waits.items()}

    def _finished(self, task: asyncio.Task[Mapping[K, V]], keys: list[K]) -> None:
        for key in keys:
            if self._loading.get(key) is task:
                del self._loading[key]
        if not task.cancelled():
            task.exception()  # retrieved: a load every caller abandoned is not logged as lost
