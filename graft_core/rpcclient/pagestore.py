"""Typed pagestore clients, blocking and async, over one set of call builders."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from graft_core.errors import IntegrityError, KeyRequiredError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.rpcclient.async_client import AsyncRpcClient
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.sync_client import SyncRpcClient
from graft_core.types import PAGE_SIZE
from graft_core.wire import (
    MAX_READ_PAGES,
    PAGESTORE_MAX_BODY,
    ReadPagesRequest,
    ReadPagesResponse,
    SegmentRef,
    WritePagesRequest,
    WritePagesResponse,
)

__all__ = ["MAX_WRITE_PAGES", "AsyncPagestoreClient", "PagestoreCalls", "SyncPagestoreClient"]

# Pages per write_pages request: well inside the pagestore's body limit, headers and framing
# included (and the pagestore's default per-request page limit).
MAX_WRITE_PAGES = PAGESTORE_MAX_BODY // PAGE_SIZE // 2


class PagestoreCalls:
    """The pagestore's endpoints (``/pagestore/v1/``) as ``Call`` values, in requests of
    bounded size."""

    SERVICE = "pagestore"
    PREFIX = "/pagestore/v1"

    @staticmethod
    def write_pages(
        vid: VolumeId, pages: Sequence[tuple[int, bytes]], sealed: bool = False
    ) -> Iterator[Call[WritePagesResponse]]:
        for start in range(0, len(pages), MAX_WRITE_PAGES):
            chunk = list(pages[start : start + MAX_WRITE_PAGES])
            request = WritePagesRequest(vid=vid, pages=chunk, sealed=sealed)
            yield Call("write_pages", request, WritePagesResponse)

    @staticmethod
    def read_pages(vid: VolumeId, lsn: int, graft: Graft) -> Iterator[Call[ReadPagesResponse]]:
        pages = list(graft)
        for start in range(0, len(pages), MAX_READ_PAGES):
            chunk = Graft(pages[start : start + MAX_READ_PAGES])
            yield Call(
                "read_pages", ReadPagesRequest(vid=vid, lsn=lsn, graft=chunk), ReadPagesResponse
            )


class SyncPagestoreClient(SyncRpcClient):
    SERVICE = PagestoreCalls.SERVICE
    PREFIX = PagestoreCalls.PREFIX

    def write_pages(
        self, vid: VolumeId, pages: Sequence[tuple[int, bytes]], *, sealed: bool = False
    ) -> list[SegmentRef]:
        """Store ``pages`` (durably, once this returns); their segments, with receipts.
        ``sealed``: the pages are sealed by this client (DESIGN 13)."""
        calls = PagestoreCalls.write_pages(vid, pages, sealed)
        return [ref for call in calls for ref in self.call(call).segments]


class AsyncPagestoreClient(AsyncRpcClient):
    SERVICE = PagestoreCalls.SERVICE
    PREFIX = PagestoreCalls.PREFIX

    async def write_pages(
        self, vid: VolumeId, pages: Sequence[tuple[int, bytes]], *, sealed: bool = False
    ) -> list[SegmentRef]:
        """Store ``pages`` (durably, once this returns); their segments, with receipts.
        ``sealed``: the pages are sealed by this client (DESIGN 13)."""
        calls = PagestoreCalls.write_pages(vid, pages, sealed)
        return [ref for call in calls for ref in (await self.call(call)).segments]

    async def read_pages(self, vid: VolumeId, lsn: int, graft: Graft) -> dict[int, bytes]:
        """The pages of ``graft`` at ``lsn`` that were ever written; in requests of at most
        ``wire.MAX_READ_PAGES`` pages (one, for any batch the client itself makes).

        ``KeyRequiredError`` if the volume's pages are sealed: read those with ``read_stored``.
        """
        found, sealed = await self.read_stored(vid, lsn, graft)
        if sealed:
            raise KeyRequiredError(
                f"volume {vid} is end-to-end encrypted: reading it needs its key"
            )
        return found

    async def read_stored(
        self, vid: VolumeId, lsn: int, graft: Graft
    ) -> tuple[dict[int, bytes], bool]:
        """``read_pages`` as stored: the pages, and whether they are sealed (encrypted)."""
        found: dict[int, bytes] = {}
        sealed = False
        for call in PagestoreCalls.read_pages(vid, lsn, graft):
            answer = await self.call(call)
            found.update(answer.pages)
            sealed = sealed or answer.sealed
        if not sealed and any(len(page) != PAGE_SIZE for page in found.values()):
            # The wire admits sealed page sizes; a plain answer must hold whole pages.
            raise IntegrityError(
                f"the pagestore answered pages of {vid} that are not {PAGE_SIZE} bytes"
            )
        return found, sealed
