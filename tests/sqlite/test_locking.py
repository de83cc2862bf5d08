"""Locking across connections of one process: one writer, snapshot readers, stale writes busy."""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import NoReturn

import apsw
import pytest

from graft_client.reader import LAYERED_COMMITS
from graft_client.volume import Volume
from graft_core.errors import StorageUnavailableError
from graft_core.failpoints import FailPointError, armed
from tests.sqlite.support import Device, device, extended_result, pragma_json, scalar


def _table(dev: Device, rows: int = 10) -> tuple[apsw.Connection, apsw.Connection]:
    first = dev.connect()
    first.execute("create table t (id integer primary key, v int)")
    with first:
        first.executemany("insert into t (v) values (?)", [(i,) for i in range(rows)])
    return first, dev.connect(first.filename)


def _count(db: apsw.Connection) -> int:
    return scalar(db, "select count(*) from t", int)


def test_second_writer_is_busy(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        one, two = _table(dev)
        one.execute("begin immediate")
        with pytest.raises(apsw.BusyError) as busy:
            two.execute("begin immediate")
        assert extended_result(busy.value) == apsw.SQLITE_BUSY
        with pytest.raises(apsw.BusyError):
            two.execute("insert into t (v) values (99)")
        assert _count(two) == 10  # reading is never blocked by a writer
        one.execute("insert into t (v) values (1)")
        one.execute("commit")
        two.execute("insert into t (v) values (2)")  # the lock is free again
        assert _count(one) == _count(two) == 12


def test_reader_keeps_its_snapshot_while_another_connection_commits(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        one, two = _table(dev)
        two.execute("begin")
        assert _count(two) == 10
        lsn = pragma_json(two, "graft_status")["connection_lsn"]
        for n in range(3):
            one.execute("insert into t (v) values (?)", (n,))
        assert _count(one) == 13
        assert _count(two) == 10
        assert pragma_json(two, "graft_status")["connection_lsn"] == lsn
        two.execute("commit")
        assert _count(two) == 13  # the next transaction reads the new snapshot


def test_write_on_a_stale_snapshot_is_busy_snapshot(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        one, two = _table(dev)
        two.execute("begin")
        assert _count(two) == 10
        one.execute("insert into t (v) values (1)")
        with pytest.raises(apsw.BusyError) as busy:
            two.execute("insert into t (v) values (2)")
        assert extended_result(busy.value) == apsw.SQLITE_BUSY_SNAPSHOT
        assert "moved from LSN" in pragma_json(two, "graft_status")["last_busy"]
        two.execute("rollback")
        two.execute("insert into t (v) values (2)")  # retried on the new snapshot
        assert _count(one) == 12


def test_commit_after_the_volume_moved_is_rolled_back(tmp_path: Path) -> None:
    """A commit that lands under an open write transaction (as a pull does) dooms it."""
    with device(tmp_path) as dev:
        one, _ = _table(dev)
        volume = dev.client.open_volume(one.filename)
        one.execute("begin immediate")
        one.execute("insert into t (v) values (100)")
        with volume.writer() as writer:  # same bytes, new LSN: the volume moved
            writer.write(1, writer.read(1))
        with pytest.raises(apsw.BusyError, match="cannot commit") as busy:
            one.execute("commit")
        assert extended_result(busy.value) == apsw.SQLITE_BUSY_SNAPSHOT
        assert one.get_autocommit()  # rolled back, not left open for a retry
        assert _count(one) == 10
        assert one.execute("pragma integrity_check").fetchall() == [("ok",)]
        one.execute("insert into t (v) values (101)")
        assert _count(one) == 11


def test_cache_sees_a_change_made_underneath(tmp_path: Path) -> None:
    """Another connection's commit changes the header counter, so cached pages are dropped."""
    with device(tmp_path) as dev:
        one, two = _table(dev, rows=2000)
        assert _count(one) == 2000  # warms one's page cache
        two.execute("update t set v = -1 where id = 1000")
        assert one.execute("select v from t where id = 1000").fetchall() == [(-1,)]


def test_threads_increment_a_counter_exactly(tmp_path: Path) -> None:
    threads, per_thread = 4, 50
    with device(tmp_path) as dev:
        setup = dev.connect()
        setup.execute("create table counter (n int); insert into counter values (0)")

        def work() -> None:
            db = dev.connect(setup.filename)
            db.set_busy_timeout(10_000)
            for _ in range(per_thread):
                while True:
                    try:
                        with db:
                            db.execute("update counter set n = n + 1")
                        break
                    except apsw.BusyError:
                        continue  # a snapshot went stale: retry on the new one
            db.close()

        workers = [threading.Thread(target=work) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=60)
        assert setup.execute("select n from counter").fetchall() == [(threads * per_thread,)]


def test_read_transactions_on_an_unmoved_volume_reuse_the_idle_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Opening a reader pins a snapshot: a cost per transaction that a "has it moved?" check
    # avoids where the data dir is owned here (SQLite point lookups were 3x native without it).
    from graft_client.volume import Volume

    opened: list[int | None] = []
    open_reader = Volume.reader

    def counted(volume: Volume, lsn: int | None = None) -> object:
        opened.append(lsn)
        return open_reader(volume, lsn)

    with device(tmp_path) as dev:
        one, two = _table(dev)
        assert _count(two) == 10
        monkeypatch.setattr(Volume, "reader", counted)
        for _ in range(20):
            assert _count(two) == 10
        assert opened == []
        with one:
            one.execute("insert into t (v) values (1)")
        assert _count(two) == 11  # moved: a new reader, on the latest snapshot
        assert opened.count(None) == 1


def test_an_autocommit_insert_pins_one_snapshot_where_the_data_dir_is_owned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The writer used to open a view of its own on the transaction's snapshot (a second pin
    # and release per write transaction, on the path every writer waits behind): it reads
    # through the transaction's reader. After a commit the connection reads on through that
    # reader and the pages it committed (``VolumeReader.layered_over``), which the next
    # transaction reads while the volume does not move, and so on for ``LAYERED_COMMITS``
    # commits; then a view of the committed snapshot lets go of the first one's pin. There was
    # a view per insert.
    from graft_client.storage.state import LocalState

    opened: list[int | None] = []
    open_view = LocalState.open_view

    def counted(state: LocalState, vid: object, lsn: int | None, *args: object) -> object:
        opened.append(lsn)
        return open_view(state, vid, lsn, *args)  # type: ignore[arg-type]

    with device(tmp_path) as dev:
        one, _ = _table(dev)
        one.execute("insert into t (v) values (0)")
        monkeypatch.setattr(LocalState, "open_view", counted)
        for n in range(20):
            one.execute("insert into t (v) values (?)", (n,))
        assert 1 <= len(opened) <= math.ceil(20 / LAYERED_COMMITS), opened
        assert _count(one) == 31
        assert scalar(one, "pragma integrity_check", str) == "ok"


def test_the_next_transaction_reads_the_header_its_connection_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite reads page 1 as each transaction begins (its change counter); after a commit of
    # its own, the connection has the committed page 1 already: reading it again from the
    # volume cost each autocommit insert a page read and a copy of the page.
    from graft_client.reader import VolumeReader

    headers: list[int] = []
    read = VolumeReader.read

    def counted(reader: VolumeReader, pageidx: int) -> bytes:
        if pageidx == 1:
            headers.append(pageidx)
        return read(reader, pageidx)

    with device(tmp_path) as dev:
        one, two = _table(dev)
        one.execute("insert into t (v) values (0)")
        monkeypatch.setattr(VolumeReader, "read", counted)
        for n in range(20):
            one.execute("insert into t (v) values (?)", (n,))
        assert headers == []
        assert _count(two) == 31  # another connection reads the new header
        assert headers == [1]
        assert scalar(one, "pragma integrity_check", str) == "ok"


def _unreachable(*args: object, **kwargs: object) -> NoReturn:
    raise StorageUnavailableError("the owner process went away during the call")


# 300 rows: the transaction spills into the file, so its rollback writes pages back; which
# fails when the rollback cannot reach the volume either (its owner process is gone too).
@pytest.mark.parametrize(("rows", "rollback_fails"), [(1, False), (300, False), (300, True)])
def test_a_commit_that_landed_though_reported_failed_is_not_overwritten_from_a_stale_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rows: int, rollback_fails: bool
) -> None:
    """The commit is written, then fails (as when the owner process dies before answering, or
    a second Ctrl-C comes): SQLite rolls back a transaction that landed. Its next commit must
    build on the volume's pages, not on the cache it kept from before."""
    with device(tmp_path) as dev:
        db = dev.connect()
        db.execute("pragma cache_size=5")
        db.execute("create table t(n integer, pad text)")
        insert = (
            "with recursive n(v) as (select ?1 union all select v + 1 from n where v < ?2) "
            "insert into t select v, zeroblob(500) from n"
        )
        with monkeypatch.context() as patch, armed("commit.written", "error"):
            if rollback_fails:
                patch.setattr(Volume, "writer", _unreachable)  # the rollback's writer
            # The commit's error itself, nothing chained to an SQLite one; or the rollback's.
            failed = (FailPointError, StorageUnavailableError) if rollback_fails else FailPointError
            with pytest.raises(failed):
                db.execute(insert, (1, rows))
        db.execute(insert, (rows + 1, rows + 1))
        assert scalar(db, "select count(*) from t", int) == rows + 1
        assert scalar(db, "pragma integrity_check", str) == "ok"
