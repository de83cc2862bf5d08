"""Bearer-token rules of both services (shared plumbing), through real server processes."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from graft_core.errors import AuthError, ForbiddenError, GraftError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import SegmentRef, VolumesRequest, VolumesResponse
from tests.pagestore.cluster import Cluster, metastore_command, pagestore_command, running_cluster

VOL_A = VolumeId.random()
VOL_B = VolumeId.random()
PAGE = b"\x07" * PAGE_SIZE
TOKENS = [
    {"token": "admin-secret"},
    {"token": "reader-secret", "read_only": True},
    {"token": "scoped-secret", "volumes": [str(VOL_A)]},
]


@pytest.fixture(scope="module", params=["env", "file"])
def cluster(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp(f"auth-{request.param}")
    text = json.dumps(TOKENS)
    if request.param == "env":
        env = {"METASTORE_TOKENS": text, "PAGESTORE_TOKENS": text}
        meta_args: list[str] = []
        page_args = ["--metastore-token", "reader-secret"]
    else:
        (tmp / "tokens.json").write_text(text)
        env = {}
        meta_args = ["--tokens-file", str(tmp / "tokens.json")]
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
        assert _status(lambda h=http: h.read(VOL_A, 1, [1])) is AuthError
        assert _status(lambda h=http: h.write(VOL_A, {1: PAGE})) is AuthError
        assert _status(lambda h=http: h.commit(VOL_A, 1, 1, [])) is AuthError
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
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_TOKENS", "_TOKENS_FILE"))}
    port_file = tmp_path / "port"
    command = (
        metastore_command("--data-dir", str(tmp_path / "d"))
        if service == "metastore"
        else pagestore_command("--cache-dir", str(tmp_path / "c"), "--store", str(tmp_path / "s"))
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
