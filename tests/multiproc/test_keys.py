"""Encrypted volumes from attached processes (issues 16 and 18): the owner seals and opens
their pages with the key-encryption key the attached process gave it, so a daemon without a
key pushes what an app with one commits, and a second device with the key reads it."""

from __future__ import annotations

import fcntl
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from graft_client import Client, Key, VolumeStatus
from graft_client.sync.keyrings import VolumeKeys
from graft_core.errors import DataDirLockedError, KeyRequiredError
from graft_core.failpoints import armed
from graft_core.ids import VolumeId
from tests.cli.runner import ok, ok_json, servers_env
from tests.crypto.conftest import make_client
from tests.crypto.support import holders_of
from tests.multiproc.conftest import first_event, running_daemon, start_worker
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.polling import wait_until
from tests.sync.support import write_pages

SECRET = "nobody but the key holder reads this"


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(tmp_path / "cluster") as started:
        yield started


def _urls(cluster: Cluster) -> tuple[str, str]:
    return cluster.metastore.url, cluster.pagestore.url


def _secret(n: int) -> bytes:
    return f"{SECRET} {n}".encode().ljust(4096, b".")


def test_an_attached_process_with_a_key_pushes_through_an_owner_without_one(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    key = Key.from_bytes(Key.generate())
    with (
        make_client(own_cluster, tmp_path / "a") as owner,
        make_client(own_cluster, tmp_path / "a") as attached,
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
        make_client(own_cluster, tmp_path / "b") as owner,
        make_client(own_cluster, tmp_path / "b", key) as b,
    ):
        # A second device: its owner has no key either; the attached process opens the clone.
        clone = b.open_volume(volume.vid)
        with clone.reader() as reader:
            assert [reader.read(1), reader.read(2)] == [_secret(1), _secret(2)]
        assert len(clone.key_ids()) == 2
        assert owner.local_volume(volume.vid).missing_pages() == 0
    with (
        make_client(own_cluster, tmp_path / "c") as owner,
        make_client(own_cluster, tmp_path / "c") as keyless,
        pytest.raises(KeyRequiredError, match=f"owner of the data dir, pid {os.getpid()}"),
    ):
        keyless.open_volume(volume.vid)  # no process of this device has the key
    assert holders_of(tmp_path / "cluster", SECRET.encode()) == []


def test_the_cli_with_a_key_next_to_a_daemon_without_one(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(*_urls(own_cluster))
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
    with make_client(own_cluster, tmp_path / "other", Key.from_file(key_file)) as other:
        volume = other.open_volume(vid)
        with volume.reader() as reader:
            assert [reader.read(1), reader.read(2)] == [b"A" * 4096, b"B" * 4096]
        assert len(volume.key_ids()) == 2


def test_a_new_owner_without_a_key_gets_it_again_after_a_takeover(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    """The owner dies and the keyless process takes over: the keyed process gives it the key
    it gave the last owner, so its commits are sealed and pushed."""
    key = Key.from_bytes(Key.generate())
    with make_client(own_cluster, tmp_path) as first:
        vid = first.create_volume().vid
    owner = start_worker("churn", tmp_path, vid, 1, 0, env=servers_env(*_urls(own_cluster)))
    try:
        assert first_event(owner, "open") == ["owner"]
        with (
            make_client(own_cluster, tmp_path) as keyless,
            make_client(own_cluster, tmp_path, key) as keyed,
        ):
            volume = keyed.create_volume(encryption=True)
            write_pages(volume, {1: _secret(1)})
            with _losing_the_race(keyed, tmp_path / "elsewhere"):
                os.kill(owner.proc.pid, signal.SIGKILL)
                owner.proc.wait(timeout=30)
                wait_until(lambda: keyed.owner_pid == os.getpid(), 30, "the keyless takeover")
            assert keyless.is_owner and not keyed.is_owner
            write_pages(volume, {2: _secret(2)})
            assert volume.push() == 1
    finally:
        if owner.proc.poll() is None:
            owner.proc.kill()
    with (
        make_client(own_cluster, tmp_path / "other", key) as other,
        other.open_volume(volume.vid).reader() as reader,
    ):
        assert [reader.read(1), reader.read(2)] == [_secret(1), _secret(2)]
    assert holders_of(tmp_path / "cluster", SECRET.encode()) == []


@contextmanager
def _losing_the_race(client: Client, elsewhere: Path) -> Iterator[None]:
    """Within: ``client`` loses every race for its data dir's lock (it tries one held here)."""
    elsewhere.mkdir()
    held = os.open(elsewhere, os.O_RDONLY | os.O_DIRECTORY)
    stand_in = os.open(elsewhere, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(held, fcntl.LOCK_EX)
    real, client.shared._fd = client.shared._fd, stand_in
    try:
        yield
    finally:
        client.shared._fd = real
        os.close(stand_in)
        os.close(held)


def test_a_process_does_not_attach_to_an_owner_of_another_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys and pages go over the owner's socket, which has no file permissions: an opener
    checks the owner's uid (as the owner checks the opener's) before it sends anything."""
    with Client(tmp_path) as owner:
        assert owner.is_owner
        monkeypatch.setattr(os, "getuid", lambda: os.geteuid() + 1)  # as another user sees it
        with pytest.raises(DataDirLockedError, match="not this user's: not attaching"):
            Client(tmp_path, key=Key.from_bytes(Key.generate()))


def test_a_keyed_daemon_next_to_a_keyless_app_gets_its_volumes_pushed(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    """``graft daemon`` started after an app asks the app (the owner) to sync every volume: it
    gives it its key for them, so the app seals what it pushes of volumes it never opened."""
    raw = Key.generate()
    with make_client(own_cluster, tmp_path / "device", Key.from_bytes(raw)) as before:
        volume = before.create_volume(encryption=True)
        write_pages(volume, {1: _secret(1)})
    with make_client(own_cluster, tmp_path / "device") as app:
        env = servers_env(*_urls(own_cluster), GRAFT_KEY=raw.hex())
        with running_daemon(tmp_path / "device", env):
            mine = app.local_volume(volume.vid)

            def pushed() -> bool:
                snapshot = mine.snapshot()
                return snapshot is not None and snapshot.remote is not None

            wait_until(pushed, 30, "the app to push for the daemon")
            assert mine.errors() == []
    with (
        make_client(own_cluster, tmp_path / "other", Key.from_bytes(raw)) as other,
        other.open_volume(volume.vid).reader() as reader,
    ):
        assert reader.read(1) == _secret(1)


def test_the_owner_keeps_a_key_given_for_a_volume_over_a_processs_default() -> None:
    vid = VolumeId.random()
    raw = Key.generate()
    given = Key.from_bytes(raw)
    default, other = (Key.from_bytes(Key.generate()) for _ in range(2))
    keys = VolumeKeys(Key.from_bytes(Key.generate()))  # the owner's own default key
    keys.adopt(vid, default, replace=False)  # fills in over the owner's default
    assert keys.kek(vid) is default
    keys.adopt(vid, given, replace=True)
    keys.adopt(vid, other, replace=False)  # another process's default: the given key stays
    assert keys.kek(vid) is given
    keys.adopt(vid, Key.from_bytes(raw), replace=True)
    assert keys.kek(vid) is given  # the same key again: kept, with what it derived


def test_a_rotation_in_another_process_while_a_push_runs_is_not_refused(
    cluster: Cluster, tmp_path: Path, gate: Path
) -> None:
    """The daemon pushes what an app commits, at once: a ``graft key rotate`` right after a
    commit found the push's pending mark and was refused as "an interrupted push" (found as a
    flaky test of the CLI beside a daemon). A push keeps the key it began with, so a rotation
    needs no wait either: it returns while the push is held, and the push then lands."""
    key = Key.from_bytes(Key.generate())
    with make_client(cluster, tmp_path, key) as owner, make_client(cluster, tmp_path, key) as app:
        volume = owner.create_volume(encryption=True)
        write_pages(volume, {1: b"A" * 4096})
        with armed("push.before_commit", "pause"):  # in this process only
            pushing = threading.Thread(target=volume.push)
            pushing.start()
            wait_until(lambda: list(gate.glob("push.before_commit.*")) or None, 10, "the push")
            assert app.local_volume(volume.vid).rotate_key() == 2
            (gate / "push.before_commit.resume").touch()
            pushing.join(30)
        assert volume.status() is VolumeStatus.OK
        assert volume.key_ids() == [1, 2]
        write_pages(volume, {2: b"B" * 4096})
        assert volume.push() is not None
    with (
        make_client(cluster, tmp_path / "other", key) as other,
        other.open_volume(volume.vid).reader() as reader,
    ):
        assert [reader.read(1), reader.read(2)] == [b"A" * 4096, b"B" * 4096]
