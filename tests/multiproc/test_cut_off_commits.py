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
from tests.pagestore.cluster import Cluster
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
    page = os.urandom(PAGE_SIZE)
    mine, theirs = b"mine", b"theirs"
    with Client(tmp_path) as client:
        volume = client.create_volume()
        state = client.state
        assert state.landed(volume.vid, None, mine) is None  # nothing landed yet
        landed, _, _ = state.commit_here(volume.vid, None, {1: page}, 1, 1, commit_id=mine)
        assert state.landed(volume.vid, None, mine) == landed
        with pytest.raises(ConcurrentWriteError):
            state.landed(volume.vid, None, theirs)  # another commit took LSN 1
        assert state.landed(volume.vid, landed, theirs) is None
        with volume.writer() as writer:  # the same pages, from a writer with no id
            writer.write(1, page)
        with pytest.raises(ConcurrentWriteError):
            state.landed(volume.vid, landed, mine)


def test_a_cut_off_commit_is_known_as_its_own_once_pushed(cluster: Cluster, tmp_path: Path) -> None:
    """The next owner may finish a push (resuming it) before the cut-off writer asks."""
    meta, pages = cluster.metastore.url, cluster.pagestore.url
    with Client(tmp_path, metastore=meta, pagestore=pages) as client:
        volume = client.create_volume()
        landed, _, _ = client.state.commit_here(
            volume.vid, None, {1: os.urandom(PAGE_SIZE)}, 1, 1, commit_id=b"mine"
        )
        assert volume.push() == 1
        found = client.state.landed(volume.vid, None, b"mine")
        assert found is not None and found.lsn == landed.lsn


OWNER_FIRST = """
import sys
from graft_client import Client
from graft_core.failpoints import armed
with Client(sys.argv[1]) as client:
    volume = client.create_volume()
    with volume.writer() as writer:
        writer.write(1, bytes(4096))
    print(volume.vid, flush=True)
    sys.stdin.readline()
    with volume.writer() as writer:  # what the other writer writes too, on the same base
        writer.write(1, bytes([1]) * 4096)
    with armed("commit.before_write", "crash"):  # the next commit, another process's
        print("committed", flush=True)
        sys.stdin.read()
"""


def test_a_cut_off_commit_is_not_mistaken_for_another_writers_identical_one(
    tmp_path: Path,
) -> None:
    """Two writers on one base write the same bytes (two counters read 0 and write 1). The
    owner commits its own, then dies before writing the other's: that one's writer, taking
    over, found identical pages at its LSN and was told it committed, a lost update."""
    argv = [sys.executable, "-c", OWNER_FIRST, str(tmp_path)]
    owner = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert owner.stdin is not None and owner.stdout is not None
        vid = owner.stdout.readline().decode().strip()
        with Client(tmp_path) as client:
            volume = client.local_volume(vid)
            writer = volume.writer()
            writer.write(1, bytes([1]) * 4096)
            owner.stdin.write(b"go\n")
            owner.stdin.flush()
            assert owner.stdout.readline() == b"committed\n"
            with pytest.raises(ConcurrentWriteError, match="another commit landed"):
                writer.commit()
            assert owner.wait(30) == -signal.SIGKILL
            assert client.is_owner and volume.latest_lsn() == 2
    finally:
        owner.kill()
        owner.wait()


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
