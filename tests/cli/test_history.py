"""``graft fork``, ``graft revert`` and ``graft diff`` through the real entry point, on a SQLite
volume; bad input exits 2 with one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import apsw

from graft_client import Client
from graft_client.sqlite.registry import register, unregister
from graft_core.ids import VolumeId
from tests.cli.runner import graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster


def _sql(client: Client, vid: VolumeId | str, *statements: str) -> list[tuple[object, ...]]:
    register(client, "graft-cli-test")
    try:
        db = apsw.Connection(str(vid), vfs="graft-cli-test")
        rows: list[tuple[object, ...]] = []
        for statement in statements:
            rows = list(db.execute(statement))
        db.close()
        return rows
    finally:
        unregister("graft-cli-test")


def _client(cluster: Cluster, data: Path) -> Client:
    return Client(data, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)


def test_fork_diff_revert_a_sqlite_volume(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    data = tmp_path / "d"
    with _client(cluster, data) as client:
        vid = client.create_volume().vid
        _sql(
            client,
            vid,
            "create table notes(id integer primary key, body text)",
            "create table tags(name text)",
            "with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) "
            "insert into notes(body) select printf('note %d', i) from n",
        )
        client.local_volume(vid).push()
    child = ok("fork", str(vid), data_dir=data, env=env).decode().strip()
    VolumeId.parse(child)
    status = ok_json("volume", "status", child, data_dir=data, env=env)
    assert status["origin"] == {"vid": str(vid), "lsn": 1}
    assert f"fork of {vid}" in ok("volume", "status", child, data_dir=data, env=env).decode()
    with _client(cluster, data) as client:
        before = client.local_volume(child).latest_lsn()
        _sql(client, child, "update notes set body = 'edited' where id = 7")
        after = client.local_volume(child).latest_lsn()
        # The parent's rows, read through the fork without copying them.
        assert _sql(client, child, "select count(*), sum(body = 'edited') from notes") == [(300, 1)]
        assert _sql(client, vid, "select count(*) from notes where body = 'edited'") == [(0,)]

    diff = ok_json("diff", child, str(before), str(after), data_dir=data, env=env)
    # The row's leaf; page 1 changed nothing but its change counter, which is not stored.
    assert diff["pages_changed"] >= 1 and "notes" in diff["tables"] and "tags" not in diff["tables"]
    text = ok("diff", child, str(before), str(after), data_dir=data, env=env).decode()
    assert "notes:" in text and "changed:" in text

    reverted = ok_json("revert", child, "--lsn", str(before), data_dir=data, env=env)
    assert reverted["committed"] and reverted["lsn"] == after + 1
    with _client(cluster, data) as client:
        assert _sql(client, child, "select count(*) from notes where body = 'edited'") == [(0,)]
        assert _sql(client, child, "pragma integrity_check") == [("ok",)]

    for args in (
        ("fork", str(VolumeId.random())),  # unknown volume
        ("fork", vid, "--lsn", "99"),  # beyond the latest
        ("revert", child, "--lsn", "0"),
        ("revert", child, "--lsn", "99"),
        ("diff", child, "3", "2"),
        ("fork", vid, "--tag", "no spaces"),  # a bad tag: refused before any fork exists
    ):
        proc = graft(*args, data_dir=data, env=env)
        assert proc.returncode == 2, (args, proc.stderr)
        assert len(stderr_lines(proc)) == 1 and b"Traceback" not in proc.stderr
    with _client(cluster, data) as client:
        assert client.local_volume(child).latest_lsn() == after + 1
        assert len(client.volumes()) == 2

    tagged = ok("fork", "--tag", "try-it", str(vid), data_dir=data, env=env).decode().strip()
    assert ok("fork", "try-it", data_dir=data, env=env)  # the tag names the fork everywhere
    with _client(cluster, data) as client:
        assert client.resolve("try-it") == VolumeId.parse(tagged)
        assert client.local_volume("try-it").origin == (vid, 1)
