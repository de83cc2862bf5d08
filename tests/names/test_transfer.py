"""Import and export of plain files: SQLite databases (consistent while written) and any file."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tracemalloc
from pathlib import Path

import apsw
import pytest

from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_client.transfer import EXPORT_CHUNK_PAGES
from graft_core.errors import InvalidInputError, InvalidTagError
from graft_core.types import PAGE_SIZE
from tests.cli.runner import graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import device, pragma_json, scalar, wait_until

WRITER = Path(__file__).with_name("source_writer.py")
SOURCE_BYTES = 6 * 1024 * 1024
# The size for the import while another process writes the source.
WRITTEN_SOURCE_BYTES = 100 * 1024 * 1024
SQLITE3 = shutil.which("sqlite3")


def _source_database(path: Path, journal_mode: str, size: int = SOURCE_BYTES) -> int:
    """A SQLite file of about ``size`` bytes: ``items`` rows and a ``counter`` of them."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"pragma journal_mode={journal_mode}")
    db.execute("create table items (id integer primary key, body text)")
    db.execute("create table counter (n integer)")
    rows = size // 450
    db.execute("begin")
    # Rows made by SQLite itself: a 100 MB file in about a second.
    db.execute(
        "insert into items (id, body) with recursive n(i) as "
        "(select 0 union all select i + 1 from n where i + 1 < ?) "
        "select i, hex(randomblob(200)) from n",
        (rows,),
    )
    db.execute("insert into counter values (?)", (rows,))
    db.execute("commit")
    db.close()
    return rows


def _committed_rows(path: Path) -> int:
    db = sqlite3.connect(path, timeout=30)
    try:
        (n,) = db.execute("select n from counter").fetchone()
        return int(n)
    finally:
        db.close()


def _dump(path: Path) -> list[str]:
    """The database's contents as SQL text, by the ``sqlite3`` shell (else Python's sqlite3)."""
    if SQLITE3 is not None:
        out = subprocess.run([SQLITE3, str(path), ".dump"], capture_output=True, check=True)
        return out.stdout.decode().splitlines()
    db = sqlite3.connect(path)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def _same_database(copy: Path, original: Path) -> bool:
    """The same pages, but for the change counter in the header: the backup API counts its
    copy as one more change of the database it writes."""
    header = 100
    a, b = copy.read_bytes(), original.read_bytes()
    return len(a) == len(b) and a[header:] == b[header:] and _dump(copy) == _dump(original)


def _integrity(path: Path) -> str:
    db = sqlite3.connect(path)
    try:
        return str(db.execute("pragma integrity_check").fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("journal_mode", ["delete", "wal"])
def test_import_of_a_database_another_process_writes(journal_mode: str, tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    start_rows = _source_database(source, journal_mode, WRITTEN_SOURCE_BYTES)
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, str(WRITER), str(source), str(stop)])
    try:
        wait_until(lambda: _committed_rows(source) > start_rows, 30, "the writer's first commit")
        with device(tmp_path / "data") as dev:
            imported = import_file(dev.client, source, tag="copy")
            before = _committed_rows(source)
            # The writer went on after the import too (the import did not stop it).
            wait_until(lambda: _committed_rows(source) > before, 30, "a commit after the import")
            assert imported.sqlite and imported.snapshot is not None
            assert imported.snapshot.page_count * PAGE_SIZE == imported.size
            assert imported.size > 0.9 * WRITTEN_SOURCE_BYTES
            assert dev.client.resolve("copy") == imported.volume.vid
            db = dev.connect("copy")
            assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
            # One committed state of the source, taken while it was being written.
            n = scalar(db, "select n from counter", int)
            assert scalar(db, "select count(*) from items", int) == n > start_rows
            assert scalar(db, "pragma journal_mode", str) == "memory"  # not WAL in the volume
            db.execute("insert into items (id, body) values (-1, 'writable')")
            db.close()
    finally:
        stop.touch()
        assert writer.wait(timeout=60) == 0


def _both(db: apsw.Connection, plain: sqlite3.Connection, sql: str) -> None:
    """Run ``sql`` on the volume's database and on a plain file alike."""
    db.execute(sql)
    plain.executescript(sql)


