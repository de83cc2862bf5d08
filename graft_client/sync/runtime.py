"""One event loop per Client, in a background thread, owning the HTTP clients.

Blocking callers (``Volume.push()``, a reader fetching a page) hand coroutines to it through an
anyio blocking portal; async callers may use ``Client.runtime`` directly.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio
from anyio.from_thread import BlockingPortal, start_blocking_portal

from graft_client.remote import MetastoreClient, PagestoreClient
from graft_core.ids import VolumeId

__all__ = ["SyncRuntime"]

T = TypeVar("T")


class SyncRuntime:
    def __init__(self, metastore: str, pagestore: str, token: str | None = None) -> None:
        self._stack = contextlib.ExitStack()
        self.portal: BlockingPortal = self._stack.enter_context(start_blocking_portal())
        self._loop = self.portal.call(asyncio.get_running_loop)
        self.metastore = MetastoreClient(metastore, token=token)
        self.pagestore = PagestoreClient(pagestore, token=token)
        self._push_locks: dict[VolumeId, anyio.Lock] = {}

    def push_lock(self, vid: VolumeId) -> anyio.Lock:
        """Serializes pushes of one volume (used on the runtime's loop only)."""
        return self._push_locks.setdefault(vid, anyio.Lock())

    def call(self, func: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run ``func(*args)`` on the runtime's loop and wait for its result."""
        return self.portal.call(func, *args)

    def call_soon(self, func: Callable[..., object], *args: Any) -> None:
        """Schedule the plain callable ``func(*args)`` on the runtime's loop; does not wait.

        ``portal.start_task_soon`` would block the calling thread until the loop took the task:
        a committing writer must not wait for the sync runtime.
        """
        self._loop.call_soon_threadsafe(func, *args)

    def close(self) -> None:
        self.portal.call(self._aclose)
        self._stack.close()

    async def _aclose(self) -> None:
        await self.metastore.aclose()
        await self.pagestore.aclose()
