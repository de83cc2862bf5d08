"""An app that returns from its main thread while a daemon thread commits exits normally.

It aborted (SIGABRT, "FATAL: exception not rethrown", 3 times out of 3; found by a hostile
tester): a finalizing Python ends a daemon thread as it next takes the GIL, and one coming back
from RocksDB's WAL sync, which runs without the GIL, was ended inside RocksDB's C++ frames.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from graft_client import Client
from tests.multiproc.conftest import ROOT

APP = """
import os, sys, threading
from graft_client import Client
client = Client(sys.argv[1])
volume = client.open_volume(sys.argv[2])
committed = threading.Event()

def commit_forever():
    while True:
        with volume.writer() as writer:
            writer.write(1, os.urandom(4096))
        committed.set()

threading.Thread(target=commit_forever, daemon=True).start()
assert committed.wait(30)
print("leaving", flush=True)
"""


@pytest.mark.parametrize("run", range(3))
def test_returning_while_a_daemon_thread_commits_exits_cleanly(tmp_path: Path, run: int) -> None:
    with Client(tmp_path) as first:
        vid = str(first.create_volume().vid)
    argv = [sys.executable, "-c", APP, str(tmp_path), vid]
    app = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=60)
    assert (app.returncode, app.stdout) == (0, b"leaving\n"), app.stderr.decode()
    with Client(tmp_path) as again:  # the volume opens, with its commits
        snapshot = again.local_volume(vid).snapshot()
        assert snapshot is not None and snapshot.lsn >= 1
