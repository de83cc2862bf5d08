"""Every route of both services (taken from the apps' own route tables), plus unknown paths and
methods, with random methods, paths, query strings, headers and bodies: never a 5xx, every error
is a msgpack ``ErrorBody``, and a refused request stores nothing (volume LSNs and segment files
stay as they were). tests/metastore and tests/pagestore fuzz the POST bodies in depth."""

from __future__ import annotations

import httpx
import msgspec
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from graft_core.wire import CONTENT_TYPE, ErrorBody, decode, encode
from tests.fuzz.conftest import Seeded
from tests.fuzz.messages import msgpack_values
from tests.fuzz.routes import ROUTES, SAMPLES

paths = st.one_of(
    st.sampled_from([r.path for routes in ROUTES.values() for r in routes]),
    st.sampled_from([r.path for routes in ROUTES.values() for r in routes]).flatmap(
        lambda p: st.sampled_from([p + "/", p + "/x", p + "?", p.upper(), p + "%00", "/" + p])
    ),
    st.sampled_from(["/metastore/v1", "/pagestore/v2/read_pages", "/..", "/%2e%2e/health", "//"]),
    st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, blacklist_characters="#?")).map(
        lambda tail: "/" + tail
    ),
)
queries = st.dictionaries(st.text(max_size=8), st.text(max_size=20), max_size=3)
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]
headers = st.dictionaries(
    st.sampled_from(["content-type", "authorization", "accept", "x-graft"]),
    st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=30),
    max_size=3,
)


Truncated = tuple[str, int]
bodies = st.one_of(
    st.binary(max_size=200),
    msgpack_values.map(msgspec.msgpack.encode),
    st.tuples(st.sampled_from(sorted(SAMPLES)), st.integers(0, 10_000)),
)
"""Garbage, a wrong-shaped msgpack value, or a valid request of an endpoint cut short."""


def _assert_error_body(response: httpx.Response) -> None:
    """An error in the format the answer declares: msgpack to msgpack clients, else text/JSON."""
    kind = response.headers["content-type"].split(";")[0]
    if kind == CONTENT_TYPE:
        error = decode(response.content, ErrorBody)
    elif kind == "application/json":
        error = msgspec.json.decode(response.content, type=ErrorBody)
    else:
        assert kind == "text/plain", kind
        assert response.text.startswith("error: "), response.text
        return
    assert error.code and error.message, error


@given(
    service=st.sampled_from(sorted(ROUTES)),
    method=st.sampled_from(METHODS),
    path=paths,
    query=queries,
    extra_headers=headers,
    body=bodies,
)
@example(
    service="metastore",
    method="GET",
    path="/health",
    query={"x": "1"},
    extra_headers={},
    body=b"",
)
@example(
    service="pagestore",
    method="POST",
    path="/pagestore/v1/write_pages",
    query={},
    extra_headers={"content-type": "text/plain"},
    body=("write_pages", 100),
)
@example(
    service="metastore",
    method="GET",
    path="/metastore/v1/snapshot",
    query={},
    extra_headers={},
    body=b"",
)
def test_any_request_is_answered_without_5xx_and_refusals_store_nothing(
    seeded: Seeded,
    service: str,
    method: str,
    path: str,
    query: dict[str, str],
    extra_headers: dict[str, str],
    body: bytes | Truncated,
) -> None:
    if isinstance(body, tuple):
        valid = encode(SAMPLES[body[0]](seeded.vid))
        body = valid[: body[1] % len(valid)]
    before = seeded.state()
    response = httpx.request(
        method,
        seeded.url(service) + path,
        params=query,
        headers=extra_headers,
        content=body if method not in ("GET", "HEAD") else None,
        timeout=30,
    )
    assert response.status_code < 500, (response.status_code, response.content)
    if response.status_code >= 400 and method != "HEAD":
        _assert_error_body(response)
    if response.status_code != 200:
        assert seeded.state() == before


@pytest.mark.parametrize("service", sorted(ROUTES))
def test_get_endpoints_answer_their_formats_whatever_the_query(
    seeded: Seeded, service: str
) -> None:
    url = seeded.url(service)
    for query in ({}, {"x": "1", "vid": str(seeded.vid)}, {"\0": "%ff"}):
        assert httpx.get(url + "/health", params=query).json()["status"] == "ok"
        assert "# TYPE" in httpx.get(url + "/metrics", params=query).text
        as_json = {"accept": "application/json"}
        described = httpx.get(url + "/", params=query, headers=as_json).json()
        assert sorted(described["endpoints"]) == sorted(
            f"{'POST' if 'POST' in (route.methods or ()) else 'GET'} {route.path}"
            for route in ROUTES[service]
        )


@pytest.mark.parametrize("service", sorted(ROUTES))
def test_every_route_refuses_the_wrong_method_with_an_error_body(
    seeded: Seeded, service: str
) -> None:
    for route in ROUTES[service]:
        allowed = route.methods or set()
        wrong = "DELETE" if "POST" in allowed else "POST"
        response = httpx.request(wrong, seeded.url(service) + route.path)
        assert response.status_code == 405, (route.path, response.status_code)
        _assert_error_body(response)
