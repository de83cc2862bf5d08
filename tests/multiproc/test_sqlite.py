"""SQLite in several processes on one volume behaves as on a shared file (issue 16, point 3).

Four processes insert with a busy timeout while a fifth holds a write transaction (killed
with SIGKILL in the middle of it) and a sixth holds a read snapshot: the writers wait out the
lock and go on once the dead process's lease is gone, the snapshot stays put until its
transaction ends, and in the end the database is intact with exactly the acknowledged rows.
"""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

from tests.multiproc.conftest import (
    events,
    first_event,
    intact_rows,
    new_insert_table,
    start_worker,
    stop,
    tell,
)
from tests.sqlite.support import Device, scalar
from tests.support.polling import wait_until

WRITERS = 4
INSERTS = 15


def test_four_processes_insert_while_one_dies_holding_the_lock(tmp_path: Path) -> None:
    vid = new_insert_table(tmp_path)
    owner = start_worker("snapshot", tmp_path, vid, 0, 0)  # first: it owns the data dir
    assert first_event(owner, "snapshot") == ["0"]
    holder = start_worker("hold", tmp_path, vid, 0, 0)
    holder.wait_for("stdout", "holding")
    writers = [start_worker("sql", tmp_path, vid, w, INSERTS) for w in range(WRITERS)]
    try:
        # They wait on the holder's lock (busy_timeout) until it dies mid-transaction.
        wait_until(lambda: all(events(w, "open") for w in writers), 30, "the writers")
        assert sum(len(events(w, "acked")) for w in writers) == 0
        os.kill(holder.proc.pid, signal.SIGKILL)
        holder.proc.wait(timeout=30)
        for writer in writers:
            assert writer.proc.wait(timeout=120) == 0, writer.lines
        # The reader still sees its snapshot (no row yet), then every row once it ends.
        tell(owner)
        assert stop(owner) == 0, owner.lines
    finally:
        for worker in [owner, holder, *writers]:
            if worker.proc.poll() is None:
                worker.proc.kill()
    assert events(owner, "snapshot") == [["0"]]
    assert events(owner, "again") == [["0"]]
    acked = {(int(w), int(s)) for writer in writers for w, s in events(writer, "acked")}
    assert len(acked) == WRITERS * INSERTS
    assert [events(writer, "retried") for writer in writers] == [[]] * WRITERS  # no takeover
    assert events(owner, "after") == [[str(len(acked))]]

    assert intact_rows(tmp_path, vid) == acked  # the dead holder's insert is not there


def test_threads_of_an_attached_process_insert_into_one_volume(
    pair: tuple[Device, Device],
) -> None:
    """Each thread its own connection, as a web app's workers: their readers and commits
    share the process's pins at the owner."""
    owner, attached = pair
    made = owner.connect()
    made.execute("create table t(who integer, i integer)")
    failed: list[BaseException] = []

    def insert(who: int) -> None:
        db = attached.connect(made.filename)
        db.setbusytimeout(20_000)
        try:
            for i in range(150):
                db.execute("insert into t values (?, ?)", (who, i))
                db.execute("select count(*) from t where who = ?", (who,)).fetchall()
        except BaseException as exc:
            failed.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=insert, args=(who,)) for who in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failed == []  # before: KeyError from releasing a snapshot (most runs)
    assert scalar(made, "select count(*) from t", int) == 900
    assert scalar(made, "pragma integrity_check", str) == "ok"
