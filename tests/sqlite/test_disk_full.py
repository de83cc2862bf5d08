"""SQLite through the VFS on a real 3 MB tmpfs that fills up: ``SQLITE_FULL``, as on a native file.

A transaction whose commit the disk refuses fails with ``apsw.FullError`` (not a generic I/O
error), is rolled back, and leaves every earlier transaction readable once the client reopens.
"""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from graft_client import Client
from graft_core.errors import StorageFullError
from tests.sqlite.support import Device
from tests.support.tmpfs import Filler, small_tmpfs

ROW = "zeroblob(3000)"


def test_a_full_disk_is_sqlite_full_and_loses_no_transaction(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = Filler(disk / "filler")
        client = Client(disk / "client")
        dev = Device(client)
        vid = str(client.create_volume().vid)
        db = dev.connect(vid)
        db.execute(f"create table t(x); insert into t values ({ROW})")
        filler.fill()
        with pytest.raises(apsw.FullError):
            db.execute(f"insert into t select {ROW} from t, t, t, t")
        assert not db.in_transaction
        db.close()
        filler.free()
        with pytest.raises(StorageFullError, match="reopen the client"):
            client.close()  # RocksDB refuses writes until it is reopened
        client.close()

        with Client(disk / "client") as reopened:
            again = Device(reopened).connect(vid)
            assert again.execute("select count(*) from t").get == 1
            assert again.execute("pragma integrity_check").get == "ok"
            again.execute(f"insert into t values ({ROW})")
            assert again.execute("select count(*) from t").get == 2
            again.close()
