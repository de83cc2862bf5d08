"""Writers waiting at the owner for a volume's lease take it in turn, first come first: the
thread that frees the lease gives it to the next and answers its pin right there; a waiter
whose time runs out, or whose holder's lease taken ahead lapses, is told by the alarm."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import apsw
import pytest

from graft_client.shared import leases
from graft_client.shared.alarm import Alarm
from graft_client.shared.leases import WriterLeases
from graft_client.shared.server import Connection, Reply
from graft_client.shared.service import OwnerService
from graft_core.ids import VolumeId
from tests.sqlite.support import Device, scalar
from tests.support.polling import wait_until


def _told(table: WriterLeases, vid: VolumeId, holder: int, told: list[tuple[int, bool]]) -> None:
    """``holder`` (file ``holder * 10``) waits for the lease; ``told`` gets its answer."""
    table.grant_ahead_then(holder, vid, holder * 10, lambda taken: told.append((holder, taken)))


def test_the_commit_that_frees_the_lease_answers_the_next_writer(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(leases, "AHEAD_WAIT_S", 30.0)
    owner = pair[0]
    mine, theirs = table
    pinned_on: list[str] = []
    pin = OwnerService._pin

    def recorded(self: OwnerService, conn: Connection, *args: Any) -> Any:
        pinned_on.append(threading.current_thread().name)
        return pin(self, conn, *args)

    theirs.execute("insert into t values (1)")  # it writes: it takes the lease ahead from now
    mine.execute("begin immediate")
    mine.execute("insert into t values (2)")
    inserting = threading.Thread(target=theirs.execute, args=("insert into t values (3)",))
    inserting.start()
    vid = VolumeId.parse(mine.filename)
    wait_until(lambda: owner.client.leases.waiting(vid) or None, 10, "the writer waiting")
    monkeypatch.setattr(OwnerService, "_pin", recorded)
    mine.execute("commit")
    inserting.join()
    # The waiter's pin was made and answered by this thread's commit, not by a thread woken.
    assert pinned_on == [threading.current_thread().name]
    assert scalar(mine, "select sum(n) from t", int) == 6


def test_a_writer_waiting_too_long_begins_without_the_lease(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(leases, "AHEAD_WAIT_S", 0.2)
    owner = pair[0]
    mine, theirs = table
    vid = VolumeId.parse(mine.filename)
    theirs.execute("insert into t values (1)")
    mine.execute("begin immediate")
    mine.execute("insert into t values (2)")
    theirs.execute("begin")
    assert scalar(theirs, "select count(*) from t", int) == 1  # the alarm told it: no lease
    assert owner.client.leases.waiting(vid) == 0
    with pytest.raises(apsw.BusyError):
        theirs.execute("insert into t values (3)")  # no busy timeout: mine writes
    theirs.execute("rollback")
    mine.execute("commit")
    theirs.execute("insert into t values (3)")
    assert scalar(mine, "select sum(n) from t", int) == 6


def test_waiters_take_the_lease_in_turn_and_one_that_drops_is_skipped(
    pair: tuple[Device, Device],
) -> None:
    table, vid = pair[0].client.leases, VolumeId.random()
    told: list[tuple[int, bool]] = []
    assert table.grant(1, vid, 10)
    for holder in (2, 3, 4):
        _told(table, vid, holder, told)
    assert table.waiting(vid) == 3
    table.drop(2)  # its process went away while it waited
    assert (table.waiting(vid), told) == (2, [])
    table.revoke(1, vid, 10)
    assert told == [(3, True)]  # told at once, by the thread that freed the lease
    assert table.grant(3, vid, 30)  # it holds the lease: confirmed
    table.drop(3)  # a holder that goes away hands the lease on too
    assert told == [(3, True), (4, True)]
    _told(table, vid, 5, told)
    table.drop(5)  # the last waiter goes: nothing is kept for the volume
    assert table.waiting(vid) == 0
    assert vid not in table._queues


def test_a_revoke_says_whether_the_lease_went_on_with_others_waiting_behind(
    pair: tuple[Device, Device],
) -> None:
    """What a commit's WAL sync waits for (``SharedState.commit_here``): only a lease that
    went to a writer with others behind it has the next commit coming while this writer's
    process is not next."""
    table, vid = pair[0].client.leases, VolumeId.random()
    told: list[tuple[int, bool]] = []
    assert table.grant(1, vid, 10)
    _told(table, vid, 2, told)
    _told(table, vid, 3, told)
    assert table.revoke(1, vid, 10)  # to 2, with 3 behind it
    assert not table.revoke(2, vid, 20)  # to 3, the last: 2's process may be next
    assert not table.revoke(3, vid, 30)  # to nobody
    assert not table.revoke(3, vid, 30)  # not held
    assert told == [(2, True), (3, True)]


def test_a_lease_taken_ahead_that_lapses_goes_to_the_next_waiter(
    pair: tuple[Device, Device],
) -> None:
    table, vid = pair[0].client.leases, VolumeId.random()
    told: list[tuple[int, bool]] = []
    assert table.grant_ahead(1, vid, 10)  # never confirmed: it lapses after AHEAD_S
    _told(table, vid, 2, told)
    wait_until(lambda: told or None, 10, "the waiter told")
    assert told == [(2, True)]
    assert not table.grant(1, vid, 10)  # the waiter holds it now


def test_a_waiter_is_told_no_once_its_time_runs_out(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leases, "AHEAD_WAIT_S", 0.1)
    table, vid = pair[0].client.leases, VolumeId.random()
    told: list[tuple[int, bool]] = []
    assert table.grant(1, vid, 10)
    _told(table, vid, 2, told)
    wait_until(lambda: told or None, 10, "the waiter told")
    assert told == [(2, False)]
    assert table.waiting(vid) == 0
    table.revoke(1, vid, 10)
    assert table.grant_ahead(3, vid, 30)  # free: taken at once


def test_the_alarm_rings_at_the_earliest_time_set_and_its_thread_ends_after() -> None:
    rung: list[float] = []
    alarm = Alarm(lambda: rung.append(time.monotonic()), "test-alarm")
    start = time.monotonic()
    alarm.set(start + 30)
    alarm.set(start + 0.05)  # earlier: this one counts
    wait_until(lambda: rung or None, 10, "the alarm ringing")
    assert start + 0.05 <= rung[0] < start + 30
    wait_until(lambda: "test-alarm" not in _threads(), 10, "the alarm's thread ending")
    alarm.set(time.monotonic())  # set again: a thread again
    wait_until(lambda: len(rung) == 2 or None, 10, "the alarm ringing again")


def _threads() -> set[str]:
    return {thread.name for thread in threading.enumerate()}


def test_a_pin_made_for_a_process_as_it_goes_away_is_undone(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = pair[0].client
    vid = VolumeId.parse(table[0].filename)
    service = OwnerService(client.state, client.session, client.leases)
    ours, theirs = socket.socketpair()
    conn = Connection(ours)
    pin_since, unpin = client.state.pin_since, client.state.unpin
    unpinned: list[tuple[VolumeId, int]] = []

    def dropping_meanwhile(*args: Any) -> Any:
        found = pin_since(*args)
        service.dropped(conn)  # its process went away while another thread pinned for it
        return found

    def recorded(vid: VolumeId, lsn: int) -> None:
        unpinned.append((vid, lsn))
        unpin(vid, lsn)

    monkeypatch.setattr(client.state, "pin_since", dropping_meanwhile)
    monkeypatch.setattr(client.state, "unpin", recorded)
    service.handle(Reply(conn, 1, "pin"), "pin", [bytes(vid), None, None, 0, None])
    assert unpinned == [(vid, client.state.latest_lsn(vid))]
    ours.close()
    theirs.close()
