"""A process attached to a data dir that exits without closing anything exits. It hung: its
last reader, closed as the interpreter finalized, started the thread that lets lingering pins
go, and a finalizing Python 3.11 never runs a new thread, nor returns from starting one. It
hung too when that thread was running: a finalizing Python ends a daemon thread as it next
takes the GIL, holding whatever lock it held (the alarm's, after a wait)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from graft_client import Client
from graft_core.ids import VolumeId
from tests.multiproc.conftest import ROOT
from tests.sqlite.support import Device
from tests.support.polling import wait_until

ATTACHED = """
import sys, threading, time
import apsw
from graft_client import Client
from graft_client.sqlite import register
client = Client(sys.argv[1])
register(client)
db = apsw.Connection(sys.argv[2], vfs="graft")
assert db.execute("select count(*) from t").fetchall() == [(1,)]
# Idle until the pin its reader left lingering was let go of: no pin thread runs at exit.
deadline = time.monotonic() + 30
while any(thread.name == "graft-pins" for thread in threading.enumerate()):
    assert time.monotonic() < deadline, "the lingering pin was never let go of"
    time.sleep(0.01)
print("leaving", flush=True)
"""


def test_an_attached_process_exits_without_closing_its_connection(tmp_path: Path) -> None:
    with Client(tmp_path) as owner:
        db = Device(owner).connect()
        db.execute("create table t(n integer)")
        db.execute("insert into t values (1)")
        argv = [sys.executable, "-c", ATTACHED, str(tmp_path), db.filename]
        child = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=30)
        assert (child.returncode, child.stdout) == (0, b"leaving\n"), child.stderr.decode()
        db.close()


WAITER = """
import sys
import apsw
from graft_client import Client
from graft_client.sqlite import register
client = Client(sys.argv[1])
register(client)
db = apsw.Connection(sys.argv[2], vfs="graft")
db.set_busy_timeout(30_000)
db.execute("insert into t values (0)")  # it wrote last: its next write waits at the owner
print("wrote", flush=True)
sys.stdin.readline()
db.execute("insert into t values (2)")  # waits for the owner's transaction
print(db.execute("select count(*) from t").fetchall()[0][0], flush=True)
"""


def test_an_attached_process_that_waited_for_the_writer_lock_exits_without_closing(
    tmp_path: Path,
) -> None:
    """Found by a hostile tester: it hung at exit, 3 times out of 3."""
    with Client(tmp_path) as owner:
        db = Device(owner).connect()
        db.execute("create table t(n integer)")
        argv = [sys.executable, "-c", WAITER, str(tmp_path), db.filename]
        pipe = subprocess.PIPE
        child = subprocess.Popen(argv, cwd=ROOT, stdin=pipe, stdout=pipe, stderr=pipe)
        try:
            assert child.stdin is not None and child.stdout is not None
            assert child.stdout.readline() == b"wrote\n"
            db.execute("begin immediate")
            db.execute("insert into t values (1)")
            child.stdin.write(b"go\n")
            child.stdin.flush()
            vid = VolumeId.parse(db.filename)
            waiting = owner.leases.waiting
            wait_until(lambda: waiting(vid) or None, 30, "the child's insert waiting")
            # Its wait for the lease ran out: SQLite got SQLITE_BUSY, and its busy handler waits.
            wait_until(lambda: waiting(vid) == 0 or None, 30, "the child's insert told busy")
            db.execute("commit")
            out, err = child.communicate(timeout=30)
            assert (child.returncode, out) == (0, b"3\n"), err.decode()
        finally:
            if child.poll() is None:
                child.kill()
        db.close()
