"""Tags: names for volumes per data dir, accepted wherever a volume id is (API, CLI, SQLite)."""

from __future__ import annotations

import time
from pathlib import Path
from subprocess import CompletedProcess

import apsw
import pytest

from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_core.errors import (
    InvalidIdError,
    InvalidTagError,
    TagInUseError,
    UnknownTagError,
    VolumeNotFoundError,
)
from graft_core.ids import ClientId, VolumeId
from graft_core.tokens import TokenKeys
from tests.cli.runner import graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import device, scalar


def test_a_tag_names_a_volume_across_restarts(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vol = client.create_volume()
        other = client.create_volume()
        assert client.tag("notes", str(vol.vid)) == vol.vid
        client.tag("work.v2", other.vid)
        with client.open_volume("notes").writer() as writer:
            writer.write(1, b"n" * 4096)
    with Client(tmp_path) as client:
        assert client.tags() == {"notes": vol.vid, "work.v2": other.vid}
        assert client.resolve("notes") == vol.vid
        assert client.local_volume("notes").reader().read(1) == b"n" * 4096
        client.tag("notes", "work.v2")  # a tag moves; a tag may name the volume by its tag
        assert client.resolve("notes") == other.vid
        assert client.untag("notes") == other.vid
        assert client.tags() == {"work.v2": other.vid}
        with pytest.raises(UnknownTagError, match="no tag 'notes'"):
            client.untag("notes")
        assert len(client.volumes()) == 2  # untagging leaves the volumes


BAD_NAMES = {
    "empty": "",
    "space": "my notes",
    "slash": "a/b",
    "leading dash": "-x",
    "leading dot": ".x",
    "too long": "n" * 65,
    "reserved": "new",
    "volume id": str(VolumeId.random()),
    "client id": str(ClientId.random()),  # any id shape: it would be parsed as an id
    "non-ascii": "notés",
}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_bad_tag_names_are_refused_and_nothing_changes(name: str, tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vid = client.create_volume().vid
        client.tag("kept", vid)
        with pytest.raises(InvalidTagError, match="invalid tag"):
            client.tag(name, vid)
        assert client.tags() == {"kept": vid}
    proc = graft("tag", "set", "--", name, str(vid), data_dir=tmp_path)
    assert proc.returncode == 2
    lines = stderr_lines(proc)
    assert len(lines) == 1 and lines[0].startswith("error: invalid tag"), lines
    assert ok_json("tag", "list", data_dir=tmp_path) == [
        {"tag": "kept", "vid": str(vid), "local": True}
    ]


def test_unknown_tags_are_clear_errors(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        with pytest.raises(UnknownTagError, match=r"neither a volume id .* nor a tag"):
            client.open_volume("nope")
        with pytest.raises(InvalidIdError, match="expected 22 base58"):
            client.tag("x", "nope nope")  # neither an id nor a possible tag
        with pytest.raises(UnknownTagError):
            client.tag("x", "nope")
        assert client.tags() == {} and client.volumes() == []
    for args in (("volume", "status", "nope"), ("read", "nope", "1"), ("tag", "rm", "nope")):
        proc = graft(*args, data_dir=tmp_path)
        assert proc.returncode == 2, args
        lines = stderr_lines(proc)
        assert len(lines) == 1 and "nope" in lines[0] and "tag" in lines[0], lines
    with device(tmp_path) as dev, pytest.raises(apsw.CantOpenError, match="nor a tag"):
        dev.connect("nope")


def test_a_tag_of_a_deleted_volume(cluster: Cluster, tmp_path: Path) -> None:
    with Client(tmp_path / "alone") as client:
        vid = client.create_volume().vid
        client.tag("gone", vid)
        client.delete_volume("gone")
        assert client.tags() == {"gone": vid}  # the name stays: the servers may have it
        with pytest.raises(VolumeNotFoundError, match=f"volume {vid} does not exist"):
            client.open_volume("gone")
    assert ok_json("tag", "list", data_dir=tmp_path / "alone") == [
        {"tag": "gone", "vid": str(vid), "local": False}
    ]
    assert b"(not here)" in ok("tag", "list", data_dir=tmp_path / "alone")
    proc = graft("volume", "status", "gone", data_dir=tmp_path / "alone")
    assert proc.returncode == 2 and f"volume {vid} does not exist" in proc.stderr.decode()
    # With servers, a pushed volume comes back through its tag.
    ms, ps = cluster.metastore.url, cluster.pagestore.url
    with Client(tmp_path / "synced", metastore=ms, pagestore=ps) as client:
        vol = client.create_volume()
        with vol.writer() as writer:
            writer.write(1, b"p" * 4096)
        vol.push()
        client.tag("pushed", vol.vid)
        client.delete_volume("pushed")
        assert client.open_volume("pushed").reader().read(1) == b"p" * 4096


def test_sqlite_opens_tags_and_read_only_lsns(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        db = dev.connect()
        dev.client.tag("notes", db.filename)
        db.execute("create table t (x)")
        db.execute("insert into t values (1)")
        first = dev.client.resolve("notes")
        old_lsn = dev.client.local_volume(first).latest_lsn()
        db.execute("insert into t values (2)")
        by_tag = dev.connect("notes")
        assert by_tag.filename == db.filename  # the tag becomes the volume id
        assert scalar(by_tag, "select count(*) from t", int) == 2
        uri = apsw.SQLITE_OPEN_URI | apsw.SQLITE_OPEN_READWRITE
        old = apsw.Connection(f"file:notes?vfs={dev.vfs}&lsn={old_lsn}", flags=uri)
        assert scalar(old, "select count(*) from t", int) == 1
        with pytest.raises(apsw.ReadOnlyError):
            old.execute("insert into t values (3)")
        db.execute("insert into t values (3)")  # the pinned connection does not move
        assert scalar(old, "select count(*) from t", int) == 1
        assert scalar(by_tag, "select count(*) from t", int) == 3
        for bad, why in (("0", "not an LSN"), ("x", "not an LSN"), ("99", "has no LSN 99")):
            with pytest.raises(apsw.CantOpenError, match=why):
                apsw.Connection(f"file:notes?vfs={dev.vfs}&lsn={bad}", flags=uri)
        old.close()
        by_tag.close()
        db.close()


def test_cli_commands_take_tags(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    assert ok("tag", "set", "pad", vid, data_dir=tmp_path, env=env).decode() == (
        f"tagged {vid} as pad\n"
    )
    ok("write", "pad", "1", "--fill", "0x41", data_dir=tmp_path, env=env)
    assert ok("read", "pad", "1", data_dir=tmp_path, env=env) == b"A" * 4096
    assert ok_json("push", "pad", data_dir=tmp_path, env=env)["remote_lsn"] == 1
    assert ok("read", "pad", "1", "--remote", data_dir=tmp_path, env=env) == b"A" * 4096
    assert [e["lsn"] for e in ok_json("log", "pad", "--remote", data_dir=tmp_path, env=env)] == [1]
    assert ok_json("volume", "status", "pad", data_dir=tmp_path, env=env)["vid"] == vid
    db = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    ok("tag", "set", "db", db, data_dir=tmp_path, env=env)
    ok("sql", "db", "create table t (x)", "insert into t values (7)", data_dir=tmp_path, env=env)
    assert ok("sql", "db", "select x from t", data_dir=tmp_path, env=env).split() == [b"7"]
    assert ok("tag", "rm", "pad", data_dir=tmp_path, env=env).decode() == (
        f"removed tag pad of {vid}\n"
    )
    assert ok_json("tag", "list", data_dir=tmp_path, env=env) == [
        {"tag": "db", "vid": db, "local": True}
    ]


def _refused(proc: CompletedProcess[bytes], *mentions: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = stderr_lines(proc)
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    for word in mentions:
        assert word in lines[0], (word, lines[0])


def test_commands_that_make_a_volume_refuse_a_tag_in_use(cluster: Cluster, tmp_path: Path) -> None:
    """``graft import --tag app`` and ``graft fork --tag app`` moved an existing tag ``app`` to
    the new volume without a word; they refuse now, before anything is made, unless
    ``--move-tag`` (``graft tag set`` is the command that moves a tag)."""
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    data = tmp_path / "data"
    (tmp_path / "app.bin").write_bytes(b"a" * 5000)
    app = ok("import", tmp_path / "app.bin", "--tag", "app", data_dir=data, env=env)
    app_vid = app.decode().strip()
    ok("push", "app", data_dir=data, env=env)
    for command in (("import", tmp_path / "app.bin"), ("fork", app_vid)):
        _refused(graft(*command, "--tag", "app", data_dir=data, env=env), "app", app_vid)
        assert len(ok_json("volume", "list", data_dir=data, env=env)) == 1  # nothing made
        assert ok_json("tag", "list", data_dir=data, env=env)[0]["vid"] == app_vid
    moved = ok("fork", app_vid, "--tag", "app", "--move-tag", data_dir=data, env=env)
    fork_vid = moved.decode().strip()
    assert ok_json("tag", "list", data_dir=data, env=env)[0]["vid"] == fork_vid
    again = ok("import", tmp_path / "app.bin", "--tag", "app", "--move-tag", data_dir=data, env=env)
    assert ok_json("tag", "list", data_dir=data, env=env)[0]["vid"] == again.decode().strip()
    with Client(data) as client:
        before = client.volumes()
        with pytest.raises(
            TagInUseError, match=f"tag 'app' already names volume {again.decode().strip()}"
        ):
            import_file(client, tmp_path / "app.bin", tag="app")
        with pytest.raises(TagInUseError):
            client.tag("app", app_vid, move=False)
        assert client.volumes() == before and client.resolve("app") == VolumeId.parse(
            again.decode().strip()
        )
        assert client.tag("app", "app", move=False) == client.resolve("app")  # already its own


def test_token_scopes_take_tags(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text(ok("token", "new-key", data_dir=None).decode())
    data = tmp_path / "data"
    with Client(data) as client:
        vid = client.create_volume().vid
        client.tag("scoped", vid)
    token = ok("token", "create", "--volume", "scoped", "--key-file", keys, data_dir=data)
    grant = TokenKeys.parse(keys.read_text()).verify(token.decode().strip(), time.time())
    assert grant.volumes == frozenset({vid})
    # An unknown tag, where there is no data directory: one line, and none is created.
    missing = tmp_path / "missing"
    proc = graft("token", "create", "--volume", "nope", "--key-file", keys, data_dir=missing)
    lines = stderr_lines(proc)
    assert proc.returncode == 2 and len(lines) == 1 and "nor a tag" in lines[0], lines
    assert not missing.exists()
