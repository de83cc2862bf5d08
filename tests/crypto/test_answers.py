"""Pagestore answers the client must not trust blindly (respx: the client's handling alone)."""

from __future__ import annotations

import anyio
import httpx
import pytest
import respx

from graft_core.errors import IntegrityError, KeyRequiredError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.rpcclient import AsyncPagestoreClient
from graft_core.types import PAGE_SIZE
from graft_core.wire import ReadPagesResponse, encode

URL = "http://pagestore.test"


def _read(answer: ReadPagesResponse, method: str) -> object:
    router = respx.Router(assert_all_called=False)
    router.post(f"{URL}/pagestore/v1/read_pages").mock(
        return_value=httpx.Response(200, content=encode(answer))
    )

    async def main() -> object:
        client = AsyncPagestoreClient(URL, transport=httpx.MockTransport(router.async_handler))
        try:
            return await getattr(client, method)(VolumeId.random(), 1, Graft([1, 2]))
        finally:
            await client.aclose()

    return anyio.run(main)


def test_a_plain_answer_with_a_short_page_is_an_integrity_error() -> None:
    """The wire admits sealed page sizes, so a plain answer's pages are checked to be whole."""
    short = ReadPagesResponse(pages=[(1, b"x" * PAGE_SIZE), (2, b"x" * 100)])
    for method in ("read_stored", "read_pages"):
        with pytest.raises(IntegrityError, match="not 4096 bytes"):
            _read(short, method)


def test_read_pages_of_a_sealed_volume_needs_the_key() -> None:
    with pytest.raises(KeyRequiredError):
        _read(ReadPagesResponse(pages=[(1, b"sealed")], sealed=True), "read_pages")
