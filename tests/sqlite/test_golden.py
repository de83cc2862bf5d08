"""SQL golden tests: the same statements on native SQLite (a file) and on a volume agree."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import Client
from graft_client.sqlite import JOURNAL_MODES, PRAGMAS, TABLES
from tests.sqlite.support import Device, device, key_values, pragma_json, scalar

Script = Callable[[apsw.Connection], list[Any]]


def crud(db: apsw.Connection) -> list[Any]:
    db.execute("create table people (id integer primary key, name text not null, age int)")
    with db:
        db.executemany(
            "insert into people (name, age) values (?, ?)", [(f"p{i}", i % 90) for i in range(500)]
        )
    db.execute("update people set age = age + 1 where id % 7 = 0")
    db.execute("delete from people where id % 11 = 0")
    return [
        db.execute("select count(*), sum(age), max(id) from people").fetchall(),
        db.execute("select * from people where id in (1, 7, 11, 250) order by id").fetchall(),
    ]


def indexes(db: apsw.Connection) -> list[Any]:
    db.execute("create table events (id integer primary key, user text, at int, note text)")
    rng = random.Random(7)
    with db:
        db.executemany(
            "insert into events (user, at, note) values (?, ?, ?)",
            [(f"u{rng.randrange(300)}", rng.randrange(10**6), "x" * 40) for _ in range(5000)],
        )
    db.execute("create index events_user_at on events (user, at)")
    db.execute("create unique index events_at_id on events (at, id)")
    plan = db.execute("explain query plan select * from events where user = 'u5'").fetchall()
    return [
        any("events_user_at" in str(row) for row in plan),
        db.execute("select id, at from events where user = 'u5' order by at").fetchall(),
        db.execute("select count(*) from events where at between 1000 and 50000").fetchall(),
    ]


def vacuum(db: apsw.Connection) -> list[Any]:
    db.execute("create table big (id integer primary key, body text)")
    with db:
        db.executemany("insert into big (body) values (?)", [("y" * 500,) for _ in range(3000)])
    db.execute("delete from big where id > 100")
    before = scalar(db, "pragma page_count", int)
    db.execute("vacuum")
    after = scalar(db, "pragma page_count", int)
    return [
        after < before / 5,
        db.execute("select count(*), sum(length(body)) from big").fetchall(),
    ]


def blobs(db: apsw.Connection) -> list[Any]:
    rng = random.Random(3)
    payloads = [rng.randbytes(size) for size in (10, 5000, 70_000, 1_500_000)]
    db.execute("create table files (id integer primary key, data blob)")
    with db:
        db.executemany("insert into files (data) values (?)", [(p,) for p in payloads])
    found = [row[0] for row in db.execute("select data from files order by id")]
    db.execute("update files set data = zeroblob(100) where id = 4")  # frees the overflow chain
    return [found == payloads, db.execute("select sum(length(data)) from files").fetchall()]


SCRIPTS: dict[str, Script] = {"crud": crud, "indexes": indexes, "vacuum": vacuum, "blobs": blobs}


def _checked(db: apsw.Connection, script: Script) -> list[Any]:
    result = script(db)
    assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
    return result


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_same_results_as_native_sqlite(name: str, tmp_path: Path) -> None:
    native = apsw.Connection(str(tmp_path / "native.db"))
    expected = _checked(native, SCRIPTS[name])
    native.close()
    with device(tmp_path / "graft") as dev:
        db = dev.connect()
        assert _checked(db, SCRIPTS[name]) == expected
        vid = pragma_json(db, "graft_status")["vid"]
        assert vid == db.filename
        db.close()
    # Everything committed is in the volume: a fresh client on the data dir reads it back.
    with device(tmp_path / "graft") as dev:
        again = dev.connect(vid)
        assert again.execute("pragma integrity_check").fetchall() == [("ok",)]
        tables = again.execute("select name from sqlite_schema where type = 'table'").fetchall()
        assert tables


@pytest.mark.parametrize("mode", JOURNAL_MODES)
def test_supported_journal_modes_commit_and_roll_back(mode: str, tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        db = dev.connect()
        assert db.execute(f"pragma journal_mode = {mode}").fetchall() == [(mode,)]
        db.execute("create table t (x)")
        with db:
            db.executemany("insert into t values (?)", [(i,) for i in range(2000)])
        # A transaction big enough to spill SQLite's cache into the file, then rolled back.
        db.execute("pragma cache_size = 10")
        db.execute("begin")
        db.executemany("insert into t values (?)", [(b"z" * 1000,) for _ in range(500)])
        db.execute("rollback")
        assert db.execute("select count(*), sum(x) from t").fetchall() == [(2000, 1999 * 1000)]
        assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
        # Journals never become volume pages: the volume holds exactly the database's pages.
        snap = dev.client.open_volume(db.filename).snapshot()
        assert snap is not None
        assert snap.page_count == db.execute("pragma page_count").fetchall()[0][0]


def test_new_connections_default_to_memory_journal(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        assert dev.connect().execute("pragma journal_mode").fetchall() == [("memory",)]


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ("pragma journal_mode = wal", "journal_mode=wal is not supported"),
        ("pragma journal_mode = off", "journal_mode=off is not supported"),
        ("pragma page_size = 1024", "page_size=4096 only"),
        ("pragma locking_mode = exclusive", "locking_mode=exclusive is not supported"),
        ("pragma graft_nonsense", "graft pragmas are: graft_status, graft_snapshot"),
        ("pragma graft_status = 1", "takes no value"),
        ("pragma graft_autosync = maybe", "graft_autosync = on|off"),
    ],
)
def test_refused_settings_say_why(statement: str, message: str, tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        db = dev.connect()
        with pytest.raises(apsw.SQLError, match=message):
            db.execute(statement).fetchall()
        # The database is untouched and still usable.
        assert db.execute("pragma journal_mode").fetchall() == [("memory",)]
        assert db.execute("pragma page_size").fetchall() == [(4096,)]


def test_pragmas_answer_json(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        db = dev.connect()
        first = pragma_json(db, "graft_snapshot")
        assert first == {"vid": db.filename, "snapshot": None}
        db.execute("create table t (x)")
        db.execute("insert into t values (1)")
        status = pragma_json(db, "graft_status")
        assert status["local_lsn"] == 2 and status["remote_lsn"] is None
        assert status["unpushed_commits"] == 2 and status["status"] == "ok"
        assert status["connection_lsn"] == 2 and status["in_write_transaction"] is False
        assert pragma_json(db, "graft_snapshot")["snapshot"]["lsn"] == 2
        assert pragma_json(db, "graft_errors") == []
        version = pragma_json(db, "graft_version")
        assert version["sqlite"] == apsw.sqlite_lib_version()
        assert set(PRAGMAS) >= {"graft_push", "graft_pull", "graft_sync", "graft_reset"}
        # Without servers the sync pragmas fail with a clear error, not a crash.
        for pragma in ("graft_push", "graft_pull", "graft_sync", "graft_fetch_all"):
            with pytest.raises(apsw.SQLError, match=f"{pragma}: .*no servers configured"):
                db.execute(f"pragma {pragma}").fetchall()
        assert pragma_json(db, "graft_autosync") == {"autosync": False}


def test_read_only_pragmas_are_also_tables(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        db = dev.connect()
        assert set(TABLES) == {"graft_status", "graft_snapshot", "graft_errors", "graft_version"}
        assert db.execute("select * from graft_snapshot").fetchall() == [
            (db.filename, None, None, None)
        ]
        db.execute("create table t (x)")
        db.execute("insert into t values (1)")
        # One row per status field, the same values as the JSON pragma (booleans as 0/1).
        status = key_values(db, "select key, value from graft_status")
        expected = pragma_json(db, "graft_status")
        assert status.keys() == expected.keys()
        assert status["vid"] == db.filename and status["local_lsn"] == 2
        assert status["in_write_transaction"] == 0 and status["remote_lsn"] is None
        assert {k: v for k, v in status.items() if k != "last_sync_age_s"} == {
            k: v for k, v in expected.items() if k != "last_sync_age_s"
        }
        assert db.execute(
            "select value from graft_status where key = 'unpushed_commits'"
        ).fetchall() == [(2,)]
        assert db.execute(
            "select vid, lsn, remote_lsn, page_count from graft_snapshot"
        ).fetchall() == [(db.filename, 2, None, 2)]
        assert db.execute("select at_ms, kind, message from graft_errors").fetchall() == []
        versions = key_values(db, "select key, value from graft_version")
        assert versions == pragma_json(db, "graft_version")
        # The tables join with ordinary ones, and answer for the connection they are queried on.
        joined = db.execute(
            "select t.x, s.lsn from t join graft_snapshot s on s.vid = ?", (db.filename,)
        ).fetchall()
        assert joined == [(1, 2)]
        other = dev.connect(db.filename)
        other.execute("begin")
        assert other.execute("select count(*) from t").fetchall() == [(1,)]  # pins LSN 2
        db.execute("insert into t values (2)")
        mine = "select value from graft_status where key = 'connection_lsn'"
        assert other.execute(mine).fetchall() == [(2,)]
        assert db.execute(mine).fetchall() == [(3,)]
        other.execute("commit")
    # Plain SQLite connections do not get them.
    plain = apsw.Connection(str(tmp_path / "plain.db"))
    with pytest.raises(apsw.SQLError, match="no such table: graft_status"):
        plain.execute("select * from graft_status").fetchall()


def test_bad_names_and_missing_volumes_fail_to_open(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        for name in ("not-a-volume-id", "Gonz9x756T67sdS1yEiAGC"):
            with pytest.raises(apsw.CantOpenError):
                dev.connect(name).execute("select 1 from sqlite_schema").fetchall()


def test_volume_written_as_pages_reads_as_a_database(tmp_path: Path) -> None:
    """A database image written page by page through the volume API opens through the VFS."""
    native = apsw.Connection(str(tmp_path / "n.db"))
    native.execute("create table t (x); insert into t values ('from pages')")
    native.close()
    data = (tmp_path / "n.db").read_bytes()
    with Client(tmp_path / "c") as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            for n in range(len(data) // 4096):
                writer.write(n + 1, data[n * 4096 : (n + 1) * 4096])
        dev = Device(client)
        assert dev.connect(str(volume.vid)).execute("select x from t").fetchall() == [
            ("from pages",)
        ]
