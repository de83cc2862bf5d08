"""What only the durable local-file store promises: no visible temp files, persistence, paths."""

from __future__ import annotations

import errno
import os
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from graft_core import objstore
from graft_core.errors import InvalidInputError, StorageError
from graft_core.objstore import LocalStore, MemoryStore, ObstoreBackend, open_store


def test_temp_files_never_remain(tmp_path: Path) -> None:
    store = LocalStore(tmp_path)

    def write(number: int) -> None:
        store.put(f"a/{number % 4}", b"x" * number)
        store.put_if_absent(f"b/{number % 3}", b"y" * number)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(write, range(40)))
    assert os.listdir(tmp_path / ".graft-tmp") == []
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert files == ["a/0", "a/1", "a/2", "a/3", "b/0", "b/1", "b/2"]
    assert [meta.key for meta in store.list("")] == files


def test_crash_leftovers_are_invisible_and_stale_ones_removed(tmp_path: Path) -> None:
    LocalStore(tmp_path).put("k", b"v")
    stale = tmp_path / ".graft-tmp" / "stale"
    fresh = tmp_path / ".graft-tmp" / "fresh"
    stale.write_bytes(b"half a segm")
    fresh.write_bytes(b"in flight")
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    store = LocalStore(tmp_path)
    assert not stale.exists()
    assert fresh.exists()  # may belong to a live writer in another process
    assert [meta.key for meta in store.list("")] == ["k"]
    with pytest.raises(InvalidInputError):
        store.put(".graft-tmp/fresh", b"x")


def test_objects_persist_across_reopen_and_url_forms(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "root")) as store:
        store.put("segments/s1", b"segment bytes")
    with open_store(f"file://{tmp_path / 'root'}") as store:
        assert isinstance(store, LocalStore)
        assert store.get("segments/s1") == b"segment bytes"
    assert (tmp_path / "root" / "segments" / "s1").read_bytes() == b"segment bytes"


def test_a_key_cannot_also_be_a_directory(tmp_path: Path) -> None:
    store = LocalStore(tmp_path)
    store.put("a/b", b"1")
    with pytest.raises(InvalidInputError):
        store.put("a", b"2")
    store.put("c", b"3")
    with pytest.raises(InvalidInputError):
        store.put_if_absent("c/d", b"4")
    store.delete("a")  # a prefix is not an object: nothing to delete
    assert store.get("a/b") == b"1"


@pytest.mark.parametrize("url", ["ftp://x/y", "file://otherhost/x", "http://127.0.0.1/x"])
def test_unsupported_urls_are_rejected(url: str) -> None:
    with pytest.raises(InvalidInputError):
        open_store(url)


def test_url_schemes_pick_backends(tmp_path: Path) -> None:
    assert isinstance(open_store("memory://"), MemoryStore)
    env = {"AWS_ENDPOINT_URL": "http://127.0.0.1:9", "AWS_ALLOW_HTTP": "true"}
    assert isinstance(open_store("s3://bucket/prefix", env=env), ObstoreBackend)


def test_unreachable_s3_is_a_storage_error() -> None:
    # A bound socket that never listens refuses every connection, and nobody else can take it.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        env = {
            "AWS_ENDPOINT_URL": f"http://127.0.0.1:{port}",
            "AWS_ACCESS_KEY_ID": "k",
            "AWS_SECRET_ACCESS_KEY": "s",
            "AWS_ALLOW_HTTP": "1",
        }
        store = open_store("s3://bucket", env=env)
        started = time.monotonic()
        with pytest.raises(StorageError):
            store.get("segments/x")
        with pytest.raises(StorageError):
            store.put_if_absent("segments/x", b"x")
        assert time.monotonic() - started < 30


def test_put_if_absent_syncs_an_object_it_finds_before_answering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write whose directory sync failed was not acknowledged, and its object is removed; one
    left behind anyway (a crash before the sync) is synced before a retry hears "exists", which
    the metastore acknowledges as a replay: the entry must be durable first."""
    store = LocalStore(tmp_path)
    key, log_dir = "volumes/v/log/1", store.root / "volumes" / "v" / "log"

    def failing(directory: Path) -> None:
        raise OSError(errno.EIO, "injected", str(directory))

    monkeypatch.setattr(objstore, "fsync_dir", failing)
    with pytest.raises(StorageError):
        store.put_if_absent(key, b"ours")
    assert not (log_dir / "1").exists()

    (log_dir / "1").write_bytes(b"ours")  # as a writer that crashed before its sync left it
    synced: list[Path] = []
    monkeypatch.setattr(objstore, "fsync_dir", synced.append)
    assert store.put_if_absent(key, b"ours") is False
    assert synced == [log_dir]
