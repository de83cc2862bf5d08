"""SIGKILL a committing process at random moments; every acknowledged commit must survive whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from graft_client import Client
from tests.client.crash_writer import content, pages_for

KILLS = 20


def expected_page(lsn: int, idx: int) -> bytes:
    for older in range(lsn, 0, -1):
        if idx <= pages_for(older):
            return content(older, idx)
    raise AssertionError("page never written")


def run_until_killed(data_dir: Path, vid: str, rng: random.Random) -> int:
    """Start the writer, SIGKILL it after a random number of acks; return the last acked LSN."""
    script = Path(__file__).with_name("crash_writer.py")
    env = os.environ | {"PYTHONPATH": str(Path(__file__).parents[2])}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(data_dir), vid], stdout=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None
    acked = 0
    for _ in range(rng.randint(1, 40)):
        line = proc.stdout.readline()
        assert line, f"writer exited early with {proc.wait()}"
        acked = int(line)
    # The child keeps committing while we kill it, so the kill lands mid-commit at random.
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    for line in proc.stdout:  # acks printed before the kill landed
        acked = int(line)
    proc.stdout.close()
    return acked


def test_acknowledged_commits_survive_sigkill(tmp_path: Path) -> None:
    rng = random.Random(int.from_bytes(os.urandom(4)))
    with Client(tmp_path) as client:
        vid = str(client.create_volume(sync="disabled").vid)
    last_acked = 0
    for _ in range(KILLS):
        acked = run_until_killed(tmp_path, vid, rng)
        assert acked > last_acked
        last_acked = acked
        with Client(tmp_path, keep_commits=8) as client:
            volume = client.open_volume(vid)
            snapshot = volume.snapshot()
            assert snapshot is not None and snapshot.lsn >= last_acked
            lsns = [entry.lsn for entry in volume.log()]
            assert lsns == list(range(lsns[0], snapshot.lsn + 1)), "gap in the local log"
            for lsn in (last_acked, snapshot.lsn):
                with volume.reader(lsn) as reader:
                    assert reader.page_count == max(pages_for(n) for n in range(1, lsn + 1))
                    for idx in range(1, reader.page_count + 1):
                        assert reader.read(idx) == expected_page(lsn, idx), (lsn, idx)
