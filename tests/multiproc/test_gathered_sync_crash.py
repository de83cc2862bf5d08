"""SIGKILL of the owner while a commit's WAL sync waits for the next writer's commit to share
it (``LocalDB.wait_durable`` with ``gather_s``: fail point ``commit.gathering``), under SQLite
writers in four processes: another process takes over, every insert that returned is in the
database, none is there twice, and SQLite's own ``integrity_check`` finds the file intact."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.cli.runner import clean_env
from tests.multiproc.conftest import (
    events,
    first_event,
    intact_rows,
    new_insert_table,
    start_worker,
    stop,
    tell,
)
from tests.support.polling import wait_until

WRITERS = 4
INSERTS = 60


def test_an_owner_killed_while_a_commit_gathers_loses_no_acknowledged_insert(
    tmp_path: Path,
) -> None:
    vid = new_insert_table(tmp_path)
    # The owner only serves: the first commit whose sync gathers kills it there.
    owner = start_worker(
        "churn", tmp_path, vid, 1, 0, env=clean_env(GRAFT_FAILPOINTS="commit.gathering=crash")
    )
    first_event(owner, "owner")
    writers = [start_worker("sqlgo", tmp_path, vid, w, INSERTS) for w in range(WRITERS)]
    try:
        # Together, or the first could be done before the last started: nobody would queue.
        wait_until(lambda: all(events(w, "open") for w in writers), 60, "the writers")
        for writer in writers:
            tell(writer)
        for writer in writers:
            assert writer.proc.wait(timeout=120) == 0, writer.lines
        # It died at the fail point: a commit gathered while the others queued for the lease.
        assert owner.proc.wait(timeout=30) == -signal.SIGKILL, owner.lines
    finally:
        for worker in [owner, *writers]:
            if worker.proc.poll() is None:
                stop(worker)
    acked = {(int(w), int(s)) for writer in writers for w, s in events(writer, "acked")}
    said = [writer.lines for writer in [owner, *writers]]  # what a failure here needs shown
    assert len(acked) == WRITERS * INSERTS, said
    # An insert whose writer slot went to another connection at the takeover was rolled back
    # and retried (at most the one in flight in each writer); a retry of one that had landed
    # would have failed on the table's unique key.
    assert sum(len(events(writer, "retried")) for writer in writers) <= WRITERS, said
    assert intact_rows(tmp_path, vid) == acked, said
