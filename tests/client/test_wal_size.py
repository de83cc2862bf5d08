"""The data dir's RocksDB WAL stays bounded however long the client runs: a log goes once
every column family flushed what it holds, and families written a little per commit flush
rarely, so by default gigabytes of log stayed (found on a long walk: 3.2 GB for a 670-page
volume, replayed by every attached process as it opened)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.storage import db as storage_db
from graft_core.types import PAGE_SIZE
from tests.support.polling import wait_until

LIMIT = 2 << 20


def _wal_bytes(data_dir: Path) -> int:
    total = 0
    for log in (data_dir / "local").glob("*.log"):
        with contextlib.suppress(FileNotFoundError):  # deleted meanwhile: flushed
            total += log.stat().st_size
    return total


def test_the_wal_goes_back_under_its_limit_after_many_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_db, "MAX_WAL_BYTES", LIMIT, raising=False)
    written: dict[int, bytes] = {}
    with Client(tmp_path) as client:
        volume = client.create_volume()
        for _ in range(200):  # 40 MB through the WAL: each page's last version moves too
            writer = volume.writer()
            for idx in range(1, 25):
                written[idx] = os.urandom(PAGE_SIZE)
                writer.write(idx, written[idx])
            writer.commit()
        # Flushes run in the background: the log passes the limit while one does, then the
        # logs they emptied go. Before: 40 MB stayed.
        wait_until(lambda: _wal_bytes(tmp_path) <= 2 * LIMIT or None, 10, "the WAL to shrink")
    with Client(tmp_path) as client:
        reader = client.local_volume(volume.vid).reader()
        assert all(reader.read(idx) == data for idx, data in written.items())
        reader.close()
