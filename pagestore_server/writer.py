"""Group flush: concurrent ``write_pages`` requests share segments, each answered once durable.

Requests queue into open batches. A batch is flushed (encoded, then stored with a create-only PUT
while the encoded bytes are read back and checked) when it reaches the target size, when no flush
is running (a lone writer pays no wait), or when its window (a few ms) has passed while other
flushes run; at most ``max_parallel`` flushes run at once. A batch never holds two requests of the
same volume (DESIGN 8), so each request's pages of a segment are exactly one ``SegmentRef``; a
request larger than a segment spans several batches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field

import anyio.to_thread

from graft_core.errors import ClosedError, GraftError, StorageError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import build_segment
from graft_core.types import PAGE_SIZE
from graft_core.wire import SegmentRef
from pagestore_server.metrics import Metrics
from pagestore_server.store import SegmentStore

__all__ = ["SegmentWriter"]

log = logging.getLogger("pagestore")


@dataclass
class _Batch:
    opened: float = field(default_factory=time.monotonic)
    pages: dict[VolumeId, dict[int, bytes]] = field(default_factory=dict)
    waiters: dict[VolumeId, asyncio.Future[SegmentRef]] = field(default_factory=dict)
    raw_bytes: int = 0
    sealed: set[VolumeId] = field(default_factory=set)  # volumes whose pages come sealed


class SegmentWriter:
    def __init__(
        self,
        store: SegmentStore,
        metrics: Metrics,
        *,
        target_bytes: int,
        window_s: float,
        max_parallel: int,
        executor: Executor | None = None,
    ) -> None:
        self._store = store
        self._executor = executor
        self._metrics = metrics
        self._target = target_bytes
        self._window = window_s
        self._max_parallel = max_parallel
        self._open: list[_Batch] = []
        self._flushing: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._closed = False
        self._pump: asyncio.Task[None] | None = None
        # Each flush stores on one of these while its own thread verifies the encoded bytes.
        self._puts = ThreadPoolExecutor(max_parallel, thread_name_prefix="pagestore-put")

    def start(self) -> None:
        self._pump = asyncio.create_task(self._run())

    async def write(
        self, vid: VolumeId, pages: dict[int, bytes], *, sealed: bool = False
    ) -> list[SegmentRef]:
        """Store ``pages`` durably; one ``SegmentRef`` per segment they landed in. Sealed pages
        (client-encrypted) are stored as they come."""
        if self._closed:
            raise ClosedError("the pagestore is shutting down")
        per_segment = max(1, self._target // PAGE_SIZE)
        items = sorted(pages.items())
        waiters = [
            self._enqueue(vid, dict(items[start : start + per_segment]), sealed)
            for start in range(0, len(items), per_segment)
        ]
        self._wake.set()
        # Shielded: a client hanging up must not cancel the flush other requests share.
        return list(await asyncio.shield(asyncio.gather(*waiters)))

    def _enqueue(
        self, vid: VolumeId, chunk: dict[int, bytes], sealed: bool
    ) -> asyncio.Future[SegmentRef]:
        size = sum(map(len, chunk.values()))
        batch = next(
            (
                b
                for b in self._open
                if vid not in b.pages and (not b.pages or b.raw_bytes + size <= self._target)
            ),
            None,
        )
        if batch is None:
            batch = _Batch()
            self._open.append(batch)
        batch.pages[vid] = chunk
        if sealed:
            batch.sealed.add(vid)
        batch.raw_bytes += size
        waiter: asyncio.Future[SegmentRef] = asyncio.get_running_loop().create_future()
        batch.waiters[vid] = waiter
        return waiter

    def _due(self, batch: _Batch, now: float) -> bool:
        return (
            batch.raw_bytes >= self._target
            or not self._flushing
            or now - batch.opened >= self._window
            or self._closed
        )

    async def _run(self) -> None:
        while True:
            now = time.monotonic()
            while self._open and len(self._flushing) < self._max_parallel:
                batch = next((b for b in self._open if self._due(b, now)), None)
                if batch is None:
                    break
                self._open.remove(batch)
                task = asyncio.create_task(self._flush(batch))
                self._flushing.add(task)
                task.add_done_callback(self._flushed)
            if self._closed and not self._open and not self._flushing:
                return
            timeout = None
            if self._open and len(self._flushing) < self._max_parallel:
                timeout = max(0.0, min(b.opened for b in self._open) + self._window - now)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    def _flushed(self, task: asyncio.Task[None]) -> None:
        self._flushing.discard(task)
        self._wake.set()

    async def _flush(self, batch: _Batch) -> None:
        sid = SegmentId.random()
        try:
            await anyio.to_thread.run_sync(self._store_segment, sid, batch)
        except Exception as exc:
            if not isinstance(exc, GraftError):
                log.exception("segment flush failed")
                exc = StorageError(f"segment flush failed: {exc}")
            for waiter in batch.waiters.values():
                if not waiter.done():
                    waiter.set_exception(exc)
            return
        for vid, waiter in batch.waiters.items():
            if not waiter.done():
                waiter.set_result(SegmentRef(sid=sid, graft=Graft(batch.pages[vid])))

    def _store_segment(self, sid: SegmentId, batch: _Batch) -> None:
        # The read-back check runs while the write syncs (a disk wait, not CPU); a segment that
        # fails it is removed, and no receipt was signed for it. A crash in between leaves an
        # unreferenced segment, as a crash before the answer does: GC collects those.
        built = build_segment(sid, batch.pages, executor=self._executor, sealed=batch.sealed)
        data = built.data
        put = self._puts.submit(self._store.create, sid, data)
        try:
            built.verify(self._executor)
        except BaseException:
            if put.exception() is None:
                self._discard(sid)
            raise
        put.result()
        count = sum(len(chunk) for chunk in batch.pages.values())
        self._metrics.segments_flushed.inc()
        self._metrics.pages_written.inc(count)
        self._metrics.segment_bytes.observe(len(data))
        self._metrics.segment_requests.observe(len(batch.waiters))
        self._metrics.compression_ratio.observe(len(data) / (count * PAGE_SIZE))

    def _discard(self, sid: SegmentId) -> None:
        """Delete a stored segment that failed its check; the check's error is the answer."""
        try:
            self._store.delete(sid)
        except Exception:
            # Unreferenced either way (no receipt was signed): gc collects it.
            log.exception("could not delete segment %s that failed its check", sid)

    async def aclose(self) -> None:
        """Flush what is queued, wait for running flushes, then stop."""
        self._closed = True
        self._wake.set()
        if self._pump is not None:
            await self._pump
        self._puts.shutdown()
