"""Signed tokens against real servers: tokens made by the real ``graft token create`` command,
checked by a real metastore and pagestore that also keep a static token list; the pagestore
signs its own token for the metastore; key rotation by rewriting the key file and restarting
the servers on the same data; ``graft serve --token-key-file``."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from graft_client.lite import LiteClient
from graft_core.errors import AuthError, ForbiddenError, GraftError
from graft_core.ids import VolumeId
from graft_core.tokens import Grant, TokenKeys, new_key_line
from graft_core.types import PAGE_SIZE
from graft_core.wire import SnapshotInfo, SnapshotRequest
from tests.cli.runner import GRAFT, clean_env, graft, ok, stderr_lines
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.support.polling import wait_until

VOL_A = VolumeId.random()
VOL_B = VolumeId.random()
PAGE = b"\x05" * PAGE_SIZE
FIRST = new_key_line("first")
SECOND = new_key_line("second")
ADMIN = "admin-secret"


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("signed")


@pytest.fixture(scope="module")
def cluster(tmp: Path) -> Iterator[Cluster]:
    (tmp / "tokens.json").write_text(json.dumps([{"token": ADMIN}]))
    (tmp / "keys").write_text(f"{FIRST}\n")
    auth = ["--tokens-file", str(tmp / "tokens.json"), "--token-key-file", str(tmp / "keys")]
    # No --metastore-token: the pagestore signs its own with the keys.
    with running_cluster(tmp, metastore_args=auth, pagestore_args=auth) as c:
        admin = c.client(ADMIN)
        admin.commit(VOL_A, None, 1, admin.write(VOL_A, {1: PAGE}))
        admin.commit(VOL_B, None, 1, admin.write(VOL_B, {1: PAGE}))
        yield c


def _create(key_file: Path, *args: str) -> str:
    out = ok("token", "create", "--key-file", str(key_file), *args, data_dir=None)
    return out.decode().strip()


def _error(call: Callable[[], object]) -> GraftError | None:
    try:
        call()
    except GraftError as exc:
        return exc
    return None


def test_scoped_read_only_token_reads_its_volume_only(cluster: Cluster, tmp: Path) -> None:
    token = _create(tmp / "keys", "--volume", str(VOL_A), "--read-only", "--ttl", "7d")
    http = cluster.client(token)
    assert http.read(VOL_A, 1, [1]) == {1: PAGE}
    assert type(_error(lambda: http.write(VOL_A, {2: PAGE}))) is ForbiddenError
    assert type(_error(lambda: http.commit(VOL_A, 1, 1, []))) is ForbiddenError
    assert type(_error(lambda: http.read(VOL_B, 1, [1]))) is ForbiddenError


def test_the_pagestore_signs_its_own_metastore_token(cluster: Cluster, tmp: Path) -> None:
    vid = VolumeId.random()
    token = _create(tmp / "keys", "--volume", str(vid), "--ttl", "10m")
    http = cluster.client(token)
    assert http.commit(vid, None, 1, http.write(vid, {1: PAGE})).lsn == 1
    assert http.read(vid, 1, [1]) == {1: PAGE}  # the pagestore asked the metastore for commits


def test_the_client_library_sends_signed_tokens(cluster: Cluster, tmp: Path) -> None:
    token = _create(tmp / "keys", "--volume", str(VOL_A), "--read-only", "--ttl", "1h")
    lite = LiteClient(cluster.metastore.url, cluster.pagestore.url, token=token)
    try:
        assert lite.read(VOL_A, 1) == PAGE
        with pytest.raises(ForbiddenError, match="does not grant"):
            lite.read(VOL_B, 1)
    finally:
        lite.close()


def test_scoped_writer_token_pushes_to_its_volume(cluster: Cluster, tmp: Path) -> None:
    token = _create(tmp / "keys", "--volume", str(VOL_B), "--ttl", "1h")
    http = cluster.client(token)
    latest = http._call(
        http.meta, "/metastore/v1/snapshot", SnapshotRequest(vid=VOL_B), SnapshotInfo
    ).lsn
    assert http.commit(VOL_B, latest, 2, http.write(VOL_B, {2: PAGE})).lsn == latest + 1
    assert type(_error(lambda: http.write(VOL_A, {2: PAGE}))) is ForbiddenError


def test_expired_tampered_and_foreign_tokens_are_401(cluster: Cluster, tmp: Path) -> None:
    keys = TokenKeys.parse(FIRST)
    grant = Grant(frozenset([VOL_A]), read_only=True)
    expired = keys.sign(grant, ttl_s=60, now=time.time() - 120)
    valid = keys.sign(grant, ttl_s=3600)
    widened = keys.sign(Grant(None, read_only=False), ttl_s=3600).split(".")[1]
    header, _, signature = valid.split(".")
    tampered = f"{header}.{widened}.{signature}"
    foreign = TokenKeys.parse(new_key_line("other")).sign(grant, ttl_s=3600)
    for token, message in (
        (expired, "expired at"),
        (tampered, "signature does not verify"),
        (foreign, "key id 'other'"),
    ):
        http = cluster.client(token)
        for call in (lambda h=http: h.read(VOL_A, 1, [1]), lambda h=http: h.write(VOL_A, {})):
            error = _error(call)
            assert type(error) is AuthError and message in str(error), error
    assert cluster.client(valid).read(VOL_A, 1, [1]) == {1: PAGE}


def test_rotating_keys_by_restarting_on_the_same_data(cluster: Cluster, tmp: Path) -> None:
    old = _create(tmp / "keys", "--all-volumes", "--read-only")
    (tmp / "keys").write_text(f"{FIRST}\n{SECOND}\n")
    _restart(cluster)
    new = _create(tmp / "keys", "--all-volumes", "--read-only")
    assert new.split(".")[0] != old.split(".")[0]  # another kid in the header
    for token in (old, new):
        assert cluster.client(token).read(VOL_A, 1, [1]) == {1: PAGE}
    (tmp / "keys").write_text(f"{SECOND}\n")
    _restart(cluster)
    assert cluster.client(new).read(VOL_A, 1, [1]) == {1: PAGE}
    error = _error(lambda: cluster.client(old).read(VOL_A, 1, [1]))
    assert type(error) is AuthError and "'first'" in str(error)
    assert cluster.client(ADMIN).read(VOL_A, 1, [1]) == {1: PAGE}  # static tokens still work


def _restart(cluster: Cluster) -> None:
    cluster.metastore.restart()
    metastore_arg = cluster.pagestore.command.index("--metastore") + 1
    cluster.pagestore.command[metastore_arg] = cluster.metastore.url
    cluster.pagestore.restart()


def test_graft_serve_passes_the_keys_to_both_servers(tmp_path: Path) -> None:
    (tmp_path / "keys").write_text(f"{FIRST}\n")
    ready = tmp_path / "ready.json"
    argv = [str(GRAFT), "serve", "--data-dir", str(tmp_path / "data"), "--ready-file", str(ready)]
    argv += ["--metastore-port", "0", "--pagestore-port", "0"]
    proc = subprocess.Popen([*argv, "--token-key-file", str(tmp_path / "keys")], env=clean_env())
    try:
        urls = wait_until(lambda: ready.exists() and json.loads(ready.read_text()), 60, "ready")
        vid = VolumeId.random()
        token = _create(tmp_path / "keys", "--volume", str(vid), "--ttl", "1h")
        writer = GraftHttp(urls["metastore"], urls["pagestore"], token)
        assert writer.commit(vid, None, 1, writer.write(vid, {1: PAGE})).lsn == 1
        assert writer.read(vid, 1, [1]) == {1: PAGE}
        anonymous = GraftHttp(urls["metastore"], urls["pagestore"])
        for call in (lambda: anonymous.read(vid, 1, [1]), lambda: anonymous.commit(vid, 1, 1, [])):
            assert type(_error(call)) is AuthError
        writer.close()
        anonymous.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--volume", "nope", "--ttl", "7d"], "invalid VolumeId 'nope'"),
        (["--volume", str(VOL_A), "--ttl", "7 days"], "invalid duration '7 days'"),
        (["--ttl", "7d"], "give --volume VID (repeatable) or --all-volumes: which volumes"),
        (["--volume", str(VOL_A), "--all-volumes"], "--all-volumes, not both"),
    ],
)
def test_create_refuses_bad_input_with_one_line(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "keys").write_text(FIRST)
    proc = graft("token", "create", "--key-file", str(tmp_path / "keys"), *args, data_dir=None)
    assert proc.returncode == 2 and not proc.stdout
    assert len(stderr_lines(proc)) == 1 and message in proc.stderr.decode()


def test_create_needs_keys_and_reads_them_from_the_environment(tmp_path: Path) -> None:
    missing = graft("token", "create", "--all-volumes", data_dir=None)
    assert missing.returncode == 2 and len(stderr_lines(missing)) == 1
    assert "GRAFT_TOKEN_KEYS" in missing.stderr.decode()
    unreadable = graft(
        "token", "create", "--all-volumes", "--key-file", "/nonexistent", data_dir=None
    )
    assert unreadable.returncode == 2 and len(stderr_lines(unreadable)) == 1
    env = clean_env(GRAFT_TOKEN_KEYS=f"{FIRST},{SECOND}")
    token = ok("token", "create", "--volume", str(VOL_A), data_dir=None, env=env).decode().strip()
    assert TokenKeys.parse(SECOND).verify(token, time.time()) == Grant(
        frozenset([VOL_A]), read_only=False
    )


def test_new_key_lines_are_usable_keys() -> None:
    line = ok("token", "new-key", "--kid", "k2027", data_dir=None).decode().strip()
    assert TokenKeys.parse(line).signing_kid == "k2027"
    default = ok("token", "new-key", data_dir=None).decode().strip()
    assert TokenKeys.parse(default).signing_kid.startswith("k")
    bad = graft("token", "new-key", "--kid", "a b", data_dir=None)
    assert bad.returncode == 2 and len(stderr_lines(bad)) == 1


def test_a_push_the_token_may_not_make_says_so_in_status(cluster: Cluster, tmp: Path) -> None:
    """A read-only token's push is refused (403): status said "a push was cut off: `graft
    push` finishes it", which fails the same way until the token changes."""
    device = tmp / "reader-device"
    vid = ok("volume", "create", data_dir=device).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=device)
    token = _create(tmp / "keys", "--volume", vid, "--read-only", "--ttl", "1h")
    servers = {"GRAFT_METASTORE": cluster.metastore.url, "GRAFT_PAGESTORE": cluster.pagestore.url}
    env = clean_env(**servers, GRAFT_TOKEN=token)
    refused = graft("push", vid, data_dir=device, env=env)
    assert refused.returncode != 0 and "ForbiddenError" not in refused.stderr.decode()
    status = json.loads(ok("status", vid, "--json", data_dir=device, env=env))
    assert status["status"] == "interrupted_push"
    assert status["next_step"] == (
        "the servers refused this client's token (last_error): give a token that may write "
        f"volume {vid} (--token, GRAFT_TOKEN or token in graft.toml), then `graft push {vid}`"
    )
