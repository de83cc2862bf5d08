"""One event loop per Client, in a background thread, owning the HTTP clients.

The remote side of sync: the metastore and pagestore clients, this client's id, the push locks,
what the last pushes sent and the recent errors. Blocking callers (``Volume.push()``, a reader
fetching a page) hand coroutines to it through an anyio blocking portal; async callers may use
``Client.runtime`` directly.

The loop runs in a daemon thread of its own, so a program that never closes its client still
exits. (anyio's ``start_blocking_portal`` is a generator context manager: left open, it was
finalized during interpreter shutdown, when its daemon thread no longer ran, and waited forever
for that thread to stop the portal.)
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import anyio
from anyio.from_thread import BlockingPortal

from graft_client.direct import RequestCounts, open_direct
from graft_client.remote import MetastoreClient, PagestoreClient
from graft_client.sync.keyrings import VolumeKeys
from graft_client.sync.observe import ErrorLog, PushInfo
from graft_core.errors import ClosedError, GraftError
from graft_core.ids import ClientId, VolumeId
from graft_core.interrupts import WAKE_S
from graft_core.rpcclient import AsyncRpcClient

if TYPE_CHECKING:
    from graft_client.direct import DirectMetastore

__all__ = ["PAGES_PER_REQUEST", "SyncRuntime"]

# 256 pages = 1 MiB per request: loopback HTTP saturates near 150 MiB/s, not near 600 req/s.
PAGES_PER_REQUEST = 256

T = TypeVar("T")

_Started = Future[tuple[BlockingPortal, asyncio.AbstractEventLoop]]


class SyncRuntime:
    def __init__(
        self,
        metastore: str | None,
        pagestore: str | None,
        token: str | None = None,
        *,
        client_id: ClientId | None = None,
        keys: VolumeKeys | None = None,
        remote: str | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        """Sync with the servers at ``metastore`` and ``pagestore``, or, given ``remote`` (an
        object store URL), straight with that store (direct mode; frames read are cached in
        ``cache_dir``)."""
        started: _Started = Future()
        self._thread = threading.Thread(
            target=self._run, args=(started,), name="graft-sync", daemon=True
        )
        self._thread.start()
        self.portal, self._loop = started.result()
        self._closed = False
        self.metastore: MetastoreClient
        self.pagestore: PagestoreClient
        self._direct: DirectMetastore | None = None
        if remote is not None:
            try:
                direct, self.pagestore = self.portal.call(open_direct, remote, cache_dir)
                self.metastore = self._direct = direct
            except BaseException:
                self.portal.call(self.portal.stop, True)
                self._thread.join()
                raise
        else:
            assert metastore is not None and pagestore is not None, "no servers and no remote"
            self.metastore = MetastoreClient(metastore, token=token)
            self.pagestore = PagestoreClient(pagestore, token=token)
        self.remote = remote
        self._push_locks: dict[VolumeId, anyio.Lock] = {}
        self._pushes_begun: Counter[VolumeId] = Counter()
        # The latest push of each volume (read and written on the loop).
        self.last_push: dict[VolumeId, PushInfo] = {}
        self.errors = ErrorLog()
        self._clusters: dict[str, uuid.UUID] = {}
        self.client_id = client_id  # None for a reader that never pushes (LiteClient)
        # Key-encryption keys and keyrings of encrypted volumes (DESIGN 13).
        self.keys = VolumeKeys(None) if keys is None else keys

    @staticmethod
    def _run(started: _Started) -> None:
        async def serve() -> None:
            async with BlockingPortal() as portal:
                started.set_result((portal, asyncio.get_running_loop()))
                await portal.sleep_until_stopped()

        try:
            anyio.run(serve)
        except BaseException as exc:
            if not started.done():
                started.set_exception(exc)
            raise

    async def cluster(self, service: AsyncRpcClient) -> uuid.UUID | None:
        """``service``'s cluster key (the metastore or the pagestore: asked once it is known;
        None while the service does not answer one, and the next call asks again)."""
        known = self._clusters.get(service.SERVICE)
        if known is None:
            known = await service.cluster()
            if known is not None:
                self._clusters[service.SERVICE] = known
        return known

    def requests(self) -> dict[VolumeId, RequestCounts]:
        """Object-store requests this runtime made per volume in direct mode (none through
        servers)."""
        return {} if self._direct is None else self._direct.requests_by_volume()

    def push_lock(self, vid: VolumeId) -> anyio.Lock:
        """Serializes pushes of one volume (used on the runtime's loop only)."""
        return self._push_locks.setdefault(vid, anyio.Lock())

    def push_began(self, vid: VolumeId) -> None:
        """A push of ``vid`` took its lock (before it marks the commit it pushes pending)."""
        self._pushes_begun[vid] += 1

    def push_state(self, vid: VolumeId) -> tuple[bool, int]:
        """Whether a push of ``vid`` runs now, and how many began so far (asked from any
        thread: a status)."""
        lock = self._push_locks.get(vid)
        return lock is not None and lock.locked(), self._pushes_begun[vid]

    def call(self, func: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run ``func(*args)`` on the runtime's loop and wait for its result, waking every
        ``WAKE_S`` to hear a Ctrl-C (see ``graft_core.interrupts``)."""
        try:
            future = self.portal.start_task_soon(func, *args)
            while True:
                try:
                    return future.result(timeout=WAKE_S)
                except TimeoutError:
                    continue
        except Exception as exc:
            if not self._closed or isinstance(exc, GraftError):
                raise
            # Cut off as the client closed (or reopened) in another thread: how it failed
            # (a cancelled task, a closed HTTP client, a task group's errors) is no news.
            raise ClosedError(
                f"the client closed while this sync step ran ({func.__name__}); a push cut off "
                "so resumes at the next push"
            ) from exc

    def call_soon(self, func: Callable[..., object], *args: Any) -> None:
        """Schedule the plain callable ``func(*args)`` on the runtime's loop; does not wait.

        ``portal.start_task_soon`` would block the calling thread until the loop took the task:
        a committing writer must not wait for the sync runtime.
        """
        self._loop.call_soon_threadsafe(func, *args)

    @property
    def closing(self) -> bool:
        """Whether ``close`` began: long synchronous steps on the loop (planning a push) stop
        at their next check, so that closing does not wait them out."""
        return self._closed

    def close(self) -> None:
        """Close the HTTP clients and stop the loop. Tasks still running (a resumed push) are
        cancelled: every sync step is crash-safe, and the next start resumes it. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self.portal.call(self._aclose)
        self.portal.call(self.portal.stop, True)
        self._thread.join()

    async def _aclose(self) -> None:
        await self.metastore.aclose()
        await self.pagestore.aclose()
