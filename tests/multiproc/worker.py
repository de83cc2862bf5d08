"""An app process for the multi-process tests: ``python -m tests.multiproc.worker MODE ...``.

It opens ``Client(data_dir)`` like any app (owner or attached, whichever it gets) and prints
one line per event on stdout, flushed, so the test knows what was acknowledged:
``acked PAGEIDX LSN`` (``acked WORKER SEQ`` for SQLite inserts), ``retried WORKER SEQ``,
``owner`` (this process owns the data dir now), ``failover SECONDS``, ``done``, or
``error ...``; each line ends with ``.``.
"""

from __future__ import annotations

import faulthandler
import signal
import sys
import threading
import time

from graft_client import Client
from graft_core.errors import ConcurrentWriteError, StorageUnavailableError
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE


def page(pageidx: int) -> bytes:
    return f"page {pageidx}".encode().ljust(PAGE_SIZE, b".")


def say(*words: object) -> None:
    # One write per line, ended by "." so that a line cut off by SIGKILL is not read as one.
    sys.stdout.write(" ".join(map(str, [*words, "."])) + "\n")
    sys.stdout.flush()


class Watcher:
    """Tells the test when this process became owner or saw a takeover, and checks that the
    volume's latest snapshot never goes backwards."""

    def __init__(self, client: Client, vid: VolumeId) -> None:
        self.client = client
        self.volume = client.local_volume(vid)
        self.owner = False
        self.failovers = 0
        self.latest = 0

    def check(self) -> None:
        if self.client.is_owner and not self.owner:
            self.owner = True
            say("owner")
        seen = self.client.shared.failovers
        for elapsed in seen[self.failovers :]:
            say("failover", f"{elapsed:.6f}")
        self.failovers = len(seen)
        lsn = self.volume.latest_lsn()
        if lsn < self.latest:
            say("error", f"snapshot went backwards: {lsn} after {self.latest}")
        self.latest = max(self.latest, lsn)


def commit_pages(client: Client, vid: VolumeId, pages: list[int]) -> Watcher:
    """Commit each page as its own commit, retrying on a moved base or a lost owner."""
    watcher = Watcher(client, vid)
    volume = watcher.volume
    for pageidx in pages:
        while True:
            watcher.check()
            try:
                with volume.writer() as writer:
                    writer.write(pageidx, page(pageidx))
                    snapshot = writer.commit()
            except (ConcurrentWriteError, StorageUnavailableError):
                continue  # another process committed first, or the owner went away mid-call
            assert snapshot is not None
            say("acked", pageidx, snapshot.lsn)
            break
    watcher.check()
    return watcher


def stay_until_told(watcher: Watcher) -> None:
    """Wait for stdin to close, still telling when this process takes over: a test that kills
    the owner waits for the next one, which may be a process done committing."""
    told = threading.Event()

    def read_all() -> None:
        sys.stdin.read()
        told.set()

    threading.Thread(target=read_all, daemon=True).start()
    while not told.wait(0.02):
        watcher.check()


def read_pages(client: Client, vid: VolumeId, pages: list[int], timeout: float) -> None:
    """Wait until every page in ``pages`` reads as written (other processes' commits)."""
    volume = client.local_volume(vid)
    deadline = time.monotonic() + timeout
    while True:
        with volume.reader() as reader:
            missing = [idx for idx in pages if reader.read(idx) != page(idx)]
        if not missing:
            return
        if time.monotonic() > deadline:
            say("error", "never saw pages", missing[:10])
            return
        time.sleep(0.005)


def sql_inserts(client: Client, vid: str, worker: int, count: int, *, on_word: bool) -> None:
    """Autocommit inserts, each acknowledged once it returned (SQLITE_BUSY waits), ``on_word``:
    once the test says so (its connection open). One rolled back with SQLITE_BUSY_SNAPSHOT (its
    writer slot went to another connection as the data dir changed owner) is retried, as the
    README tells apps to, after a ``retried`` line."""
    import apsw

    from graft_client.sqlite import register
    from tests.sqlite.support import extended_result

    register(client)
    db = apsw.Connection(vid, vfs="graft")
    db.set_busy_timeout(30_000)
    if on_word:
        sys.stdin.readline()  # the writers start together
    for seq in range(count):
        while True:
            try:
                db.execute("insert into t(worker, seq) values (?, ?)", (worker, seq))
                break
            except apsw.BusyError as exc:
                if extended_result(exc) != apsw.SQLITE_BUSY_SNAPSHOT:
                    raise
                say("retried", worker, seq)
        say("acked", worker, seq)
    db.close()


def sql_hold(client: Client, vid: str, mode: str) -> None:
    """``hold``: a write transaction left open until killed. ``snapshot``: a read transaction
    that counts the rows twice, at the test's word, then once more after it ends."""
    import apsw

    from graft_client.sqlite import register

    register(client)
    db = apsw.Connection(vid, vfs="graft")
    db.set_busy_timeout(30_000)
    count = "select count(*) from t"
    if mode == "hold":
        db.execute("begin immediate")
        db.execute("insert into t(worker, seq) values (-1, 0)")
        say("holding")
        sys.stdin.read()
        return
    db.execute("begin")
    say("snapshot", db.execute(count).fetchall()[0][0])
    sys.stdin.readline()
    say("again", db.execute(count).fetchall()[0][0])
    db.execute("commit")
    say("after", db.execute(count).fetchall()[0][0])
    db.close()


def pin_and_write(client: Client, vid: VolumeId) -> None:
    """Open a reader and a writer, then at the test's word read page 1 and commit."""
    volume = client.local_volume(vid)
    reader = volume.reader()
    writer = volume.writer()
    writer.write(2, page(2))
    assert reader.snapshot is not None
    say("pinned", reader.snapshot.lsn)
    sys.stdin.readline()
    say("read", reader.read(1).rstrip(b"\0").decode())
    try:
        writer.commit()
        say("committed")
    except ConcurrentWriteError:
        say("conflict")
    sys.stdin.read()  # holds the reader until killed


def commit_then_push(client: Client, vid: VolumeId) -> None:
    """Commit page 1, then push it at the test's word (a fail point may kill us mid-push)."""
    volume = client.local_volume(vid)
    with volume.writer() as writer:
        writer.write(1, page(1))
    say("committed")
    sys.stdin.readline()
    volume.push()
    say("pushed")


def main(argv: list[str]) -> None:
    faulthandler.register(signal.SIGUSR1)  # a test that finds it stuck asks where
    mode, data_dir, vid_text, first, count = argv[:5]
    vid = VolumeId.parse(vid_text)
    mine = list(range(int(first), int(first) + int(count)))
    with Client(data_dir) as client:
        say("open", "owner" if client.is_owner else f"attached {client.owner_pid}")
        if mode in ("sql", "sqlgo"):
            sql_inserts(client, vid_text, int(first), int(count), on_word=mode == "sqlgo")
        elif mode == "push":
            commit_then_push(client, vid)
        elif mode == "pin":
            pin_and_write(client, vid)
        elif mode in ("hold", "snapshot"):
            sql_hold(client, vid_text, mode)
        elif mode == "apps":
            every = [int(n) for n in argv[5].split(",")]
            commit_pages(client, vid, mine)
            read_pages(client, vid, every, timeout=60)
        elif mode in ("churn", "churnsync"):
            if mode == "churnsync":
                client.start_autosync(wait_ms=200)  # runs in the owner, whichever it is
            stay_until_told(commit_pages(client, vid, mine))
        say("done")


if __name__ == "__main__":
    main(sys.argv[1:])
