"""Minimal reproductions of what the outside corpus (``test_corpus``) found in the VFS."""

from __future__ import annotations

from pathlib import Path

from tests.sqlite.support import device

MARKER = b"ROLLED-BACK-"
ROWS = 50


def test_a_savepoint_rolled_back_after_a_spill_leaves_nothing_in_the_volume(
    tmp_path: Path,
) -> None:
    """SQLite's savepoint.test: a transaction spills its rows into the file (the cache holds 5
    pages), rolls back to a savepoint and commits. SQLite truncates the file after the sync;
    the volume must end as short, without the rolled-back rows in pages past its end."""
    with device(tmp_path) as dev:
        db = dev.connect()
        db.execute("pragma cache_size = 5; create table t (x); insert into t values (1)")
        db.execute("begin; savepoint one; create table spilled (x)")
        db.execute(
            "with r(i) as (select 1 union all select i + 1 from r where i < ?) "
            "insert into spilled select ? || zeroblob(3000) from r",
            (ROWS, MARKER),
        )
        db.execute("rollback to one; commit")
        assert db.execute("select count(*) from t").fetchall() == [(1,)]
        volume = dev.client.open_volume(db.filename)
        snapshot = volume.snapshot()
        assert snapshot is not None
        assert snapshot.page_count == db.execute("pragma page_count").fetchall()[0][0]
        with volume.reader() as reader:
            assert not [n for n in range(1, ROWS + 10) if MARKER in reader.read(n)]
