"""``graft log --remote``: the servers' commits with their time and commit hash."""

from __future__ import annotations

import time
from pathlib import Path

from graft_client import Client
from graft_core.commit_hash import commit_hash
from tests.cli.runner import ok, ok_json, servers_env
from tests.pagestore.cluster import Cluster


def test_remote_log_shows_times_and_commit_hashes(cluster: Cluster, tmp_path: Path) -> None:
    ms, ps = cluster.metastore.url, cluster.pagestore.url
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    first, second = b"a" * 4096, b"b" * 4096
    before_ms = time.time_ns() // 1_000_000
    with Client(tmp_path, metastore=ms, pagestore=ps) as client:
        volume = client.create_volume()
        client.tag("log", volume.vid)
        with volume.writer() as writer:
            writer.write(1, first)
            writer.write(2, first)
        volume.push()
        with volume.writer() as writer:
            writer.write(2, second)
        volume.push()
        vid = volume.vid
    after_ms = time.time_ns() // 1_000_000
    entries = ok_json("log", "log", "--remote", data_dir=tmp_path, env=env)
    assert [e["lsn"] for e in entries] == [2, 1]
    # The hash each push computed over its pages (graft_core.commit_hash), as the metastore
    # stored it.
    assert entries[1]["commit_hash"] == commit_hash(vid, None, 2, [(1, first), (2, first)]).hex()
    assert entries[0]["commit_hash"] == commit_hash(vid, 1, 2, [(2, second)]).hex()
    assert all(before_ms <= e["ts_ms"] <= after_ms for e in entries)
    text = ok("log", "log", "--remote", data_dir=tmp_path, env=env).decode().splitlines()
    assert text[0].split() == ["LSN", "TIME", "PAGES", "SEGMENTS", "HASH"]
    assert text[1].split()[0] == "2" and text[1].split()[-1] == entries[0]["commit_hash"][:16]
    assert ok_json("log", "log", "--remote", "--limit", "1", data_dir=tmp_path, env=env) == [
        entries[0]
    ]
