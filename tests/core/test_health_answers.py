"""``read_health``: who answered a ``GET /health``, judged from the answer alone."""

from __future__ import annotations

import json
import uuid

import pytest

from graft_core.errors import InvalidInputError
from graft_core.rpcclient import Health, read_health

URL = "http://127.0.0.1:3001"
KEY = uuid.uuid4()


def _body(**fields: object) -> bytes:
    return json.dumps(fields).encode()


def test_the_service_asked_for_is_its_health() -> None:
    ok = _body(status="ok", service="metastore", cluster=str(KEY))
    assert read_health(URL, "metastore", 200, ok) == Health(True, KEY)
    starting = _body(status="starting", service="metastore")
    assert read_health(URL, "metastore", 503, starting) == Health(False, None)


@pytest.mark.parametrize(
    ("status", "body", "why"),
    [
        (200, _body(status="ok", service="pagestore"), "it is a graft pagestore"),
        (200, _body(status="ok"), "it names no service"),
        (404, b"<html>not found</html>", "it answers GET /health with HTTP 404"),
        (200, b"OK", "it answers GET /health with HTTP 200"),
    ],
)
def test_anything_else_that_answers_is_not_the_service(status: int, body: bytes, why: str) -> None:
    with pytest.raises(InvalidInputError, match=f"^{URL} is not a metastore: {why} "):
        read_health(URL, "metastore", status, body)


@pytest.mark.parametrize("status", [502, 503, 504])
def test_a_proxy_in_front_of_a_server_that_is_down_says_nothing(status: int) -> None:
    assert read_health(URL, "metastore", status, b"<html>bad gateway</html>") is None
