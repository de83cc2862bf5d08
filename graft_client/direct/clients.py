"""The async metastore and pagestore clients of direct mode: calls answered in process.

Each request goes through the wire codec once (encoded and decoded, as a server would), so it
is checked exactly as the servers check it, and the store requests it makes count for its
volume. Pulls poll the store instead of long-polling a server: one probe of the next LSN per
poll, backing off from ``POLL_FIRST_S`` to ``POLL_MAX_S`` while nothing changes.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

import anyio

from graft_client.direct.counting import RequestCounts, volume_scope
from graft_client.direct.records import committing_on, just_probed
from graft_client.direct.services import DirectRemote
from graft_core.errors import InvalidInputError
from graft_core.ids import VolumeId
from graft_core.rpcclient import AsyncMetastoreClient, AsyncPagestoreClient
from graft_core.rpcclient.call import Call
from graft_core.wire import (
    CommitRequest,
    Message,
    PullGraftResponse,
    ReadPagesRequest,
    WritePagesRequest,
    WritePagesResponse,
    decode,
    encode,
)

__all__ = ["POLL_FIRST_S", "POLL_MAX_S", "DirectMetastore", "DirectPagestore"]

A = TypeVar("A", bound=Message)

POLL_FIRST_S = 0.05
POLL_MAX_S = 2.0


def _checked(request: Message) -> Any:
    """``request`` as a server would decode it (the same checks)."""
    return decode(encode(request), type(request))


class _Direct:
    """What both fronts share: the remote, and calls dispatched by endpoint name."""

    SERVICE: ClassVar[str]

    # No HTTP client: every typed method goes through ``call``.
    def __init__(self, remote: DirectRemote) -> None:
        self.remote = remote
        self.base_url = remote.url

    def _handler(self, endpoint: str) -> Callable[[Any], Awaitable[Message]]:
        raise NotImplementedError

    async def call(self, call: Call[A]) -> A:
        request = _checked(call.request)
        handler = self._handler(call.endpoint)
        with volume_scope(request.vid):
            answer = await handler(request)
        assert isinstance(answer, call.answer), (call.endpoint, type(answer))
        return answer

    async def cluster(self) -> uuid.UUID | None:
        return await self.remote.cluster()

    def requests_by_volume(self) -> dict[VolumeId, RequestCounts]:
        return self.remote.counter.volumes()

    async def aclose(self) -> None:
        await self.remote.aclose()


class DirectMetastore(_Direct, AsyncMetastoreClient):
    SERVICE = AsyncMetastoreClient.SERVICE

    def _handler(self, endpoint: str) -> Callable[[Any], Awaitable[Message]]:
        catalog = self.remote.catalog
        handlers: dict[str, Callable[[Any], Awaitable[Message]]] = {
            "snapshot": catalog.snapshot,
            "pull_graft": catalog.pull_graft,
            "pull_commits": catalog.pull_commits,
            "commit": self._marked(self._commit),
            "fork": self._marked(catalog.fork),
            "checkpoint": self._marked(catalog.checkpoint),
        }
        try:
            return handlers[endpoint]
        except KeyError:
            raise InvalidInputError(f"direct mode has no metastore call {endpoint!r}") from None

    def _marked(
        self, write: Callable[[Any], Awaitable[Message]]
    ) -> Callable[[Any], Awaitable[Message]]:
        """``write``, after the store is marked as a cluster's (it may be its first write)."""

        async def marked(req: Any) -> Message:
            await self.remote.claim_cluster()
            return await write(req)

        return marked

    async def _commit(self, req: CommitRequest) -> Message:
        with committing_on(req.base_lsn or 0):
            return await self.remote.catalog.commit(req)

    async def pull_graft(
        self, vid: VolumeId, start: int, end: int | None = None, wait_ms: int = 0
    ) -> PullGraftResponse:
        """As the server's, but waiting is polling: one probe of LSN ``start`` per poll."""
        deadline = time.monotonic() + wait_ms / 1000
        delay = POLL_FIRST_S
        while True:
            latest = await self._latest(vid)
            remaining = deadline - time.monotonic()
            if latest >= start or remaining <= 0:
                with just_probed():
                    return await super().pull_graft(vid, start, end, 0)
            await anyio.sleep(min(delay, remaining))
            delay = min(delay * 2, POLL_MAX_S)

    async def _latest(self, vid: VolumeId) -> int:
        with volume_scope(vid):
            return await self.remote.records.latest(vid)


class DirectPagestore(_Direct, AsyncPagestoreClient):
    SERVICE = AsyncPagestoreClient.SERVICE

    def _handler(self, endpoint: str) -> Callable[[Any], Awaitable[Message]]:
        if endpoint == "write_pages":
            return self._write_pages
        if endpoint == "read_pages":
            return self._read_pages
        raise InvalidInputError(f"direct mode has no pagestore call {endpoint!r}")

    async def _write_pages(self, req: WritePagesRequest) -> Message:
        pages = dict(req.pages)
        if len(pages) != len(req.pages):
            raise InvalidInputError("a page index appears more than once")
        if not pages:
            return WritePagesResponse(segments=[])
        refs = await self.remote.writer.write(req.vid, pages, sealed=req.sealed)
        # The flush task made the PUTs, outside this call's scope: count them for the volume.
        self.remote.counter.add_for_volume(req.vid, RequestCounts(puts=len(refs)))
        receipts = self.remote.receipts
        return WritePagesResponse(segments=[receipts.sign(req.vid, ref) for ref in refs])

    async def _read_pages(self, req: ReadPagesRequest) -> Message:
        return await self.remote.reader.read(req)
