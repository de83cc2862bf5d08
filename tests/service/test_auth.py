"""Bearer-token rules of both services (shared plumbing), through real server processes, on
every route of both route tables; and the auth plumbing's own rules, in process."""

from __future__ import annotations

import hmac
import json
import os
import subprocess
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import click
import httpx
import pytest

from graft_core.errors import AuthError, ForbiddenError, GraftError
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.service import Auth, ServeOptions, parse_tokens
from graft_core.tokens import KEYS_ENV, Grant, TokenKeys, new_key_line
from graft_core.types import PAGE_SIZE
from graft_core.wire import (
    METASTORE_MAX_BODY,
    ErrorBody,
    ForkRequest,
    SegmentRef,
    VolumesRequest,
    VolumesResponse,
    decode,
    encode,
)
from tests.fuzz.rawhttp import raw_post
from tests.fuzz.routes import ROUTES, SAMPLES, WRITES, rpc_name
from tests.pagestore.cluster import Cluster, metastore_command, pagestore_command, running_cluster

VOL_A = VolumeId.random()
VOL_B = VolumeId.random()
PAGE = b"\x07" * PAGE_SIZE
UNUSED = "http://127.0.0.1:9"  # a metastore the test never reaches (refused before start)
TOKENS = [
    {"token": "admin-secret"},
    {"token": "reader-secret", "read_only": True},
    {"token": "scoped-secret", "volumes": [str(VOL_A)]},
]
KEY_LINE = new_key_line("k1")
SIGNED_READER = TokenKeys.parse(KEY_LINE).sign(Grant(None, read_only=True), ttl_s=86400)
SIGNED_SCOPED = TokenKeys.parse(KEY_LINE).sign(Grant(frozenset([VOL_A]), False), ttl_s=86400)
READERS = ("reader-secret", SIGNED_READER)
SCOPED = ("scoped-secret", SIGNED_SCOPED)


