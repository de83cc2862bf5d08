"""An attached process reads its secondary as it stands, and the pages the owner's commits
changed since through the owner (or its page cache): SQLite transactions from an attached
process neither catch the secondary up each nor pay more round trips than they need, and every
reader still sees exactly its snapshot."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client
from graft_client.reader import LAYERED_COMMITS
from graft_client.shared.link import OwnerLink
from graft_client.shared.state import SharedState
from graft_client.storage.db import LocalDB
from graft_core.ids import VolumeId
from graft_core.types import LocalLSN
from tests.sqlite.support import Device, scalar
from tests.support.polling import wait_until
from tests.sync.support import page, write_pages


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    """The owner of a data dir and a client attached to it, in this process, each with a VFS."""
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        assert owner.is_owner and not attached.is_owner
        yield Device(owner), Device(attached)


@pytest.fixture
def catch_ups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per catch-up of a secondary (only the attached client has one)."""
    counted: list[int] = []
    real = LocalDB.catch_up

    def counting(db: LocalDB) -> bool:
        counted.append(1)
        return real(db)

    monkeypatch.setattr(LocalDB, "catch_up", counting)
    return counted


def test_sqlite_writers_taking_turns_do_not_catch_the_secondary_up_each(
    pair: tuple[Device, Device], catch_ups: list[int]
) -> None:
    """Each transaction of the attached writer found its secondary behind the owner (the owner
    had committed in between) and caught it up (milliseconds holding the GIL): 3.4x slower
    than the owner's writer alone, and worse with 4 writers (benchmarks/multiprocess.py)."""
    owner, attached = pair
    mine = owner.connect()
    mine.execute("create table t(who text, n integer)")
    theirs = attached.connect(mine.filename)
    catch_ups.clear()
    for n in range(30):
        mine.execute("insert into t values ('owner', ?)", (n,))
        theirs.execute("insert into t values ('attached', ?)", (n,))
        assert scalar(theirs, "select count(*) from t", int) == 2 * (n + 1)
        assert scalar(mine, "select count(*) from t", int) == 2 * (n + 1)
    assert len(catch_ups) <= 3, f"{len(catch_ups)} catch-ups for 30 transactions"
    assert scalar(theirs, "pragma integrity_check", str) == "ok"
    theirs.close()
    mine.close()


def test_an_attached_autocommit_insert_costs_three_round_trips(
    pair: tuple[Device, Device], requests: dict[str, list[str]]
) -> None:
    """Pin the latest snapshot, take the writer lease, commit: the lease says the volume's
    latest LSN (the writer starts on the transaction's snapshot, pinned here already) and the
    commit pins its result for the connection's next reader. It took six. Two releases: the
    lease, and the snapshot the commit was based on (the owner does not pin the latest
    snapshot again for a process that holds it, which it then released at once)."""
    owner, attached = pair
    setup = owner.connect()
    setup.execute("create table t(n integer)")
    db = attached.connect(setup.filename)
    db.execute("insert into t values (0)")
    for ops in requests.values():
        ops.clear()
    for n in range(1, 21):
        db.execute("insert into t values (?)", (n,))
    assert len(requests["call"]) <= 3 * 20, sorted(set(requests["call"]))
    assert len(requests["notify"]) <= 2 * 20, sorted(set(requests["notify"]))
    assert scalar(setup, "select sum(n) from t", int) == sum(range(21))
    db.close()
    setup.close()


def test_an_attached_autocommit_insert_pins_its_snapshot_once_before_it_commits(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the pin that takes the writer lease and the commit (the time every other
    writer waits), the writer opened a second view on the transaction's snapshot (a pin and
    a release, counted here): it reads through the transaction's reader. After its commit it
    reads on through that reader and the pages it committed (no view, nor a pin the commit
    takes along; there was one of each per insert) for ``LAYERED_COMMITS`` commits, then
    opens a view of the committed snapshot, which lets go of the first one's pin."""
    owner, attached = pair
    setup = owner.connect()
    setup.execute("create table t(n integer)")
    db = attached.connect(setup.filename)
    db.execute("insert into t values (0)")
    opened: list[int | None] = []
    open_view = SharedState.open_view

    def counted(state: SharedState, vid: VolumeId, lsn: LocalLSN | None, *args: Any) -> Any:
        if not state.is_owner:
            opened.append(lsn)
        return open_view(state, vid, lsn, *args)

    monkeypatch.setattr(SharedState, "open_view", counted)
    for n in range(1, 21):
        db.execute("insert into t values (?)", (n,))
    assert opened.count(None) == 20, opened  # each transaction's pin, which takes the lease
    assert 1 <= len(opened) - 20 <= math.ceil(20 / LAYERED_COMMITS), opened
    assert scalar(setup, "select sum(n) from t", int) == sum(range(21))
    db.close()
    setup.close()


