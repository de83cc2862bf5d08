"""Direct mode with the rest of the client: autosync, the SQLite VFS, forks, encryption, and a
store that is not there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from graft_client import Client, PullOutcome
from graft_client.sqlite import register, unregister
from graft_core.crypto import Key
from graft_core.errors import StorageUnavailableError
from tests.crypto.support import holders_of
from tests.direct.support import Remote
from tests.support.moto import MotoS3
from tests.sync.support import page, read_all, write_pages

MARKER = b"direct-mode-secret-marker"
GRAFT = str(Path(sys.executable).with_name("graft"))


def test_autosync_polls_the_store(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("one")})
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)
        a.start_autosync(wait_ms=2_000)
        b.start_autosync(wait_ms=2_000)
        write_pages(vol_a, {2: page("two")})  # pushed by A's autosync, polled by B's
        assert vol_b.wait_remote_lsn(2, timeout=30)
        assert read_all(vol_b, 2) == {1: page("one"), 2: page("two")}


def test_sqlite_through_the_vfs(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        register(a, "direct-a")
        register(b, "direct-b")
        try:
            db = apsw.Connection("new", vfs="direct-a")
            db.execute("create table notes(id integer primary key, body text)")
            db.execute("insert into notes(body) values ('from a'), ('also from a')")
            (info,) = a.volumes()
            vid = info.vid
            assert a.local_volume(vid).push() == 1
            db.close()
            other = apsw.Connection(str(vid), vfs="direct-b")  # cloned lazily from the store
            rows = other.execute("select body from notes order by id").fetchall()
            assert rows == [("from a",), ("also from a",)]
            other.close()
        finally:
            unregister("direct-a")
            unregister("direct-b")


def test_forks(remote: Remote, tmp_path: Path) -> None:
    base = {idx: page(f"base {idx}") for idx in range(1, 11)}
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        parent = a.create_volume()
        write_pages(parent, base)
        assert parent.push() == 1
        fork = parent.fork()
        write_pages(fork, {2: page("fork 2")})
        assert fork.push() == 2
        write_pages(parent, {3: page("parent 3")})  # after the fork: not the fork's
        parent.push()
        clone = b.open_volume(fork.vid)  # reads inherited pages through the parent
        assert read_all(clone, 10) == base | {2: page("fork 2")}
    with remote.lite() as lite:
        assert lite.read_many(fork.vid, [2, 3]) == {2: page("fork 2"), 3: base[3]}


def test_encrypted_volume_leaves_no_plaintext_in_the_store(tmp_path: Path) -> None:
    remote = Remote(f"file://{tmp_path / 'remote'}")
    key = Key.from_passphrase("direct mode passphrase")
    pages = {idx: (MARKER + b" %d" % idx).ljust(4096, b"-") for idx in range(1, 9)}
    with (
        Client(tmp_path / "a", remote=remote.url, key=key) as a,
        Client(tmp_path / "b", remote=remote.url, key=key) as b,
    ):
        volume = a.create_volume(encryption=True)
        write_pages(volume, pages)
        assert volume.push() == 1
        clone = b.open_volume(volume.vid)
        assert clone.encrypted and read_all(clone, 8) == pages
        write_pages(clone, {2: page("b 2")})
        assert clone.push() == 2
        assert volume.pull() is PullOutcome.APPLIED
        assert read_all(volume, 2)[2] == page("b 2")
    assert holders_of(tmp_path / "remote", MARKER) == []


def test_a_missing_bucket_is_one_clear_error(
    moto_s3: MotoS3, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in moto_s3.env.items():
        monkeypatch.setenv(name, value)
    url = "s3://no-such-bucket-for-graft/prefix"
    with Client(tmp_path / "a", remote=url) as client:
        volume = client.create_volume()
        write_pages(volume, {1: page("one")})
        with pytest.raises(StorageUnavailableError, match="no-such-bucket-for-graft"):
            volume.push()
        assert volume.snapshot() is not None  # the local commit is kept
    result = subprocess.run(
        [GRAFT, "--data-dir", str(tmp_path / "a"), "--remote", url, "push", str(volume.vid)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no-such-bucket-for-graft" in lines[0], result.stderr
