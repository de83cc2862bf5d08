"""The client's RocksDB on a real 3 MB tmpfs that fills up: typed errors, nothing acknowledged lost.

A commit on the full disk raises ``StorageFullError`` (not rocksdict's bare ``Exception``) and
commits nothing; what was committed before stays readable. RocksDB refuses writes until it is
reopened, so after space is freed the client is closed (its close reports the earlier failure,
typed, and still releases the data dir) and reopened, and then holds every acknowledged commit
and commits again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from rocksdict import Rdict, WriteBatch

from graft_client import Client
from graft_client.storage import db as storage_db
from graft_client.volume import Volume
from graft_core.errors import StorageError, StorageFullError
from graft_core.types import PAGE_SIZE
from tests.support.tmpfs import Filler, small_tmpfs

PAGES = 24


def _commit(volume: Volume, acked: dict[int, bytes]) -> None:
    pages = {idx: os.urandom(PAGE_SIZE) for idx in range(1, PAGES + 1)}
    writer = volume.writer()
    for idx, data in pages.items():
        writer.write(idx, data)
    writer.commit()
    acked.clear()
    acked.update(pages)


def _check(volume: Volume, acked: dict[int, bytes], lsn: int) -> None:
    reader = volume.reader()
    try:
        assert reader.snapshot is not None and reader.snapshot.lsn == lsn
        assert {idx: reader.read(idx) for idx in acked} == acked
    finally:
        reader.close()


def test_a_full_disk_gives_typed_errors_and_loses_no_commit(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = Filler(disk / "filler")
        acked: dict[int, bytes] = {}
        client = Client(disk / "client")
        volume = client.create_volume()
        _commit(volume, acked)
        filler.fill()
        for _ in range(3):
            with pytest.raises(StorageFullError) as info:
                _commit(volume, {})
            assert info.value.http_status == 503
        _check(volume, acked, 1)
        with pytest.raises(StorageFullError):
            Client(disk / "another")

        filler.free()
        with pytest.raises(StorageFullError, match="reopen the client"):
            client.close()
        client.close()  # it was closed all the same

        with Client(disk / "client") as reopened:
            volume = reopened.open_volume(volume.vid)
            _check(volume, acked, 1)
            _commit(volume, acked)
            _check(volume, acked, 2)


def test_storage_refused_for_a_full_disk_says_so_after_a_wal_sync_failed_on_it_too(
    tmp_path: Path,
) -> None:
    """An outside-in walk: the daemon's push synced the WAL after a commit found the disk
    full; that sync failed on RocksDB's stopped writer, which marked the storage unusable, and
    the daemon, reopening only storage refused for space, never reopened it."""
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = Filler(disk / "filler")
        client = Client(disk / "client")
        volume = client.create_volume()
        assert not client.state.storage_full()
        _commit(volume, {})
        filler.fill()
        with pytest.raises(StorageFullError):
            _commit(volume, {})
        assert client.state.storage_full()
        with pytest.raises(StorageError, match="Writer has previous error"):
            client.state.sync_wal()
        refusing = client.state.storage_refusing() or ""
        assert "unusable until the client is reopened" in refusing
        assert client.state.storage_full()
        # What a read is told names the full disk, the cause (not "Writer has previous error"
        # alone, which reads as a failing device), with its type.
        with pytest.raises(StorageFullError) as unusable:
            volume.snapshot()
        assert "the disk is full" in str(unusable.value)
        assert "free space, then reopen the client" in str(unusable.value)
        filler.free()
        with pytest.raises(StorageError):
            client.close()
        with Client(disk / "client") as reopened:
            assert not reopened.state.storage_full()
            _commit(reopened.open_volume(volume.vid), {})


class _Wrapped:
    """A rocksdict handle that passes every call on, but those a subclass makes fail."""

    def __init__(self, path: str, **opened: Any) -> None:
        self.db = Rdict(path, **opened)

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)


class WalSyncFails(_Wrapped):
    """A rocksdict handle whose WAL syncs fail (as on EIO) once ``failing`` is set."""

    failing = False

    def flush_wal(self, sync: bool) -> None:
        if WalSyncFails.failing:
            raise Exception("IO error: Input/output error: While fsync a file: 000004.log")
        self.db.flush_wal(sync)


def test_after_a_failed_wal_sync_nothing_reads_what_may_not_be_durable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_db, "Rdict", WalSyncFails)
    monkeypatch.setattr(WalSyncFails, "failing", False)
    acked: dict[int, bytes] = {}
    client = Client(tmp_path / "client")
    volume = client.create_volume()
    _commit(volume, acked)
    WalSyncFails.failing = True
    with pytest.raises(StorageError, match="Input/output error"):
        _commit(volume, {})
    # The commit is in RocksDB's memory but maybe not on disk: no reader may see it.
    with pytest.raises(StorageError, match="unusable until the client is reopened"):
        volume.reader()
    client.close()
    monkeypatch.undo()

    with Client(tmp_path / "client") as reopened:
        volume = reopened.open_volume(volume.vid)
        snapshot = volume.snapshot()
        assert snapshot is not None and snapshot.lsn in (1, 2)  # what RocksDB found durable
        _commit(volume, acked)
        _check(volume, acked, snapshot.lsn + 1)


def test_an_error_in_the_block_is_not_replaced_by_closing_on_the_full_disk(tmp_path: Path) -> None:
    """Leaving ``with Client(...)`` by a commit's ``StorageFullError`` closes the client, whose
    close reports that failure again: the block's own error is what comes out (the CLI says
    what failed, not "closing failed"), the close's goes with it as a note."""
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = Filler(disk / "filler")
        with (
            pytest.raises(StorageFullError, match="a write in local storage") as info,
            Client(disk / "client") as client,
        ):
            volume = client.create_volume()
            filler.fill()
            _commit(volume, {})
        assert any("closing" in note for note in getattr(info.value, "__notes__", []))
        filler.free()
        with Client(disk / "client") as reopened:  # the data dir was released all the same
            assert reopened.local_volume(volume.vid).snapshot() is None


class _WriteFailsThenClose(_Wrapped):
    """A rocksdict handle whose writes fail as on a full disk once ``failing`` is set, and whose
    close then fails as RocksDB's did for a daemon stopped after a full disk (found by a
    hostile tester): with its own words, which name no disk."""

    failing = False

    def write(self, batch: WriteBatch) -> None:
        if _WriteFailsThenClose.failing:
            raise Exception("IO error: No space left on device: While appending to file: 7.log")
        self.db.write(batch)

    def close(self) -> None:
        self.db.close()
        if _WriteFailsThenClose.failing:
            raise Exception("IO error: Writer has previous error.")


def test_a_close_that_fails_after_a_full_disk_says_what_failed_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_db, "Rdict", _WriteFailsThenClose)
    monkeypatch.setattr(_WriteFailsThenClose, "failing", False)
    client = Client(tmp_path / "client")
    volume = client.create_volume()
    _WriteFailsThenClose.failing = True
    with pytest.raises(StorageFullError):
        _commit(volume, {})
    with pytest.raises(StorageFullError) as closing:
        client.close()  # typed as the failure it follows, with its advice
    told = str(closing.value)
    assert "Writer has previous error" in told and "the disk is full" in told
    assert storage_db.FULL_ADVICE in told
    client.close()
