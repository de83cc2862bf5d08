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
)

WRITERS = 4
INSERTS = 40


def test_an_owner_killed_while_a_commit_gathers_loses_no_acknowledged_insert(
    tmp_path: Path,
) -> None:
    vid = new_insert_table(tmp_path)
    # The owner only serves: the first commit whose sync gathers kills it there.
    owner = start_worker(
        "churn", tmp_path, vid, 1, 0, env=clean_env(GRAFT_FAILPOINTS="commit.gathering=crash")
    )
    first_event(owner, "owner")
    writers = [start_worker("sql", tmp_path, vid, w, INSERTS) for w in range(WRITERS)]
    try:
        for writer in writers:
            assert writer.proc.wait(timeout=120) == 0, writer.lines
        # It died at the fail point: a commit gathered while the others queued for the lease.
        assert owner.proc.wait(timeout=30) == -signal.SIGKILL, owner.lines
    finally:
        for worker in [owner, *writers]:
            if worker.proc.poll() is None:
                stop(worker)
    acked = {(int(w), int(s)) for writer in writers for w, s in events(writer, "acked")}
    assert len(acked) == WRITERS * INSERTS
    assert intact_rows(tmp_path, vid) == acked
