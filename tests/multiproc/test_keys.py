"""Encrypted volumes from attached processes (issues 16 and 18): the owner seals and opens
their pages with the key-encryption key the attached process gave it, so a daemon without a
key pushes what an app with one commits, and a second device with the key reads it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client, Key
from tests.cli.runner import ok, ok_json, servers_env
from tests.crypto.support import holders_of
from tests.multiproc.conftest import running_daemon
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.polling import wait_until
from tests.sync.support import write_pages

SECRET = "nobody but the key holder reads this"


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(tmp_path / "cluster") as started:
        yield started


def _client(cluster: Cluster, data_dir: Path, key: Key | None = None) -> Client:
    return Client(
        data_dir, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url, key=key
    )


def _secret(n: int) -> bytes:
    return f"{SECRET} {n}".encode().ljust(4096, b".")


def test_an_attached_process_with_a_key_pushes_through_an_owner_without_one(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    key = Key.from_bytes(Key.generate())
    with (
        _client(own_cluster, tmp_path / "a") as owner,
        _client(own_cluster, tmp_path / "a") as attached,
    ):
        assert not attached.is_owner and owner.session.keys.default is None
        volume = attached.create_volume(encryption=key)
        write_pages(volume, {1: _secret(1)})
        assert volume.push() == 1  # sealed in the owner, with the key this process gave it
        first = volume.key_ids()
        assert volume.rotate_key() not in first
        write_pages(volume, {2: _secret(2)})
        assert volume.push() == 2
        assert owner.local_volume(volume.vid).key_ids() == volume.key_ids()
    with (
        _client(own_cluster, tmp_path / "b") as owner,
        _client(own_cluster, tmp_path / "b", key) as b,
    ):
        # A second device: its owner has no key either; the attached process opens the clone.
        clone = b.open_volume(volume.vid)
        with clone.reader() as reader:
            assert [reader.read(1), reader.read(2)] == [_secret(1), _secret(2)]
        assert len(clone.key_ids()) == 2
        assert owner.local_volume(volume.vid).missing_pages() == 0
    assert holders_of(tmp_path / "cluster", SECRET.encode()) == []


def test_the_cli_with_a_key_next_to_a_daemon_without_one(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(own_cluster.metastore.url, own_cluster.pagestore.url)
    device = tmp_path / "device"
    key_file = tmp_path / "kek"
    ok("key", "generate", key_file, data_dir=device, env=env)
    keyed = ["--key-file", str(key_file)]
    with running_daemon(device, env) as daemon:
        created = ok(*keyed, "volume", "create", "--encrypt", data_dir=device, env=env)
        vid = created.decode().strip()
        ok(*keyed, "write", vid, "1", "--fill", "0x41", data_dir=device, env=env)
        ok(*keyed, "key", "rotate", vid, data_dir=device, env=env)
        ok(*keyed, "write", vid, "2", "--fill", "0x42", data_dir=device, env=env)

        def pushed() -> bool:
            found = ok_json("status", vid, data_dir=device, env=env)
            return bool(found["local_lsn"] == 2 and found["unpushed_commits"] == 0)

        wait_until(pushed, 60, "the daemon to push the CLI's encrypted commits")
        assert ok_json("status", vid, data_dir=device, env=env)["owner_pid"] == daemon.proc.pid
    with _client(own_cluster, tmp_path / "other", Key.from_file(key_file)) as other:
        volume = other.open_volume(vid)
        with volume.reader() as reader:
            assert [reader.read(1), reader.read(2)] == [b"A" * 4096, b"B" * 4096]
        assert len(volume.key_ids()) == 2