def test_export_at_two_lsns_equals_the_original_files(tmp_path: Path) -> None:
    plain = sqlite3.connect(tmp_path / "plain.db", isolation_level=None)
    rng = random.Random(9)
    rows = ",".join(f"({n}, '{rng.randbytes(300).hex()}')" for n in range(3000))
    with device(tmp_path / "data") as dev:
        db = dev.connect()
        vid = db.filename
        _both(
            db,
            plain,
            f"create table t (id integer primary key, v text); insert into t values {rows}",
        )
        _both(db, plain, "create index t_v on t (v)")
        lsn_a = dev.client.local_volume(vid).latest_lsn()
        shutil.copy(tmp_path / "plain.db", tmp_path / "orig_a.db")
        _both(db, plain, "delete from t where id % 3 = 0; update t set v = 'x' where id % 7 = 0")
        _both(db, plain, "create table u (x); insert into u values (1)")
        shutil.copy(tmp_path / "plain.db", tmp_path / "orig_b.db")
        exported = pragma_json(db, f"graft_export = '{tmp_path / 'b.db'}'")
        assert exported["snapshot"]["lsn"] == dev.client.local_volume(vid).latest_lsn() > lsn_a
        # A connection pinned at LSN a exports that snapshot too.
        uri = f"file:{vid}?vfs={dev.vfs}&lsn={lsn_a}"
        old = apsw.Connection(uri, flags=apsw.SQLITE_OPEN_URI | apsw.SQLITE_OPEN_READONLY)
        assert (
            pragma_json(old, f"graft_export = '{tmp_path / 'a2.db'}'")["snapshot"]["lsn"] == lsn_a
        )
        old.close()
        db.close()
    plain.close()
    proc = ok("export", vid, tmp_path / "a.db", "--lsn", str(lsn_a), data_dir=tmp_path / "data")
    assert proc.decode().startswith(f"exported {vid} at LSN {lsn_a} to ")
    assert (tmp_path / "a.db").read_bytes() == (tmp_path / "a2.db").read_bytes()
    for name in ("a", "b"):
        assert _integrity(tmp_path / f"{name}.db") == "ok"
        assert _dump(tmp_path / f"{name}.db") == _dump(tmp_path / f"orig_{name}.db")
    assert _dump(tmp_path / "a.db") != _dump(tmp_path / "b.db")


