"""A commit cut off by the owner's death (SIGKILL) before it answered: the next owner tells
whether it landed. Written, it is answered as committed (not "outcome unknown"), and the writer
lease it held goes as the commit would have released it; not written, it is sent again; and a
commit that another took the place of is refused as a concurrent write."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from graft_client import Client
from graft_client.sqlite.locks import WriterSlot
from graft_core.errors import ConcurrentWriteError
from graft_core.types import PAGE_SIZE
from tests.multiproc.conftest import ROOT
from tests.sqlite.support import Device, device

OWNER = """
import sys
from graft_client import Client
from graft_client.sqlite import register
import apsw
from graft_core.failpoints import armed
with Client(sys.argv[1]) as client:
    register(client, "graft")
    db = apsw.Connection("new", vfs="graft")
    db.execute("create table t(n integer, pad text)")
    with armed(sys.argv[2], "crash"):  # the next commit, another process's
        print(db.filename, flush=True)
        sys.stdin.read()
"""
INSERT = (
    "with recursive n(v) as (select ?1 union all select v + 1 from n where v < ?2) "
    "insert into t select v, zeroblob(500) from n"
)


@pytest.mark.parametrize("point", ["commit.written", "commit.before_write"])
def test_a_commit_cut_off_by_the_owners_death_is_answered_as_committed(
    point: str, tmp_path: Path
) -> None:
    argv = [sys.executable, "-c", OWNER, str(tmp_path), point]
    owner = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert owner.stdout is not None
        name = owner.stdout.readline().decode().strip()
        with device(tmp_path) as here:
            db = here.connect(name)
            db.set_busy_timeout(10_000)
            db.execute("pragma cache_size=5")
            db.execute(INSERT, (1, 300))  # the owner dies in its commit: committed all the same
            assert owner.wait(30) == -signal.SIGKILL
            assert here.client.is_owner
            other = here.connect(name)
            # Free leases wait REHOLD_S for their holders after a takeover: well within this
            # busy timeout, which a lease never released would run out.
            other.set_busy_timeout(5_000)
            other.execute(INSERT, (301, 301))
            assert db.execute("select count(*), max(n) from t").fetchall() == [(301, 301)]
            assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
            assert here.client.local_volume(name).latest_lsn() == 3  # created, 300 rows, 1 row
            other.close()
            db.close()
    finally:
        owner.kill()
        owner.wait()


def test_a_cut_off_commit_learns_whether_it_landed(tmp_path: Path) -> None:
    page, other = os.urandom(PAGE_SIZE), os.urandom(PAGE_SIZE)
    with Client(tmp_path) as client:
        volume = client.create_volume()
        state = client.state
        assert state.landed(volume.vid, None, {1: page}, 1, 1) is None  # nothing landed yet
        with volume.writer() as writer:
            writer.write(1, page)
        landed = state.landed(volume.vid, None, {1: page}, 1, 1)
        assert landed is not None and landed.lsn == 1
        with pytest.raises(ConcurrentWriteError):
            state.landed(volume.vid, None, {1: other}, 1, 1)  # another commit took LSN 1
        with pytest.raises(ConcurrentWriteError):
            state.landed(volume.vid, None, {1: page}, 2, 2)  # not the same page count
        assert state.landed(volume.vid, landed, {1: other}, 1, 1) is None


def test_a_transaction_whose_lease_went_in_a_takeover_says_so_when_its_commit_fails(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its holder learns that its lease went as its commit was refused (found out at the next
    owner): the error says so, not that a pull or reset landed."""
    mine, theirs = table
    theirs.execute("begin immediate")
    theirs.execute("insert into t values (1)")
    volume = pair[0].client.local_volume(mine.filename)
    with volume.writer() as writer:  # lands first, as another process's writer would
        writer.write(3, bytes(PAGE_SIZE))
    told = iter([False, True])  # the lease goes while the commit is under way
    monkeypatch.setattr(WriterSlot, "lost", lambda self, owner: next(told))
    with pytest.raises(apsw.BusyError, match="the owner of the data dir changed while it ran"):
        theirs.execute("commit")
