"""Group commit: appends that arrive while a batch is being written share the next write + fsync.

Each append carries an ``apply`` callback that runs on the event loop right after its batch is
durable and in log order, whatever happens to the caller (a cancelled request cannot leave a
durable entry unapplied).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import anyio.to_thread

from graft_core.errors import GraftError, StorageError
from metastore_server.log.wal import Log

__all__ = ["BatchStats", "GroupCommitter"]

T = TypeVar("T")
log = logging.getLogger("metastore")


@dataclass(frozen=True, slots=True)
class BatchStats:
    entries: int
    seconds: float


@dataclass(slots=True)
class _Pending(Generic[T]):
    payload: bytes
    apply: Callable[[int], T]
    future: asyncio.Future[T]


class GroupCommitter:
    def __init__(self, log: Log, on_batch: Callable[[BatchStats], None] | None = None) -> None:
        self._log = log
        self._on_batch = on_batch
        self._pending: list[_Pending[Any]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def start(self) -> None:
        assert self._task is None
        self._task = asyncio.get_running_loop().create_task(self._run(), name="group-commit")

    async def append(self, payload: bytes, apply: Callable[[int], T]) -> T:
        """Append durably; returns ``apply(index)``, evaluated once the entry is on disk."""
        if self._task is None or self._closing:
            raise StorageError("the commit log is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append(_Pending(payload, apply, future))
        self._wake.set()
        return await asyncio.shield(future)

    async def _run(self) -> None:
        while not (self._closing and not self._pending):
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if batch:
                await self._write(batch)

    async def _write(self, batch: list[_Pending[Any]]) -> None:
        started = time.perf_counter()
        try:
            first = await anyio.to_thread.run_sync(self._log.append, [p.payload for p in batch])
        except Exception as exc:
            # Whatever failed, the committer must live on: later appends may well succeed.
            if not isinstance(exc, GraftError):
                log.exception("commit log append failed")
                exc = StorageError(f"commit log append failed: {exc}")
            for item in batch:
                item.future.set_exception(exc)
            return
        if self._on_batch is not None:
            self._on_batch(BatchStats(len(batch), time.perf_counter() - started))
        for i, item in enumerate(batch):
            try:
                item.future.set_result(item.apply(first + i))
            except GraftError as exc:
                item.future.set_exception(exc)

    async def aclose(self) -> None:
        """Finish every append already queued, then stop; later appends fail."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            await self._task