def test_export_of_a_lazy_clone_fetches_as_it_streams(cluster: Cluster, tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    _source_database(source, "delete")
    ms, ps = cluster.metastore.url, cluster.pagestore.url
    with Client(tmp_path / "a", metastore=ms, pagestore=ps) as a:
        vid = import_file(a, source).volume.vid
        a.open_volume(vid).push()
    with Client(tmp_path / "b", metastore=ms, pagestore=ps) as b:
        clone = b.open_volume(vid)
        snapshot = clone.snapshot()
        assert snapshot is not None and clone.missing_pages() == snapshot.page_count
        exported = clone.export(tmp_path / "out.db")
        assert exported is not None and clone.missing_pages() == 0
        assert clone.stats().pages_fetched == exported.page_count
    assert _same_database(tmp_path / "out.db", source)


def test_export_streams(tmp_path: Path) -> None:
    data = tmp_path / "big.bin"
    data.write_bytes(os.urandom(8 * 1024 * 1024))
    with Client(tmp_path / "data") as client:
        volume = import_file(client, data).volume
        tracemalloc.start()
        try:
            volume.export(tmp_path / "out.bin")
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    # A few chunks at a time (EXPORT_CHUNK_PAGES pages each), never the whole volume.
    assert peak < 4 * EXPORT_CHUNK_PAGES * PAGE_SIZE, peak
    assert (tmp_path / "out.bin").read_bytes() == data.read_bytes()


def test_plain_files_round_trip_zero_padded(tmp_path: Path) -> None:
    data = os.urandom(3 * PAGE_SIZE + 17)
    (tmp_path / "blob").write_bytes(data)
    (tmp_path / "empty").write_bytes(b"")
    with Client(tmp_path / "data") as client:
        imported = import_file(client, tmp_path / "blob", tag="blob")
        assert not imported.sqlite and imported.size == len(data)
        assert imported.snapshot is not None and imported.snapshot.page_count == 4
        empty = import_file(client, tmp_path / "empty")
        assert empty.size == 0 and empty.snapshot is None
        client.open_volume("blob").export(tmp_path / "blob.out")
        assert empty.volume.export(tmp_path / "empty.out") is None
    out = (tmp_path / "blob.out").read_bytes()
    assert out == data + bytes(4 * PAGE_SIZE - len(data))
    assert (tmp_path / "empty.out").read_bytes() == b""


def test_pragma_graft_import_fills_a_new_volume(tmp_path: Path) -> None:
    source = tmp_path / "source.db"
    rows = _source_database(source, "wal")
    with device(tmp_path / "data") as dev:
        db = dev.connect()
        answer = pragma_json(db, f"graft_import = '{source}'")
        assert answer["sqlite"] and answer["snapshot"]["lsn"] == 1
        assert scalar(db, "select count(*) from items", int) == rows  # the same connection
        with pytest.raises(apsw.SQLError, match="is not empty"):
            db.execute(f"pragma graft_import = '{source}'").fetchall()
        with pytest.raises(apsw.SQLError, match="names a file"):
            db.execute("pragma graft_import").fetchall()
        assert dev.client.local_volume(db.filename).latest_lsn() == 1
        db.close()


def _page_size_1024(path: Path) -> Path:
    db = sqlite3.connect(path)
    db.executescript("pragma page_size = 1024; create table t (x); insert into t values (1);")
    db.close()
    return path


def test_bad_imports_and_exports_change_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    small = _page_size_1024(tmp_path / "small.db")
    garbled = tmp_path / "garbled.db"
    garbled.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    (tmp_path / "ok.bin").write_bytes(b"x")
    with Client(data) as client:
        for path, why in ((small, "page size is 1024"), (garbled, "not a database")):
            with pytest.raises(InvalidInputError, match=why):
                import_file(client, path)
        with pytest.raises(InvalidInputError, match="does not exist"):
            import_file(client, tmp_path / "nope")
        with pytest.raises(InvalidTagError):
            import_file(client, tmp_path / "ok.bin", tag="new")
        assert client.volumes() == [] and client.tags() == {}
        vid = str(import_file(client, tmp_path / "ok.bin").volume.vid)
    cases = [
        (("import", small), "page size is 1024"),
        (("import", garbled), "not a database"),
        (("import", tmp_path / "nope"), "does not exist"),
        (("import", tmp_path / "ok.bin", "--tag", "a b"), "invalid tag"),
        (("export", vid, tmp_path), "is a directory"),
        (("export", vid, tmp_path / "no" / "dir.db"), "no directory"),
        (("export", vid, tmp_path / "x.db", "--lsn", "5"), "has no LSN 5"),
        (("export", "nope", tmp_path / "x.db"), "nor a tag"),
    ]
    for args, why in cases:
        proc = graft(*args, data_dir=data)
        lines = stderr_lines(proc)
        assert proc.returncode == 2 and len(lines) == 1 and why in lines[0], (args, lines)
    assert [v["vid"] for v in ok_json("volume", "list", data_dir=data)] == [vid]
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".db") == [
        "garbled.db",
        "small.db",
    ]


def test_cli_import_push_and_export_on_another_device(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    source = tmp_path / "source.db"
    rows = _source_database(source, "delete")
    answer = ok_json("import", source, "--tag", "app", "--push", data_dir=tmp_path / "a", env=env)
    assert answer["sqlite"] and answer["remote_lsn"] == 1 and answer["tag"] == "app"
    assert ok_json("tag", "list", data_dir=tmp_path / "a", env=env)[0]["vid"] == answer["vid"]
    ok("export", answer["vid"], tmp_path / "b.db", data_dir=tmp_path / "b", env=env)
    assert _integrity(tmp_path / "b.db") == "ok"
    assert _committed_rows(tmp_path / "b.db") == rows
    assert _same_database(tmp_path / "b.db", source)
