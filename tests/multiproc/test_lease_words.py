"""A writer lease taken ahead is confirmed through a word shared with the owner, with no round
trip; a confirmed lease does not lapse, and a lapsed one (or one an earlier owner granted) does
not confirm."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client.shared import leases, leasewords
from graft_client.shared.leases import WriterLeases
from graft_client.shared.leasewords import LEASE_WORDS, LeaseWords
from graft_core.ids import VolumeId
from tests.sqlite.support import Device, device, scalar
from tests.support.polling import wait_until


@pytest.fixture
def words(tmp_path: Path) -> Iterator[tuple[LeaseWords, LeaseWords]]:
    """The owner's words and a holder's, on one file (two open files, as two processes)."""
    owner, holder = LeaseWords(tmp_path / "words"), LeaseWords(tmp_path / "words")
    yield owner, holder
    owner.close()
    holder.close()


def _granted(owner: LeaseWords, vid: VolumeId) -> tuple[int, int]:
    owner.grant(vid)
    word = owner.word(vid)
    assert word is not None
    return word


def test_a_confirmed_grant_is_kept_and_an_unconfirmed_one_goes(
    words: tuple[LeaseWords, LeaseWords],
) -> None:
    owner, holder = words
    kept, lapsed = VolumeId.random(), VolumeId.random()
    assert holder.confirm(*_granted(owner, kept))
    assert not owner.withdraw(kept)
    late = _granted(owner, lapsed)
    assert owner.withdraw(lapsed)
    assert not holder.confirm(*late)


def test_a_new_grant_makes_the_last_one_unconfirmable(words: tuple[LeaseWords, LeaseWords]) -> None:
    owner, holder = words
    vid = VolumeId.random()
    first = _granted(owner, vid)
    second = _granted(owner, vid)
    assert first[0] == second[0] and first[1] != second[1]
    assert not holder.confirm(*first)
    assert holder.confirm(*second)


def test_a_new_owner_confirms_nothing_the_last_one_granted(
    tmp_path: Path, words: tuple[LeaseWords, LeaseWords]
) -> None:
    owner, holder = words
    word = _granted(owner, VolumeId.random())
    successor = LeaseWords(tmp_path / "words")
    try:
        successor.clear()
        assert not holder.confirm(*word)
        again = _granted(successor, VolumeId.random())
        assert again[1] != word[1]
        assert holder.confirm(*again)
    finally:
        successor.close()


def test_a_new_owner_clears_the_words_without_waiting_for_a_slot_being_confirmed(
    tmp_path: Path, words: tuple[LeaseWords, LeaseWords]
) -> None:
    """A holder stopped (SIGSTOP) while it confirms holds its slot's lock: the takeover must not
    wait for it (it did, and with it every process of the data dir)."""
    owner, holder = words
    confirming, other = _granted(owner, VolumeId.random()), _granted(owner, VolumeId.random())
    successor = LeaseWords(tmp_path / "words")
    try:
        with holder._slot(confirming[0]):
            successor.clear()
        assert not holder.confirm(*other)
        assert holder.confirm(*confirming)  # its holder held it at the last owner
    finally:
        successor.close()


def test_grants_beyond_the_slots_have_no_word_and_always_lapse(
    words: tuple[LeaseWords, LeaseWords], monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, holder = words
    monkeypatch.setattr(leasewords, "SLOTS", 1)
    first, second = VolumeId.random(), VolumeId.random()
    assert holder.confirm(*_granted(owner, first))
    owner.grant(second)
    assert owner.word(second) is None
    assert owner.withdraw(second)
    assert not holder.confirm(1, 1)  # no such slot


def test_an_attached_writer_confirms_its_lease_with_no_round_trip(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = pair[0].client.shared._server
    assert server is not None
    asked: list[str] = []
    run = server._run

    def recorded(conn: Any, request_id: int, op: str, args: list[Any]) -> None:
        asked.append(op)
        run(conn, request_id, op, args)

    _, theirs = table
    theirs.execute("insert into t values (1)")  # it writes: it takes the lease ahead from now
    monkeypatch.setattr(server, "_run", recorded)
    for n in range(5):
        theirs.execute("insert into t values (?)", (n,))
    assert scalar(theirs, "select count(*) from t", int) == 6
    assert asked.count("pin_ahead") >= 5
    assert "lock_at" not in asked


def test_a_lease_confirmed_through_its_word_does_not_lapse(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leases, "AHEAD_S", 0.0)  # unconfirmed, it would lapse at once
    monkeypatch.setattr(leases, "AHEAD_WAIT_S", 0.2)
    table: WriterLeases = pair[0].client.leases
    vid = VolumeId.random()
    assert table.grant_ahead(1, vid, 10)
    word = table.word(1, vid, 10)
    assert word is not None
    assert pair[1].client.leases._words.confirm(*word)
    told: list[bool] = []
    decided = threading.Event()

    def then(taken: bool) -> None:
        told.append(taken)
        decided.set()

    table.grant_ahead_then(2, vid, 20, then)
    wait_until(lambda: decided.is_set() or None, 10, "the waiter told")
    assert told == [False]
    assert table.grant(1, vid, 10)  # still its holder's


def test_the_owner_never_waits_for_a_slot_another_process_holds_locked(
    words: tuple[LeaseWords, LeaseWords],
) -> None:
    """A process stopped mid-confirmation holds its slot's lock: the owner goes on without it."""
    owner, holder = words
    vid = VolumeId.random()
    slot, _ = _granted(owner, vid)
    with holder._slot(slot):
        assert not owner.withdraw(vid)  # it may be confirming: counted as confirmed
        owner.grant(vid)
        assert owner.word(vid) is None  # not written: its holder asks the owner instead
    assert holder.confirm(*_granted(owner, vid))


def test_a_words_file_cut_short_or_on_a_full_disk_confirms_nothing_and_raises_nothing(
    tmp_path: Path, words: tuple[LeaseWords, LeaseWords]
) -> None:
    """A hostile truncate, or a write the disk refuses: the holder asks the owner instead (a
    mapped file would have been a SIGBUS)."""
    owner, holder = words
    word = _granted(owner, VolumeId.random())
    os.truncate(tmp_path / "words", 0)
    assert not holder.confirm(*word)
    full = LeaseWords(Path("/dev/full"))  # every write: ENOSPC
    try:
        vid = VolumeId.random()
        full.grant(vid)
        assert full.word(vid) is None
        assert full.withdraw(vid)
    finally:
        full.close()


def test_a_words_file_that_cannot_be_opened_confirms_nothing_and_raises_nothing(
    tmp_path: Path,
) -> None:
    (tmp_path / "words").mkdir()
    words = LeaseWords(tmp_path / "words")
    try:
        vid = VolumeId.random()
        words.clear()
        words.grant(vid)
        assert words.word(vid) is None
        assert not words.confirm(0, 1)
    finally:
        words.close()


def test_processes_write_in_turn_with_no_usable_words_file(tmp_path: Path) -> None:
    (tmp_path / LEASE_WORDS).mkdir()  # a hostile user's, say
    with device(tmp_path) as owner, device(tmp_path) as attached:
        mine = owner.connect()
        mine.execute("create table t(n integer)")
        theirs = attached.connect(mine.filename)
        for n in range(5):
            theirs.execute("insert into t values (?)", (n,))
            mine.execute("insert into t values (?)", (n,))
        assert scalar(theirs, "select count(*) from t", int) == 10
        theirs.close()
        mine.close()
