"""``read_pages``: the versions at an LSN, fetched from their segments in parallel, one answer."""

from __future__ import annotations

import asyncio

import anyio.to_thread

from graft_core.errors import PayloadTooLargeError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.wire import ReadPagesRequest, ReadPagesResponse
from pagestore_server.history import Histories
from pagestore_server.metrics import Metrics
from pagestore_server.segments import SegmentReader
from pagestore_server.store import SegmentMissingError

__all__ = ["PageReader"]

# Reads of up to this many pages resolve their versions on the event loop; larger ones (whose
# pages may lie in as many commits) on a worker thread, so they cannot hold up other volumes.
_INLINE_RESOLVE = 64


class PageReader:
    def __init__(
        self, histories: Histories, segments: SegmentReader, metrics: Metrics, max_pages: int
    ) -> None:
        self._histories = histories
        self._segments = segments
        self._metrics = metrics
        self._max_pages = max_pages

    async def read(self, req: ReadPagesRequest) -> ReadPagesResponse:
        if len(req.graft) > self._max_pages:
            raise PayloadTooLargeError(
                f"{len(req.graft)} pages requested; at most {self._max_pages} per read_pages"
            )
        try:
            pages, sealed = await self._read(req, refresh=False)
        except SegmentMissingError:
            # A checkpoint raised the horizon and GC removed the segment: ask the metastore
            # again; the read is then 404 (below the horizon) or served from the checkpoint.
            try:
                pages, sealed = await self._read(req, refresh=True)
            except SegmentMissingError as exc:
                raise SegmentMissingError(
                    f"a segment that LSN {req.lsn} of {req.vid} reads is not in the store "
                    f"(lost, or deleted while still referenced): {exc}"
                ) from exc
        self._metrics.pages_read.inc(len(pages))
        return ReadPagesResponse(pages=pages, sealed=sealed)

    async def _read(
        self, req: ReadPagesRequest, *, refresh: bool
    ) -> tuple[list[tuple[int, bytes]], bool]:
        """The pages, and whether they are sealed (the frames of the volume that wrote them say
        so)."""
        plans = await self._plan(req, refresh=refresh)
        parts = await asyncio.gather(
            *(
                self._segments.read(sid, vid, pageidxs)
                for vid, plan in plans
                for sid, pageidxs in plan.items()
            )
        )
        sealed = False
        for vid, plan in plans:
            for sid in plan:
                sealed = sealed or (await self._segments.index(sid)).sealed(vid)  # cached by reads
        return sorted(page for part in parts for page in part), sealed

    async def _plan(
        self, req: ReadPagesRequest, *, refresh: bool
    ) -> list[tuple[VolumeId, dict[SegmentId, list[int]]]]:
        """The segments to read, per volume that wrote them: a fork's pages it never wrote are
        its parent's at the origin LSN, and so on up a chain of forks."""
        plans: list[tuple[VolumeId, dict[SegmentId, list[int]]]] = []
        vid, lsn, wanted = req.vid, req.lsn, req.graft
        while True:
            history = await self._histories.at(vid, lsn, refresh=refresh)
            if len(wanted) <= _INLINE_RESOLVE:
                plan, rest = history.resolve_inherited(lsn, wanted)
            else:
                resolve = history.resolve_inherited
                plan, rest = await anyio.to_thread.run_sync(resolve, lsn, wanted)
            plans.append((vid, plan))
            origin = history.origin
            if origin is None or not rest:
                return plans
            vid, lsn, wanted = origin.vid, origin.lsn, Graft(rest)
