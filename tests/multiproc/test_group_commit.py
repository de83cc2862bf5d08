"""Writers of one volume follow each other without waiting for each other's fsync: a commit
hands the writer lease over once it is written and is acknowledged once a WAL sync (shared
with the commits written meanwhile) made it durable; a connection that writes takes the lease
as its next transaction begins, waiting at the owner instead of failing busy."""

from __future__ import annotations

import threading
from pathlib import Path

import apsw
import pytest

from graft_client import Client
from graft_client.shared import leases
from graft_client.storage.db import LocalDB
from graft_core.ids import VolumeId
from tests.sqlite.support import Device, scalar
from tests.support.polling import wait_until

PAGE = b"\x01" * 4096


def _gate_syncs(monkeypatch: pytest.MonkeyPatch, db: LocalDB) -> tuple[threading.Event, list[int]]:
    """Hold every WAL sync of ``db`` until the event is set; the list counts them."""
    gate, syncs = threading.Event(), []
    flush = db._flush_wal

    def gated() -> None:
        syncs.append(1)
        assert gate.wait(30)
        flush()

    monkeypatch.setattr(db, "_flush_wal", gated)
    return gate, syncs


def test_a_commit_hands_the_lease_over_before_it_is_durable_and_returns_after(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    owner = pair[0]
    mine, theirs = table
    volume = owner.client.open_volume(mine.filename)
    before = volume.latest_lsn()
    gate, _ = _gate_syncs(monkeypatch, owner.client.state.records().db)
    acked = threading.Event()

    def insert() -> None:
        theirs.execute("insert into t values (1)")
        acked.set()

    inserting = threading.Thread(target=insert)
    inserting.start()
    try:
        wait_until(lambda: volume.latest_lsn() > before or None, 10, "the commit written")
        mine.set_busy_timeout(10_000)
        mine.execute("begin immediate")  # the lease went on before the sync
        assert not acked.is_set()  # not durable yet: not acknowledged
    finally:
        gate.set()
        inserting.join()
    assert acked.is_set()
    mine.execute("insert into t values (2)")
    mine.execute("commit")
    assert scalar(theirs, "select sum(n) from t", int) == 3


def test_commits_waiting_for_a_wal_sync_share_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Client(tmp_path) as client:
        volumes = [client.create_volume(sync="disabled") for _ in range(4)]
        gate, syncs = _gate_syncs(monkeypatch, client.state.records().db)

        def commit(n: int) -> None:
            with volumes[n].writer() as writer:
                writer.write(1, PAGE)

        threads = [threading.Thread(target=commit, args=(n,)) for n in range(4)]
        threads[0].start()
        wait_until(lambda: syncs or None, 10, "the first commit's sync")
        for thread in threads[1:]:
            thread.start()
        wait_until(
            lambda: all(v.latest_lsn() == 1 for v in volumes) or None, 10, "every commit written"
        )
        gate.set()
        for thread in threads:
            thread.join()
        # One sync for the four: the first commit's began once the others had been written.
        assert len(syncs) == 1
        assert all(v.latest_lsn() == 1 for v in volumes)


def test_a_connection_that_writes_waits_for_the_lease_as_its_transaction_begins(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(leases, "AHEAD_WAIT_S", 30.0)
    owner = pair[0]
    mine, theirs = table
    theirs.execute("insert into t values (1)")  # it writes: it takes the lease ahead from now
    mine.execute("begin immediate")
    mine.execute("insert into t values (2)")
    busy: list[apsw.BusyError] = []

    def insert() -> None:
        try:
            theirs.execute("insert into t values (3)")  # no busy timeout
        except apsw.BusyError as exc:
            busy.append(exc)

    inserting = threading.Thread(target=insert)
    inserting.start()
    vid = VolumeId.parse(mine.filename)
    wait_until(lambda: owner.client.leases.waiting(vid) or None, 10, "the writer waiting")
    mine.execute("commit")
    inserting.join()
    assert busy == []
    assert scalar(mine, "select sum(n) from t", int) == 6


def test_a_read_after_a_write_keeps_other_writers_out_briefly_at_most(
    table: tuple[apsw.Connection, apsw.Connection],
) -> None:
    mine, theirs = table
    theirs.execute("insert into t values (1)")
    theirs.execute("begin")
    assert scalar(theirs, "select count(*) from t", int) == 1  # took the lease ahead; reads
    mine.execute("insert into t values (2)")  # no busy timeout: the unconfirmed lease lapses
    assert scalar(theirs, "select count(*) from t", int) == 1
    theirs.execute("commit")
    assert scalar(theirs, "select count(*) from t", int) == 2


def _trace_calls(monkeypatch: pytest.MonkeyPatch, attached: Device) -> list[str]:
    """The requests the attached process makes of the owner from now on."""
    link = attached.client.shared.link()
    assert link is not None
    asked: list[str] = []
    call = link.call

    def traced(op: str, *args: object) -> object:
        asked.append(op)
        return call(op, *args)

    monkeypatch.setattr(link, "call", traced)
    return asked


def test_a_pin_sends_the_pages_changed_since_the_secondary_along(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    attached = pair[1]
    mine, theirs = table
    assert scalar(theirs, "select count(*) from t", int) == 0
    attached.client.state.settle()  # its secondary caught up: the owner names what changed since
    asked = _trace_calls(monkeypatch, attached)
    for n in range(1, 4):
        mine.execute("insert into t values (?)", (n,))
        assert scalar(theirs, "select sum(n) from t", int) == n * (n + 1) // 2
    # More pages than a pin once sent along (8): a row per page, then the pages in one pin.
    for _ in range(12):
        mine.execute("insert into t values (zeroblob(3000))")
    assert scalar(theirs, "select count(*) from t", int) == 15
    assert "pin" in asked
    assert "read" not in asked


def test_a_pin_sends_no_page_the_asker_committed_itself(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mine, theirs = table
    link = pair[1].client.shared.link()
    assert link is not None
    sent: list[int] = []
    call = link.call

    def traced(op: str, *args: object) -> object:
        answer = call(op, *args)
        if op in ("pin", "pin_ahead"):
            sent.extend(answer[3])
        return answer

    monkeypatch.setattr(link, "call", traced)
    theirs.execute("insert into t values (2)")
    sent.clear()
    assert scalar(theirs, "select sum(n) from t", int) == 2
    assert sent == []  # the pages of its own commit: kept there, not sent back
    mine.execute("insert into t values (3)")
    assert scalar(theirs, "select sum(n) from t", int) == 5
    assert sent  # another's change is sent


def test_a_writer_heard_after_its_lease_lapsed_is_retried_not_failed(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process running late (the machine is busy) lets the lease it took ahead lapse; another
    file takes it and commits. The late writer must learn it as it begins to write (SQLITE_BUSY,
    retried on a new snapshot under its busy timeout), not as its commit fails."""
    mine, theirs = table
    theirs.execute("insert into t values (1)")  # it writes: it takes the lease ahead from now
    for db in table:
        db.set_busy_timeout(10_000)
    words = pair[1].client.leases._words
    confirm = words.confirm
    late, done = threading.Event(), threading.Event()

    def confirmed_late(slot: int, number: int) -> bool:
        if not late.is_set():
            late.set()
            assert done.wait(10)
        return confirm(slot, number)

    monkeypatch.setattr(words, "confirm", confirmed_late)
    inserting = threading.Thread(target=theirs.execute, args=("insert into t values (2)",))
    inserting.start()
    assert late.wait(10)
    mine.execute("insert into t values (3)")  # takes the lapsed lease and commits
    done.set()
    inserting.join(30)
    assert scalar(mine, "select sum(n) from t", int) == 6
    assert scalar(theirs, "select count(*) from t", int) == 3