def test_an_attached_writer_releases_the_snapshot_the_volume_left_behind_after_committing(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When another process committed since, the transaction's pin replaces the connection's
    idle reader, whose release is a message to the owner: it was sent between the pin and the
    commit, where every other writer waits (a send can cost a context switch)."""
    owner, attached = pair
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    theirs = attached.connect(mine.filename)
    theirs.execute("insert into t values (0)")
    sent: list[str] = []
    for how in ("call", "notify", "notify_soon"):
        real = getattr(OwnerLink, how)

        def recording(link: OwnerLink, op: str, *args: Any, real: Any = real) -> Any:
            sent.append(op)
            return real(link, op, *args)

        monkeypatch.setattr(OwnerLink, how, recording)
    for n in range(1, 11):
        mine.execute("insert into t values (?)", (n,))  # the volume moves past their reader
        sent.clear()
        theirs.execute("insert into t values (?)", (n,))
        # The snapshot read before; the transaction's own stays pinned under the reader of its
        # commit (``layered_over``) until the next transaction (it was let go of at the commit).
        assert sent.count("unpin") == 1, sent
        assert "unpin" not in sent[: sent.index("commit")], sent
    assert scalar(theirs, "select count(*) from t", int) == 21
    theirs.close()
    mine.close()


def test_an_attached_reader_keeps_its_snapshot_over_a_caught_up_secondary(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, attached = pair
    volume = owner.client.create_volume(sync="disabled")
    write_pages(volume, {idx: page(f"first {idx}") for idx in range(1, 9)})
    theirs = attached.client.local_volume(volume.vid)
    theirs.reader().close()
    write_pages(volume, {1: page("second 1")})
    theirs.status()  # catches the secondary up: it has the volume as of the second commit
    attached.client.state.settle()
    catch_up = LocalDB.catch_up
    monkeypatch.setattr(LocalDB, "catch_up", lambda db: None)  # it lags from here
    write_pages(volume, {2: page("third 2"), 7: page("third 7")})
    expected = {idx: page(f"first {idx}") for idx in range(1, 9)}
    expected |= {1: page("second 1"), 2: page("third 2"), 7: page("third 7")}
    with theirs.reader() as reader:  # the third commit's pages through the owner
        assert {idx: reader.read(idx) for idx in range(1, 9)} == expected
        write_pages(volume, {2: page("fourth 2"), 5: page("fourth 5")})
        monkeypatch.setattr(LocalDB, "catch_up", catch_up)
        theirs.status()  # the secondary now holds an LSN past the reader's snapshot
        assert {idx: reader.read(idx) for idx in range(1, 9)} == expected
    with theirs.reader() as reader:
        assert reader.read(2) == page("fourth 2")
        assert reader.read(5) == page("fourth 5")


def test_pages_cut_by_a_truncate_read_as_zeros_in_an_attached_process(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, attached = pair
    volume = owner.client.create_volume(sync="disabled")
    write_pages(volume, {idx: page(f"old {idx}") for idx in range(1, 7)})
    theirs = attached.client.local_volume(volume.vid)
    with theirs.reader() as reader:
        assert reader.read(6) == page("old 6")
    write_pages(volume, {1: page("old 1")})
    theirs.status()  # the secondary knows the volume from here
    attached.client.state.settle()
    monkeypatch.setattr(LocalDB, "catch_up", lambda db: None)  # and lags from here
    with volume.writer() as writer:
        writer.truncate(2)
    with volume.writer() as writer:
        writer.truncate(6)
        writer.write(3, page("new 3"))
    with theirs.reader() as reader:
        assert reader.page_count == 6
        assert reader.read(3) == page("new 3")
        assert [reader.read(idx) for idx in (4, 5, 6)] == [bytes(4096)] * 3
        assert reader.read(1) == page("old 1")


def test_a_commits_spare_snapshot_read_and_released_before_its_base_is_released_once(
    pair: tuple[Device, Device],
) -> None:
    owner, attached = pair
    vid = owner.client.create_volume().vid
    volume = attached.client.local_volume(vid)
    write_pages(volume, {1: page("base")})
    base_reader = volume.reader()  # another thread's reader of the base, say
    write_pages(volume, {1: page("next")})  # its commit pins the next snapshot as a spare
    spare_reader = volume.reader()  # takes the spare
    spare_reader.close()
    base_reader.close()  # before: KeyError, and the base stayed pinned at the owner
    wait_until(lambda: owner.client.state._pins.oldest(vid) is None or None, 10, "no pin")


def test_the_pages_a_pin_sends_along_are_the_newest_commits_as_written(tmp_path: Path) -> None:
    # The owner keeps its newest commit's pages for the next pin: as they were committed,
    # whatever the writer does with its mapping next, and for that commit only.
    with Client(tmp_path) as owner:
        vid = owner.create_volume(sync="disabled").vid
        pages = {1: page("committed")}
        snapshot, _, _ = owner.state.commit_here(vid, None, pages, 2, 2)
        pages[1] = page("late")
        assert owner.state.newest_page(vid, snapshot.lsn, 1) == page("committed")
        assert owner.state.newest_page(vid, snapshot.lsn, 2) is None
        newer, _, _ = owner.state.commit_here(vid, snapshot, {1: page("next")}, 2, 2)
        assert owner.state.newest_page(vid, newer.lsn, 1) == page("next")
        assert owner.state.newest_page(vid, snapshot.lsn, 1) is None  # not the newest commit


def test_an_attached_reader_reads_each_page_at_its_own_version_as_commits_go_on(
    pair: tuple[Device, Device],
) -> None:
    owner, attached = pair
    vid = owner.client.create_volume().vid
    mine = attached.client.local_volume(vid)
    theirs = owner.client.local_volume(vid)
    expected: dict[int, bytes] = {}
    for round_ in range(6):  # pages 1 and 2 in turns: one from the newest commit, one older
        idx = 1 + round_ % 2
        expected[idx] = page(f"owner {round_}")
        write_pages(theirs, {idx: expected[idx]})
        with mine.reader() as reader:
            assert {i: reader.read(i) for i in expected} == expected
