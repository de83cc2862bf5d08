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
from graft_client.shared import SharedState
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


def test_a_client_closing_as_it_takes_over_leaves_the_data_dir_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner went away and this client closed while it took over: its close ran beside
    the takeover, which opened the primary after the storage was closed. The primary stayed
    open, the data dir locked for as long as the process lived (found as a flaky test: a client
    opened next in the process was told another held the dir)."""
    promoting, go_on = threading.Event(), threading.Event()
    promote = SharedState.promote

    def gated_promote(self: SharedState) -> None:
        promoting.set()
        assert go_on.wait(30), "the test lets the takeover go on"
        promote(self)

    owner, attached = Client(tmp_path), Client(tmp_path)
    assert not attached.is_owner
    monkeypatch.setattr(SharedState, "promote", gated_promote)
    owner.close()
    assert promoting.wait(30), "the attached client takes over"
    closing = threading.Thread(target=attached.close)
    closing.start()
    # Let the takeover go on once the close waits for it, or (as before) ended without it.
    wait_until(lambda: attached.shared._stopping or not closing.is_alive(), 30, "the close")
    go_on.set()
    closing.join(30)
    assert not closing.is_alive()
    monkeypatch.undo()
    with Client(tmp_path) as again:
        assert again.is_owner