@pytest.fixture(scope="module", params=["env", "file"])
def cluster(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp(f"auth-{request.param}")
    text = json.dumps(TOKENS)
    if request.param == "env":
        env = {"METASTORE_TOKENS": text, "PAGESTORE_TOKENS": text, KEYS_ENV: KEY_LINE}
        meta_args: list[str] = []
        page_args = ["--metastore-token", "reader-secret"]
    else:
        (tmp / "tokens.json").write_text(text)
        (tmp / "keys").write_text(KEY_LINE)
        env = {}
        meta_args = [
            "--tokens-file",
            str(tmp / "tokens.json"),
            "--token-key-file",
            str(tmp / "keys"),
        ]
        page_args = [*meta_args, "--metastore-token", "reader-secret"]
    with running_cluster(tmp, env=env, metastore_args=meta_args, pagestore_args=page_args) as c:
        admin = c.client("admin-secret")
        admin.commit(VOL_A, None, 1, admin.write(VOL_A, {1: PAGE}))
        admin.commit(VOL_B, None, 1, admin.write(VOL_B, {1: PAGE}))
        yield c


def _status(call: Callable[[], object]) -> type[GraftError] | None:
    try:
        call()
    except GraftError as exc:
        return type(exc)
    return None


def test_missing_or_unknown_tokens_are_401(cluster: Cluster) -> None:
    for token in (None, "wrong-secret"):
        http = cluster.client(token)
        assert _status(partial(http.read, VOL_A, 1, [1])) is AuthError
        assert _status(partial(http.write, VOL_A, {1: PAGE})) is AuthError
        assert _status(partial(http.commit, VOL_A, 1, 1, [])) is AuthError
    basic = httpx.post(
        cluster.pagestore.url + "/pagestore/v1/read_pages",
        headers={"authorization": "Basic admin-secret"},
    )
    assert basic.status_code == 401


def test_read_token_cannot_write_or_commit(cluster: Cluster) -> None:
    reader = cluster.client("reader-secret")
    assert reader.read(VOL_A, 1, [1]) == {1: PAGE}
    assert _status(lambda: reader.write(VOL_A, {2: PAGE})) is ForbiddenError
    assert _status(lambda: reader.commit(VOL_A, 1, 1, [])) is ForbiddenError


def test_volume_scoped_token_cannot_touch_other_volumes(cluster: Cluster) -> None:
    scoped = cluster.client("scoped-secret")
    assert scoped.read(VOL_A, 1, [1]) == {1: PAGE}
    segments = scoped.write(VOL_A, {2: PAGE})
    assert scoped.commit(VOL_A, 1, 2, segments).lsn == 2
    assert _status(lambda: scoped.read(VOL_B, 1, [1])) is ForbiddenError
    assert _status(lambda: scoped.write(VOL_B, {2: PAGE})) is ForbiddenError
    fake = [SegmentRef(sid=SegmentId.random(), graft=Graft([1]))]
    assert _status(lambda: scoped.commit(VOL_B, 1, 1, fake)) is ForbiddenError
    listing = scoped._call(
        scoped.meta, "/metastore/v1/volumes", VolumesRequest(limit=100), VolumesResponse
    )
    assert [info.vid for info in listing.volumes] == [VOL_A]


@pytest.mark.parametrize("service", ["metastore", "pagestore"])
def test_refuses_non_loopback_without_tokens_before_binding(service: str, tmp_path: Path) -> None:
    auth_vars = ("_TOKENS", "_TOKENS_FILE", "_TOKEN_KEYS", "_TOKEN_KEY_FILE")
    env = {k: v for k, v in os.environ.items() if not k.endswith(auth_vars)}
    port_file = tmp_path / "port"
    command = (
        metastore_command("--data-dir", str(tmp_path / "d"))
        if service == "metastore"
        else pagestore_command(
            "--cache-dir",
            str(tmp_path / "c"),
            "--store",
            str(tmp_path / "s"),
            "--metastore",
            UNUSED,
        )
    )
    done = subprocess.run(
        [
            *command,
            "--host",
            "0.0.0.0",
            "--port",
            "0",
            "--port-file",
            str(port_file),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode != 0
    assert "not loopback" in done.stderr and "--insecure" in done.stderr
    assert not port_file.exists()  # it never bound


RPC_ROUTES = [
    (service, rpc_name(route), route.path)
    for service, routes in sorted(ROUTES.items())
    for route in routes
    if rpc_name(route) is not None
]
GET_ROUTES = [
    (service, route.path)
    for service, routes in sorted(ROUTES.items())
    for route in routes
    if rpc_name(route) is None
]
PUBLIC = {"/health"}


def _post(cluster: Cluster, service: str, path: str, body: bytes, header: str | None) -> int:
    url = cluster.metastore.url if service == "metastore" else cluster.pagestore.url
    headers = {"authorization": header} if header else {}
    response = httpx.post(url + path, content=body, headers=headers, timeout=30)
    if response.status_code in (401, 403):
        error = decode(response.content, ErrorBody)
        assert error.code == ("unauthorized" if response.status_code == 401 else "forbidden")
    return response.status_code


def _stored(cluster: Cluster) -> tuple[bytes, list[str]]:
    """Every volume's LSN (as the admin sees them) and the segment objects in the store."""
    admin = cluster.client("admin-secret")
    listing = admin._call(
        admin.meta, "/metastore/v1/volumes", VolumesRequest(limit=1000), VolumesResponse
    )
    store = Path(cluster.pagestore.command[cluster.pagestore.command.index("--store") + 1])
    return encode(listing), sorted(p.name for p in store.rglob("*"))


def test_every_rpc_endpoint_has_a_sample_and_the_get_routes_are_known() -> None:
    # A new endpoint fails here until it has a sample body, and so is checked below.
    assert {name for _, name, _ in RPC_ROUTES} == set(SAMPLES)
    assert {path for _, path in GET_ROUTES} == {"/health", "/metrics", "/"}


@pytest.mark.parametrize(("service", "name", "path"), RPC_ROUTES)
def test_every_rpc_route_enforces_token_scope_and_read_only(
    cluster: Cluster, service: str, name: str, path: str
) -> None:
    before = _stored(cluster)
    body_b = encode(SAMPLES[name](VOL_B))
    for header in (None, "Bearer wrong-secret", "Basic admin-secret", "Bearer", "admin-secret"):
        assert _post(cluster, service, path, body_b, header) == 401, header
    for token in READERS:
        reader = _post(cluster, service, path, body_b, f"Bearer {token}")
        assert reader == (403 if name in WRITES else 200), reader
    for token in SCOPED:
        scoped = _post(cluster, service, path, body_b, f"Bearer {token}")
        assert scoped == (200 if name == "volumes" else 403), scoped  # volumes: see above
        if name not in WRITES:
            body_a = encode(SAMPLES[name](VOL_A))
            assert _post(cluster, service, path, body_a, f"Bearer {token}") == 200
    assert _stored(cluster) == before


def test_fork_needs_the_parent_in_the_token_scope(cluster: Cluster) -> None:
    """A token for volume A cannot make A (or anything) a fork of B: the fork would read B."""
    before = _stored(cluster)
    path = "/metastore/v1/fork"
    for token in SCOPED:
        body = encode(ForkRequest(vid=VOL_A, cid=ClientId.random(), parent=VOL_B, lsn=1))
        assert _post(cluster, "metastore", path, body, f"Bearer {token}") == 403
    assert _stored(cluster) == before


@pytest.mark.parametrize(("service", "path"), GET_ROUTES)
def test_get_routes_need_a_token_except_health(cluster: Cluster, service: str, path: str) -> None:
    url = (cluster.metastore.url if service == "metastore" else cluster.pagestore.url) + path
    for header in (None, "Bearer wrong-secret"):
        response = httpx.get(url, headers={"authorization": header} if header else {})
        if path in PUBLIC:
            assert response.status_code == 200
        else:
            assert response.status_code == 401
            assert response.text.startswith("error: unauthorized: "), response.text
    for token in (*READERS, *SCOPED):
        assert httpx.get(url, headers={"authorization": f"Bearer {token}"}).status_code == 200


@pytest.mark.parametrize(("service", "name", "path"), RPC_ROUTES)
def test_unknown_caller_is_refused_before_its_body_is_read(
    cluster: Cluster, service: str, name: str, path: str
) -> None:
    url = cluster.metastore.url if service == "metastore" else cluster.pagestore.url
    status, body = raw_post(url, path, {"content-length": str(10 * METASTORE_MAX_BODY)}, [b"\0"])
    assert status == 401 and decode(body, ErrorBody).code == "unauthorized"
    if name in WRITES:  # a read-only caller may not write, whatever its body says
        for token in READERS:
            assert _post(cluster, service, path, b"not a message", f"Bearer {token}") == 403


def test_authenticate_compares_with_every_token_whatever_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grants = parse_tokens(json.dumps(TOKENS))
    assert all(len(known) == 32 for known in grants)  # SHA-256 digests, not the tokens
    auth = Auth(grants)
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)  # auth looks it up on hmac per call
    first, last = "Bearer admin-secret", "Bearer scoped-secret"
    for header in (first, last, "Bearer nope", "Basic admin-secret", "", None):
        compared.clear()
        try:
            auth.authenticate(header)
        except AuthError:
            assert header not in (first, last)
        # Every known digest, each against the same presented digest, never stopping early.
        assert sorted(known for _, known in compared) == sorted(grants), header
        assert len({presented for presented, _ in compared}) == 1


@pytest.mark.parametrize(
    ("host", "insecure", "auth_off_allowed"),
    [
        ("127.0.0.1", False, True),
        ("127.3.2.1", False, True),
        ("::1", False, True),
        ("localhost", False, True),
        ("0.0.0.0", False, False),
        ("::", False, False),
        ("10.1.2.3", False, False),
        ("graft.example", False, False),
        ("0.0.0.0", True, True),
    ],
)
def test_auth_off_only_on_loopback_or_with_insecure(
    host: str, insecure: bool, auth_off_allowed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("METASTORE_TOKENS", raising=False)
    monkeypatch.delenv("GRAFT_TOKEN_KEYS", raising=False)
    options = ServeOptions("METASTORE", host, 0, None, None, insecure, "warning")
    if auth_off_allowed:
        assert not options.load_auth().enabled
    else:
        with pytest.raises(click.UsageError, match="--insecure"):
            options.load_auth()
    monkeypatch.setenv("METASTORE_TOKENS", json.dumps(TOKENS))
    assert options.load_auth().enabled
