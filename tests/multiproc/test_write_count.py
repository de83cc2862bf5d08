"""The owner's count of its writes (``WriteCount``): an attached SQLite read transaction reuses
its idle reader while the count says nothing was written since, as the owner's does, and sees
every write of any kind at its next transaction."""

from __future__ import annotations

import errno
import multiprocessing as mp
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import Client
from graft_client.shared import service
from graft_client.shared import state as shared_state
from graft_client.shared.wire import WIRE_VERSION
from graft_client.shared.writecount import WRITE_COUNT, WriteCount, read_count
from graft_client.sqlite import register, unregister
from graft_client.storage.db import LocalDB
from graft_client.volume import Volume
from graft_core.errors import DataDirLockedError, StorageError
from graft_core.ids import VolumeId
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import Device, device, scalar
from tests.support.polling import wait_until
from tests.sync.support import page, read_all, write_pages

ROUNDS = 2000  # transactions per process in the stress test


@pytest.fixture
def trio(tmp_path: Path) -> Iterator[tuple[Device, Device, Device]]:
    """The owner of a data dir and two clients attached to it, in this process."""
    with Client(tmp_path) as owner, Client(tmp_path) as one, Client(tmp_path) as two:
        assert owner.is_owner and not (one.is_owner or two.is_owner)
        yield Device(owner), Device(one), Device(two)


def _count(db: apsw.Connection) -> int:
    return scalar(db, "select count(*) from t", int)


def test_an_attached_read_transaction_asks_the_owner_only_once_the_volume_moved(
    trio: tuple[Device, Device, Device], requests: dict[str, list[str]]
) -> None:
    """Each read transaction of an attached process pinned the latest snapshot again: a round
    trip, at 6,800 transactions/s against the owner's 131,000 (benchmarks/multiprocess.py)."""
    owner, attached, _ = trio
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    theirs = attached.connect(mine.filename)
    assert _count(theirs) == 0
    asked = requests["call"]
    asked.clear()
    for _ in range(20):
        assert _count(theirs) == 0
    assert asked == []
    mine.execute("insert into t values (1)")
    assert _count(theirs) == 1
    assert asked.count("pin") == 1
    theirs.close()
    mine.close()


def _attached_volume(owner: Device, attached: Device) -> Volume:
    """A new volume of the owner's, with two commits from the attached process: the first, on
    the empty volume, comes after no base (no spare pin for the next reader)."""
    vid = owner.client.create_volume().vid
    ours = attached.client.local_volume(vid)
    for n in range(2):
        with ours.writer() as writer:
            writer.write(1, page(f"written {n}"))
    return ours


def test_an_attached_volume_writer_pins_at_the_owner_only_once_the_volume_moved(
    trio: tuple[Device, Device, Device], requests: dict[str, list[str]]
) -> None:
    """Every reader and writer of the Volume API in an attached process pinned the latest
    snapshot at the owner: a round trip before each commit of a loop of commits (one-page
    commit p50 1.87x the owner's, benchmarks/multiprocess.py). Its commit's snapshot stays
    pinned a little after the writer closes, for the next one."""
    owner, attached, _ = trio
    ours = _attached_volume(owner, attached)
    theirs = owner.client.local_volume(ours.vid)
    asked = requests["call"]
    asked.clear()
    for n in range(10):
        with ours.writer() as writer:
            writer.write(1, page(f"ours {n}"))
        with ours.reader() as reader:
            assert reader.read(1) == page(f"ours {n}")
    assert asked == ["commit"] * 10
    with theirs.writer() as writer:  # the volume moves elsewhere: the next pin asks
        writer.write(1, page("theirs"))
    with ours.reader() as reader:
        assert reader.read(1) == page("theirs")
    assert asked[10:] == ["pin"]


