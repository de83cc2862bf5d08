"""Request size limits on every RPC route of both services: a body over the service's limit is
413 with a message and stores nothing, whether the client declares it honestly, declares more
than it sends (a lying Content-Length), or streams it chunked without declaring a size."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from graft_core.wire import METASTORE_MAX_BODY, PAGESTORE_MAX_BODY, ErrorBody, decode
from tests.fuzz.conftest import Seeded
from tests.fuzz.rawhttp import raw_post
from tests.fuzz.routes import ROUTES, rpc_name

LIMITS = {"metastore": METASTORE_MAX_BODY, "pagestore": PAGESTORE_MAX_BODY}
RPC_ROUTES = [
    (service, route.path)
    for service, routes in ROUTES.items()
    for route in routes
    if rpc_name(route) is not None
]
CHUNK = 1 << 20


def _chunked(size: int) -> Iterable[bytes]:
    for start in range(0, size, CHUNK):
        piece = b"\x91" * min(CHUNK, size - start)
        yield f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    yield b"0\r\n\r\n"


def _assert_too_large(status: int, body: bytes) -> None:
    assert status == 413, (status, body[:200])
    error = decode(body, ErrorBody)
    assert error.code == "payload_too_large" and "limit" in error.message


@pytest.mark.parametrize(("service", "path"), RPC_ROUTES)
def test_declared_oversize_body_is_refused_before_it_is_sent(
    seeded: Seeded, service: str, path: str
) -> None:
    before = seeded.state()
    declared = {"content-length": str(LIMITS[service] + 1)}
    _assert_too_large(*raw_post(seeded.url(service), path, declared, [b"\x91" * 100]))
    assert seeded.state() == before


@pytest.mark.parametrize(("service", "path"), RPC_ROUTES)
def test_chunked_body_over_the_limit_is_refused(seeded: Seeded, service: str, path: str) -> None:
    before = seeded.state()
    chunked = {"transfer-encoding": "chunked"}
    _assert_too_large(*raw_post(seeded.url(service), path, chunked, _chunked(LIMITS[service] + 1)))
    assert seeded.state() == before


@pytest.mark.parametrize("service", sorted(LIMITS))
def test_body_longer_than_its_content_length_is_not_taken_whole(
    seeded: Seeded, service: str
) -> None:
    """Declaring a small body and sending a large one: the server reads only what was declared
    (a bad request), and the excess is never parsed as a request of its own."""
    path = next(p for s, p in RPC_ROUTES if s == service)
    before = seeded.state()
    status, body = raw_post(
        seeded.url(service), path, {"content-length": "10"}, [b"\x91" * (LIMITS[service] // 4)]
    )
    assert status == 400, (status, body[:200])
    assert decode(body, ErrorBody).code == "invalid_input"
    assert seeded.state() == before
