"""A client that does not speak msgpack (curl, a browser, a probe) gets plain text from both
services, never a msgpack blob or a 500; our clients, which say they speak msgpack, still get
msgpack error bodies."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from graft_core.ids import VolumeId
from graft_core.wire import CONTENT_TYPE, ErrorBody, SnapshotRequest, decode, encode
from tests.pagestore.cluster import Cluster, running_cluster

CURL = {"accept": "*/*"}
BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
RPC = {"metastore": "/metastore/v1/snapshot", "pagestore": "/pagestore/v1/read_pages"}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("plain")) as running:
        yield running


@pytest.fixture(scope="module")
def locked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A cluster with auth on: /metrics and / need a token."""
    tokens = json.dumps([{"token": "secret"}])
    env = {"METASTORE_TOKENS": tokens, "PAGESTORE_TOKENS": tokens}
    tmp = tmp_path_factory.mktemp("plain-auth")
    with running_cluster(tmp, env=env, pagestore_args=["--metastore-token", "secret"]) as c:
        yield c


def urls(cluster: Cluster) -> dict[str, str]:
    return {"metastore": cluster.metastore.url, "pagestore": cluster.pagestore.url}


def assert_text(response: httpx.Response, status: int, *mentions: str) -> str:
    assert response.status_code == status, (response.status_code, response.content)
    assert response.headers["content-type"].startswith("text/plain"), response.headers
    text = response.text
    for word in mentions:
        assert word in text, (word, text)
    return text


@pytest.mark.parametrize("headers", [CURL, BROWSER, {}], ids=["curl", "browser", "none"])
def test_index_is_one_line_naming_the_service_and_its_routes(
    cluster: Cluster, headers: dict[str, str]
) -> None:
    for service, url in urls(cluster).items():
        text = assert_text(httpx.get(url + "/", headers=headers), 200, f"graft {service}")
        assert "/health" in text and "/metrics" in text and len(text.splitlines()) == 1
        described = httpx.get(url + "/", headers={"accept": "application/json"}).json()
        assert described["service"] == f"graft {service}"


def test_metrics_and_unknown_paths_answer_text(cluster: Cluster) -> None:
    for url in urls(cluster).values():
        assert_text(httpx.get(url + "/metrics", headers=BROWSER), 200, "# TYPE")
        assert_text(httpx.get(url + "/favicon.ico", headers=BROWSER), 404, "error: not_found")


def test_rpc_endpoint_with_get_or_a_foreign_body_is_a_4xx_in_text(cluster: Cluster) -> None:
    for service, url in urls(cluster).items():
        path = RPC[service]
        got = httpx.get(url + path, headers=CURL)
        assert_text(got, 405, "method_not_allowed", f"GET {path}", "POST", CONTENT_TYPE)
        form = httpx.post(url + path, data={"vid": "x"}, headers=CURL)  # curl -d
        assert_text(form, 415, "unsupported_media_type", "application/x-www-form-urlencoded")
        as_json = httpx.post(url + path, json={"vid": "x"}, headers={"accept": "application/json"})
        assert as_json.status_code == 415 and as_json.json()["code"] == "unsupported_media_type"
        garbled = httpx.post(url + path, content=b"{}", headers={"content-type": "text/plain"})
        assert_text(garbled, 415, "text/plain")


def test_msgpack_clients_still_get_msgpack_errors(cluster: Cluster) -> None:
    meta = cluster.metastore.url
    missing = encode(SnapshotRequest(vid=VolumeId.random(), lsn=None))
    msgpack = {"content-type": CONTENT_TYPE, "accept": CONTENT_TYPE}
    answer = httpx.post(meta + RPC["metastore"], content=missing, headers=msgpack)
    assert answer.status_code == 404 and answer.headers["content-type"] == CONTENT_TYPE
    assert decode(answer.content, ErrorBody).code == "volume_not_found"
    # The swapped-ports check matches the message of a 404 for an unknown route: unchanged.
    wrong = httpx.post(meta + RPC["pagestore"], content=missing, headers=msgpack)
    assert decode(wrong.content, ErrorBody).message == f"POST {RPC['pagestore']}"
    bare = httpx.post(meta + RPC["metastore"], content=b"\xc1")  # no content type: msgpack
    assert bare.status_code == 400 and decode(bare.content, ErrorBody).code == "invalid_input"


def test_without_a_token_metrics_and_index_are_a_text_401(locked: Cluster) -> None:
    for service, url in urls(locked).items():
        for path in ("/metrics", "/"):
            refused = httpx.get(url + path, headers=BROWSER)
            assert_text(refused, 401, "error: unauthorized")
            assert refused.headers["www-authenticate"] == "Bearer"
        allowed = httpx.get(url + "/metrics", headers={"authorization": "Bearer secret"})
        assert allowed.status_code == 200 and "# TYPE" in allowed.text
        rpc = httpx.post(url + RPC[service], data={"a": "b"}, headers=CURL)
        assert_text(rpc, 401, "unauthorized")  # auth comes first, and in text


def test_a_refused_foreign_body_stores_nothing(cluster: Cluster) -> None:
    pages = cluster.pagestore.url
    before = cluster.metric("pagestore_pages_written_total")
    posted = httpx.post(pages + "/pagestore/v1/write_pages", json={"pages": [[1, "x"]]})
    assert posted.status_code == 415
    assert cluster.metric("pagestore_pages_written_total") == before
