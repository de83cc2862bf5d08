"""The pagestore's sealed writes: variable-size pages stored as they come, read back as
stored with ``sealed``; a plain write of a page that is not 4096 bytes, or a sealed page beyond
the limit, is a 400 that stores nothing."""

from __future__ import annotations

import httpx
import pytest

from graft_core import wire
from graft_core.errors import InvalidInputError, InvalidPageError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import MAX_SEALED_PAGE, PAGE_SIZE
from tests.pagestore.cluster import Cluster


def _post(url: str, message: wire.Message) -> httpx.Response:
    return httpx.post(
        url, content=wire.encode(message), headers={"content-type": wire.CONTENT_TYPE}, timeout=30
    )


def test_sealed_pages_are_stored_as_they_come(cluster: Cluster) -> None:
    vid = VolumeId.random()
    pages = [(1, b"\x01" * 100), (2, b"\x02" * MAX_SEALED_PAGE), (5, b"\x05")]
    http = cluster.client()
    answer = _post(
        cluster.pagestore.url + "/pagestore/v1/write_pages",
        wire.WritePagesRequest(vid=vid, pages=pages, sealed=True),
    )
    assert answer.status_code == 200, answer.text
    refs = wire.decode(answer.content, wire.WritePagesResponse).segments
    http.commit(vid, None, 5, refs)
    read = _post(
        cluster.pagestore.url + "/pagestore/v1/read_pages",
        wire.ReadPagesRequest(vid=vid, lsn=1, graft=Graft([1, 2, 3, 5])),
    )
    got = wire.decode(read.content, wire.ReadPagesResponse)
    assert got.sealed and dict(got.pages) == dict(pages)


@pytest.mark.parametrize(
    ("sealed", "page", "error"),
    [
        (False, b"x" * 100, InvalidPageError),
        (False, b"x" * (PAGE_SIZE + 1), InvalidPageError),
        (True, b"x" * (MAX_SEALED_PAGE + 1), InvalidInputError),
        (True, b"", InvalidInputError),
    ],
)
def test_bad_page_sizes_are_refused(
    cluster: Cluster, sealed: bool, page: bytes, error: type[InvalidInputError]
) -> None:
    written = cluster.metric("pagestore_pages_written_total")
    answer = _post(
        cluster.pagestore.url + "/pagestore/v1/write_pages",
        wire.WritePagesRequest(vid=VolumeId.random(), pages=[(1, page)], sealed=sealed),
    )
    assert answer.status_code == 400
    assert isinstance(wire.error_from_body(answer.status_code, answer.content), error)
    assert cluster.metric("pagestore_pages_written_total") == written
