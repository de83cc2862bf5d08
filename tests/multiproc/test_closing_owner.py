"""An owner that closes (its app exits) answers the commit it is writing for another process
before it drops the connections: that process learns its commit landed, not that its outcome
is unknown."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.failpoints import armed
from tests.cli.runner import clean_env
from tests.multiproc.conftest import ROOT
from tests.sqlite.support import Device
from tests.support.polling import wait_until

COMMITTER = """
import sys
from graft_client import Client
with Client(sys.argv[1]) as client:
    volume = client.local_volume(sys.argv[2])
    try:
        with volume.writer() as writer:
            writer.write(1, bytes(4096))
        print("committed", flush=True)
    except Exception as exc:
        print("failed", type(exc).__name__, flush=True)
"""


def test_a_closing_owner_answers_the_commit_it_is_writing(tmp_path: Path, gate: Path) -> None:
    owner = Client(tmp_path / "data")
    vid = str(owner.create_volume().vid)
    server = owner.shared._server
    assert server is not None
    argv = [sys.executable, "-c", COMMITTER, str(tmp_path / "data"), vid]
    env = clean_env(GRAFT_FAILPOINT_DIR=str(gate))
    with armed("commit.written", "pause"):
        app = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)
        wait_until(lambda: any(gate.glob("commit.written.*.reached")), 30, "the commit")
        closing = threading.Thread(target=owner.close)
        closing.start()
        wait_until(lambda: server._closed, 30, "the owner closing")
        (gate / "commit.written.resume").touch()
        closing.join(30)
    out, _ = app.communicate(timeout=60)
    assert out.strip() == "committed"
    with Client(tmp_path / "data") as after:
        assert after.local_volume(vid).latest_lsn() == 1


def test_a_client_closed_while_it_waits_to_take_over_records_no_failover(
    pair: tuple[Device, Device], caplog: pytest.LogCaptureFixture
) -> None:
    owner, attached = pair
    caplog.set_level(logging.INFO, logger="graft_client.shared.node")
    shared = attached.client.shared
    # The owner stops serving but keeps the data dir's lock: nobody can take over.
    owner.client.shared._server.close()  # type: ignore[union-attr]
    wait_until(lambda: shared._changing or None, 10, "the takeover to begin")
    attached.client.close()
    for thread in threading.enumerate():
        if thread.name == "graft-failover":
            thread.join(10)
    assert shared.failovers == []
    assert "owner changed" not in caplog.text  # before: "now attached to pid ..."
