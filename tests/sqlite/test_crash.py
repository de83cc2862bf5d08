"""SIGKILL during write transactions: the reopened database has every committed transaction."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.sqlite.crash_child import ROWS_PER_TRANSACTION
from tests.sqlite.support import device

CHILD = Path(__file__).with_name("crash_child.py")
ROUNDS = 3


def _run_until_killed(data_dir: Path, vid: str, kill_at: int) -> tuple[str, int]:
    """Start the child, SIGKILL it right after it begins transaction ``kill_at`` of this run.

    Returns the volume id and the last batch whose COMMIT had returned.
    """
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(data_dir), vid],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    committed, begun = 0, 0
    try:
        for line in proc.stdout:
            word, value = line.split()
            if word == "vid":
                vid = value
            elif word == "committed":
                committed = int(value)
            elif word == "begin":
                begun += 1
                if begun == kill_at:
                    os.kill(proc.pid, signal.SIGKILL)  # mid-transaction: it is inserting rows
                    break
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert begun == kill_at, "the child stopped before it was killed"
    return vid, committed


def test_sigkill_mid_transaction_keeps_committed_ones(tmp_path: Path) -> None:
    vid, last = "new", 0
    for round_ in range(ROUNDS):
        vid, committed = _run_until_killed(tmp_path, vid, kill_at=3 + round_)
        assert committed > last
        with device(tmp_path) as dev:
            db = dev.connect(vid)
            assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
            counts = db.execute("select batch, count(*) from batches group by batch").fetchall()
            batches = [batch for batch, _ in counts]
            # Whole transactions only, in order, none lost; the killed one is absent or whole.
            assert all(count == ROWS_PER_TRANSACTION for _, count in counts)
            assert batches == list(range(1, len(batches) + 1))
            assert committed <= len(batches) <= committed + 1
            last = len(batches)
            db.close()
