"""Two devices on one database: push, lazy clone, point lookups that fetch little, pulls."""

from __future__ import annotations

import random
from pathlib import Path

import apsw
import pytest

from tests.pagestore.cluster import Cluster
from tests.sqlite.support import device, pragma_json, scalar

ROWS = 60_000
MIN_BYTES = 20 * 1024 * 1024


def _big_database(db: apsw.Connection) -> None:
    rng = random.Random(11)
    db.execute("create table items (id integer primary key, sku text, body text)")
    db.execute("create index items_sku on items (sku)")
    for start in range(0, ROWS, 5000):
        with db:
            db.executemany(
                "insert into items (sku, body) values (?, ?)",
                [(f"sku-{n:08d}", rng.randbytes(170).hex()) for n in range(start, start + 5000)],
            )


def test_point_lookup_on_a_lazy_clone_fetches_about_the_tree_depth(
    cluster: Cluster, tmp_path: Path
) -> None:
    with device(tmp_path / "a", cluster) as a, device(tmp_path / "b", cluster) as b:
        db_a = a.connect()
        _big_database(db_a)
        pages = scalar(db_a, "pragma page_count", int)
        assert pages * 4096 >= MIN_BYTES
        assert pragma_json(db_a, "graft_push")["remote_lsn"] >= 1

        db_b = b.connect(db_a.filename)  # clones lazily: learns the pages, fetches few
        row = db_b.execute("select id, sku from items where sku = 'sku-00031415'").fetchall()
        assert row == [(31416, "sku-00031415")]
        status = pragma_json(db_b, "graft_status")
        # Page 1 (the schema), then root -> interior -> leaf of the index and of the table: at
        # most six misses, each fetching at most 1 + 8 behind + 64 ahead (the prefetch window).
        # Measured: 99 pages in 3 round trips of a 5815-page (23.8 MB) database.
        assert status["round_trips"] <= 6
        assert status["pages_fetched"] <= 6 * 73
        assert status["pages_fetched"] * 10 < pages
        assert db_b.execute("pragma integrity_check").fetchall() == [("ok",)]  # reads it all


def test_pull_makes_remote_commits_visible_to_an_open_connection(
    cluster: Cluster, tmp_path: Path
) -> None:
    with device(tmp_path / "a", cluster) as a, device(tmp_path / "b", cluster) as b:
        db_a = a.connect()
        db_a.execute("create table notes (id integer primary key, body text)")
        db_a.execute("insert into notes (body) values ('first')")
        pragma_json(db_a, "graft_push")
        db_b = b.connect(db_a.filename)
        assert db_b.execute("select body from notes").fetchall() == [("first",)]

        db_a.execute("update notes set body = 'edited' where id = 1")
        db_a.execute("insert into notes (body) values ('second')")
        pragma_json(db_a, "graft_push")
        assert db_b.execute("select body from notes").fetchall() == [("first",)]
        pulled = pragma_json(db_b, "graft_pull")
        assert pulled["outcome"] == "applied"
        # Same connection, warm page cache: the next transaction sees the pulled commit.
        assert db_b.execute("select body from notes order by id").fetchall() == [
            ("edited",),
            ("second",),
        ]
        assert pragma_json(db_b, "graft_fetch_all")["fetched"] >= 0
        assert pragma_json(db_b, "graft_status")["remote_lsn"] == 2


def test_conflict_resolved_by_reset_and_replay(cluster: Cluster, tmp_path: Path) -> None:
    with device(tmp_path / "a", cluster) as a, device(tmp_path / "b", cluster) as b:
        db_a = a.connect()
        db_a.execute("create table notes (id integer primary key, body text)")
        pragma_json(db_a, "graft_push")
        db_b = b.connect(db_a.filename)
        db_a.execute("insert into notes (body) values ('from a')")
        db_b.execute("insert into notes (body) values ('from b')")
        pragma_json(db_a, "graft_push")
        with pytest.raises(apsw.SQLError, match="graft_push: CommitRejectedError"):
            db_b.execute("pragma graft_push").fetchall()
        assert pragma_json(db_b, "graft_status")["status"] == "rejected_commit"
        # The recorded rejection, as rows and as the JSON pragma.
        errors = db_b.execute("select at_ms, kind, message from graft_errors").fetchall()
        assert [
            (e["at_ms"], e["kind"], e["message"]) for e in pragma_json(db_b, "graft_errors")
        ] == errors
        assert [kind for _, kind, _ in errors] == ["CommitRejectedError"]
        assert db_b.execute("select value from graft_status where key = 'status'").fetchall() == [
            ("rejected_commit",)
        ]
        reset = pragma_json(db_b, "graft_reset")
        assert reset["snapshot"]["remote_lsn"] == 2
        assert db_b.execute("select body from notes").fetchall() == [("from a",)]
        db_b.execute("insert into notes (body) values ('from b')")  # replay its own change
        synced = pragma_json(db_b, "graft_sync")
        assert synced["snapshot"]["remote_lsn"] == 3
        pragma_json(db_a, "graft_pull")
        expected = [("from a",), ("from b",)]
        assert db_a.execute("select body from notes order by id").fetchall() == expected