def test_an_attached_process_lets_go_of_its_last_pin_soon_and_at_a_deletion_at_once(
    trio: tuple[Device, Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pin kept for the next reader goes within ``LINGER_S`` (plus the ``SOON_S`` its
    notice may wait), so reclaim and other processes' deletions are not held up; and at once
    when this process deletes the volume, whose deletion would otherwise wait for it."""
    owner, attached, _ = trio
    pins = owner.client.state._pins
    ours = _attached_volume(owner, attached)
    vid = ours.vid
    latest = ours.snapshot()  # a request: the base's release went before it
    assert latest is not None
    assert pins.oldest(vid) == latest.lsn  # kept for the next reader here
    wait_until(lambda: pins.oldest(vid) is None or None, 10, "the kept pin let go of")
    with ours.writer() as writer:
        writer.write(1, page("deleted"))
    pinned_at_deletion: list[int | None] = []
    wait_released = pins.wait_released

    def noted(of: VolumeId, timeout: float) -> bool:
        pinned_at_deletion.append(pins.oldest(of))
        return wait_released(of, timeout)

    monkeypatch.setattr(pins, "wait_released", noted)
    attached.client.delete_volume(vid)
    assert pinned_at_deletion == [None]
    assert vid not in [info.vid for info in owner.client.volumes()]


def test_an_attached_writer_in_a_loop_keeps_one_pin_for_the_next_reader(
    trio: tuple[Device, Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each commit's snapshot was kept pinned for ``LINGER_S`` after its reader closed, though
    only the latest is taken by a next reader: a SQLite writer alone in a loop held one per
    commit of the last 50 ms, and its alarm thread woke to let go of each (1,927 wake-ups in
    2,300 inserts)."""
    monkeypatch.setattr(shared_state, "LINGER_S", 30.0)
    owner, attached, _ = trio
    pins = owner.client.state._pins
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    vid = VolumeId.parse(mine.filename)
    theirs = attached.connect(mine.filename)
    for n in range(10):
        theirs.execute("insert into t values (?)", (n,))
    assert _count(theirs) == 10
    theirs.close()
    latest = attached.client.local_volume(vid).snapshot()  # a request: releases went first
    assert latest is not None
    assert (pins.count(vid), pins.oldest(vid)) == (1, latest.lsn)
    mine.close()


def test_a_pin_the_owner_could_not_vouch_for_as_the_latest_is_let_go_of_at_once(
    trio: tuple[Device, Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An answer given while a write was under way carries no count: what was noted of the
    volume's latest goes, and the pin of the snapshot it named does not linger (under 4
    processes inserting, about 800 of each process's 1,000 inserts left such a pin lingering,
    a wake-up each: 952-1,007 rows/s against 1,021-1,087)."""
    owner, attached, _ = trio
    pins = owner.client.state._pins
    ours = _attached_volume(owner, attached)
    vid = ours.vid
    monkeypatch.setattr(owner.client.state, "latest_as_of", lambda vid, lsn: None)
    with ours.writer() as writer:
        writer.write(1, page("unvouched"))
    latest = ours.snapshot()  # a request: the releases went before it
    assert latest is not None
    assert pins.oldest(vid) is None
    assert not attached.client.state.still_latest(vid, latest.lsn)


def test_an_attached_reader_sees_every_write_at_its_next_transaction(
    trio: tuple[Device, Device, Device],
) -> None:
    owner, attached, other = trio
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    theirs, others = attached.connect(mine.filename), other.connect(mine.filename)
    for n in range(10):
        assert _count(theirs) == n
        (mine if n % 2 else others).execute("insert into t values (?)", (n,))
        assert _count(theirs) == n + 1
        assert _count(theirs) == n + 1  # its idle reader now
    for db in (theirs, others, mine):
        db.close()


def test_an_attached_reader_sees_a_pull_at_its_next_transaction(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A pull writes without a commit of any process here."""
    with device(tmp_path / "a", cluster) as owner, device(tmp_path / "b", cluster) as elsewhere:
        mine = owner.connect()
        mine.execute("create table t(n integer)")
        vid = mine.filename
        owner.client.local_volume(vid).push()
        with Client(tmp_path / "a") as attached_client:
            attached = Device(attached_client)
            theirs = attached.connect(vid)
            assert _count(theirs) == 0
            assert _count(theirs) == 0  # its idle reader now
            clone = elsewhere.connect(vid)
            clone.execute("insert into t values (1)")
            elsewhere.client.local_volume(vid).push()
            clone.close()
            owner.client.local_volume(vid).pull()
            assert _count(theirs) == 1
            theirs.close()
        mine.close()


def test_a_write_starts_once_its_count_is_published(tmp_path: Path) -> None:
    db = LocalDB(tmp_path / "local")
    seen: list[tuple[int, bytes | None]] = []
    db.on_change(lambda n: seen.append((n, db.get_meta(b"key"))))
    before = db.changes_settled()
    assert before is not None
    db.put_meta(b"key", b"value")
    assert seen == [(before + 1, None)]
    assert db.get_meta(b"key") == b"value"
    db.sync_wal()  # a sync changes nothing
    assert db.changes_settled() == before + 1
    db.close()


def test_each_owner_counts_anew_in_a_file_of_its_own(tmp_path: Path) -> None:
    first = WriteCount(tmp_path)
    first.publish(5)
    assert read_count(tmp_path) == first.stamp(5)
    second = WriteCount(tmp_path)  # the next owner, before it serves
    assert read_count(tmp_path) == second.stamp(0)
    assert second.stamp(0) not in {first.stamp(n) for n in range(100)}
    first.publish(6)  # the last owner's file is not the one in place
    assert read_count(tmp_path) == second.stamp(0)
    first.close()
    second.close()


def _failing_pwrite(fd: int, data: bytes, offset: int) -> int:
    raise OSError(errno.EIO, "injected I/O error")


def _failing_unlink(path: Path, missing_ok: bool = False) -> None:
    raise OSError(errno.EPERM, "injected: not removable", str(path))


def test_a_count_that_cannot_be_written_is_taken_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = WriteCount(tmp_path)
    monkeypatch.setattr(os, "pwrite", _failing_pwrite)
    count.publish(1)
    monkeypatch.undo()
    assert read_count(tmp_path) is None
    count.publish(2)  # for good: a count published again would be a count readers trust
    assert not (tmp_path / WRITE_COUNT).exists()
    assert count.stamp(2) is None  # the owner answers none
    count.close()


def test_a_write_fails_while_its_count_can_be_neither_written_nor_taken_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        volume = owner.create_volume()
        write_pages(volume, {1: page("one")})
        theirs = attached.local_volume(volume.vid)
        assert read_all(theirs, 1)[1] == page("one")
        monkeypatch.setattr(os, "pwrite", _failing_pwrite)
        monkeypatch.setattr(Path, "unlink", _failing_unlink)
        with pytest.raises(StorageError, match=WRITE_COUNT):
            write_pages(volume, {1: page("two")})
        monkeypatch.undo()
        assert volume.latest_lsn() == 1
        assert read_all(theirs, 1)[1] == page("one")
        write_pages(volume, {1: page("two")})  # the file went: readers ask the owner
        assert not (tmp_path / WRITE_COUNT).exists()
        assert read_all(theirs, 1)[1] == page("two")


def _reads_and_writes(
    data_dir: str, vid: str, worker: int, rounds: int, counts: tuple[Any, Any], go: Any
) -> None:
    """``rounds`` transactions once every worker is ``go``: inserts, and read transactions
    each checking that it sees every insert acknowledged (anywhere) before it began."""
    acknowledged, stale = counts
    with Client(Path(data_dir)) as client:
        vfs = f"graft-worker-{worker}"
        register(client, vfs)
        db = apsw.Connection(vid, vfs=vfs)
        db.set_busy_timeout(30_000)
        chance = random.Random(worker)
        go.wait()
        for n in range(rounds):
            if chance.random() < 0.2:
                db.execute("insert into t values (?)", (n,))
                with acknowledged.get_lock():
                    acknowledged.value += 1
            else:
                before = acknowledged.value
                if _count(db) < before:
                    with stale.get_lock():
                        stale.value += 1
        db.close()
        unregister(vfs)


def test_every_read_transaction_sees_the_inserts_acknowledged_before_it_began(
    tmp_path: Path,
) -> None:
    """Four processes, one the owner: most read transactions begin while nothing was written
    since the last, on the idle reader the count of writes vouches for."""
    with device(tmp_path) as owner:
        setup = owner.connect()
        setup.execute("create table t(n integer)")
        ctx = mp.get_context("spawn")
        acknowledged, stale = ctx.Value("q", 0), ctx.Value("q", 0)
        go = ctx.Barrier(4, timeout=60)
        args = (str(tmp_path), setup.filename)
        workers = [
            ctx.Process(
                target=_reads_and_writes, args=(*args, w, ROUNDS, (acknowledged, stale), go)
            )
            for w in range(1, 4)
        ]
        for worker in workers:
            worker.start()
        _reads_and_writes(*args, 0, ROUNDS, (acknowledged, stale), go)
        for worker in workers:
            worker.join(timeout=120)
            assert worker.exitcode == 0
        assert stale.value == 0
        assert _count(setup) == acknowledged.value > 0
        setup.close()


def _failing_replace(source: Any, target: Any) -> None:
    raise OSError(errno.EPERM, "injected: not replaceable", str(target))


def test_an_owner_whose_count_can_be_neither_written_nor_removed_does_not_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attached processes that have not found the new owner yet would trust the last
    owner's count, which stays in the file."""
    with Client(tmp_path):
        pass
    last = read_count(tmp_path)
    assert last is not None
    monkeypatch.setattr(os, "replace", _failing_replace)
    monkeypatch.setattr(Path, "unlink", _failing_unlink)
    with pytest.raises(StorageError, match=f"its {WRITE_COUNT} can be neither written nor"):
        Client(tmp_path)
    monkeypatch.undo()
    assert read_count(tmp_path) == last
    with Client(tmp_path) as client:  # nothing held: the data dir opens once it is fixed
        assert client.is_owner
    assert read_count(tmp_path) not in (None, last)


def test_an_owner_opens_beside_a_directory_in_place_of_its_count(tmp_path: Path) -> None:
    """A directory shows no count: readers ask the owner. Takeovers hung on one."""
    (tmp_path / WRITE_COUNT / "in the way").mkdir(parents=True)
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        volume = owner.create_volume()
        write_pages(volume, {1: page("one")})
        assert read_all(attached.local_volume(volume.vid), 1)[1] == page("one")
        assert read_count(tmp_path) is None


def test_a_fifo_in_place_of_the_count_shows_none_at_once(tmp_path: Path) -> None:
    count = WriteCount(tmp_path)
    (tmp_path / WRITE_COUNT).unlink()
    os.mkfifo(tmp_path / WRITE_COUNT)
    assert read_count(tmp_path) is None  # opening it blocked until a writer came
    count.close()


def test_a_copy_put_in_place_of_the_count_holds_none(tmp_path: Path) -> None:
    """The owner writes on in the file it made; a copy moved in its place (a restore by some
    tool) would hold that count for good."""
    count = WriteCount(tmp_path)
    count.publish(1)
    copy = tmp_path / "copy"
    copy.write_bytes((tmp_path / WRITE_COUNT).read_bytes())
    os.replace(copy, tmp_path / WRITE_COUNT)
    assert read_count(tmp_path) is None
    count.close()


def test_a_process_of_another_graft_version_is_told_so_as_it_attaches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An owner of an older version answers pins in another shape: the attached process failed
    in its first read, unpacking the answer."""
    monkeypatch.setattr(service, "WIRE_VERSION", WIRE_VERSION - 1)
    with Client(tmp_path) as owner:
        with pytest.raises(DataDirLockedError, match=f"pid {os.getpid()}.* another graft version"):
            Client(tmp_path)
        assert owner.is_owner
