"""The bulk path of ``graft import``: a new volume filled in one SST load and one commit."""

from __future__ import annotations

import os
import sqlite3
import tracemalloc
from pathlib import Path

import pytest
from rocksdict import AccessType, Options, Rdict

from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_client.storage.records import SyncMode
from graft_client.transfer import IMPORT_CHUNK_BYTES
from graft_core.errors import FailPointError
from graft_core.failpoints import armed
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from tests.cli.runner import clean_env, graft, ok

FILE_BYTES = 8 * IMPORT_CHUNK_BYTES


def _database(path: Path, journal_mode: str) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"pragma journal_mode={journal_mode}")
    db.execute("create table t (id integer primary key, v blob)")
    db.execute(
        "insert into t with recursive n(i) as (select 0 union all select i + 1 from n "
        "where i < 3000) select i, randomblob(300 + i % 500) from n"
    )
    db.execute("create index t_v on t (v)")
    db.execute("delete from t where id % 5 = 0")  # free pages too
    db.close()


def test_import_of_a_rollback_journal_database_is_its_bytes(tmp_path: Path) -> None:
    _database(tmp_path / "source.db", "delete")
    with Client(tmp_path / "data") as client:
        volume = import_file(client, tmp_path / "source.db").volume
        volume.export(tmp_path / "out.db")
        log = volume.log()
    # Read in place under a read transaction: not even the change counter differs.
    assert (tmp_path / "out.db").read_bytes() == (tmp_path / "source.db").read_bytes()
    assert [entry.lsn for entry in log] == [1]


def test_an_attached_process_imports_through_the_owner(tmp_path: Path) -> None:
    """A process attached to the data dir cannot load files into the owner's database: its
    import goes to the owner in one request, which the owner loads as its own (the same bytes,
    one LSN)."""
    _database(tmp_path / "source.db", "delete")
    with Client(tmp_path / "data") as owner, Client(tmp_path / "data") as attached:
        assert not attached.is_owner
        vid = import_file(attached, tmp_path / "source.db").volume.vid
        volume = owner.local_volume(vid)
        volume.export(tmp_path / "out.db")
        assert [entry.lsn for entry in volume.log()] == [1]
    assert (tmp_path / "out.db").read_bytes() == (tmp_path / "source.db").read_bytes()


def test_import_of_a_wal_database_differs_only_in_the_header(tmp_path: Path) -> None:
    _database(tmp_path / "source.db", "wal")
    with Client(tmp_path / "data") as client:
        import_file(client, tmp_path / "source.db").volume.export(tmp_path / "out.db")
    header = 100
    copy, source = (tmp_path / "out.db").read_bytes(), (tmp_path / "source.db").read_bytes()
    assert len(copy) == len(source) and copy[header:] == source[header:]
    # The copy, made by SQLite's backup API, is not in WAL mode (file format versions 1).
    assert (copy[18:20], source[18:20]) == (b"\x01\x01", b"\x02\x02")


def test_import_streams(tmp_path: Path) -> None:
    data = tmp_path / "big.bin"
    data.write_bytes(os.urandom(FILE_BYTES))
    with Client(tmp_path / "data") as client:
        tracemalloc.start()
        try:
            volume = import_file(client, data).volume
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        volume.export(tmp_path / "out.bin")
    # A chunk read and its pages, never the whole file.
    assert peak < 3 * IMPORT_CHUNK_BYTES, peak
    assert (tmp_path / "out.bin").read_bytes() == data.read_bytes()


@pytest.mark.parametrize("point", ["import.after_chunk", "import.before_commit"])
def test_a_failed_import_leaves_no_volume(point: str, tmp_path: Path) -> None:
    data = tmp_path / "big.bin"
    data.write_bytes(os.urandom(3 * IMPORT_CHUNK_BYTES))
    with Client(tmp_path / "data") as client:
        with armed(point, "error"), pytest.raises(FailPointError):
            import_file(client, data, tag="big")
        assert client.volumes() == [] and client.tags() == {}
        # Nothing of it is left in RocksDB or beside it.
        assert list(client.state._open().db.scan("latest", b"", b"\xff" * 32)) == []
        assert [p.name for p in (tmp_path / "data").iterdir() if p.suffix == ".sst"] == []


def test_a_volume_made_again_after_a_failed_import_survives_the_next_open(tmp_path: Path) -> None:
    """A failed import's load stays provisional (its pages are deleted at once); a volume made
    later with the same id confirms nothing of it, yet the next open must leave it whole."""
    vid = VolumeId.random()
    pages = [bytes([n]) * PAGE_SIZE for n in range(1, 9)]
    with Client(tmp_path / "data") as client:
        with armed("import.before_commit", "error"), pytest.raises(FailPointError):
            client.state.create_filled(vid, SyncMode.DISABLED, [pages])
        client.state.create_filled(vid, SyncMode.DISABLED, [pages[:4]])
    with Client(tmp_path / "data") as client:
        snapshot = client.local_volume(vid).snapshot()
        assert snapshot is not None and snapshot.page_count == 4
        with client.local_volume(vid).reader() as reader:
            assert reader.read(4) == pages[3]
    assert _keys(tmp_path / "data")["meta"] == 0


def _keys(data_dir: Path) -> dict[str, int]:
    """Keys per column family, read without opening as a client (which would recover)."""
    families = ["volumes", "latest", "pages", "commits", "tags"]
    opts = {name: Options(raw_mode=True) for name in families}
    db = Rdict(
        str(data_dir / "local"),
        options=Options(raw_mode=True),
        column_families=opts,
        access_type=AccessType.read_only(),
    )
    try:
        counts = {name: len(list(db.get_column_family(name).keys())) for name in families}
        meta = [key for key in db.keys() if isinstance(key, bytes)]  # noqa: SIM118
        counts["meta"] = sum(key.startswith(b"provisional-load/") for key in meta)
        return counts
    finally:
        db.close()


@pytest.mark.parametrize("point", ["import.after_chunk", "import.before_commit"])
def test_an_import_killed_midway_leaves_no_volume(point: str, tmp_path: Path) -> None:
    data = tmp_path / "big.bin"
    data.write_bytes(os.urandom(3 * IMPORT_CHUNK_BYTES))
    env = clean_env(GRAFT_FAILPOINTS=f"{point}=crash")
    proc = graft("import", data, "--tag", "big", data_dir=tmp_path / "data", env=env)
    assert proc.returncode == -9, proc.stderr  # SIGKILLed at the fail point
    loads = [p for p in (tmp_path / "data").iterdir() if p.suffix == ".sst"]
    assert len(loads) == (point == "import.after_chunk")  # the load was not taken in yet
    pages = len(data.read_bytes()) // PAGE_SIZE
    assert _keys(tmp_path / "data")["latest"] == (pages if point == "import.before_commit" else 0)
    with Client(tmp_path / "data") as client:
        assert client.volumes() == [] and client.tags() == {}
    assert all(not p.exists() for p in loads), "the next open removes the stale load"
    # Nor are the pages of the volume that never was left behind, in any family.
    assert set(_keys(tmp_path / "data").values()) == {0}
    # The next import works and holds the file.
    vid = ok("import", data, "--tag", "big", data_dir=tmp_path / "data").decode().strip()
    ok("export", "big", tmp_path / "out.bin", data_dir=tmp_path / "data")
    assert (tmp_path / "out.bin").read_bytes() == data.read_bytes()
    with Client(tmp_path / "data") as client:
        assert [str(v.vid) for v in client.volumes()] == [vid]
        snapshot = client.local_volume(vid).snapshot()
        assert snapshot is not None and snapshot.page_count * PAGE_SIZE == len(data.read_bytes())
    left = _keys(tmp_path / "data")
    assert (left["latest"], left["meta"]) == (pages, 0)  # the import's pages; settled
