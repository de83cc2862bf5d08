"""Ctrl-C in an app while its commit settles: the commit completes, then the app gets its
``KeyboardInterrupt`` (not an SQLite error about a transaction that landed), in the owner and in
an attached process, through SQLite and through the writer API."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.failpoints import armed
from tests.cli.runner import clean_env
from tests.multiproc.conftest import ROOT
from tests.sqlite.support import device
from tests.support.polling import wait_until


@contextmanager
def owner_elsewhere(data_dir: Path, mode: str) -> Iterator[str]:
    """This process owns ``data_dir``; the volume the interrupted app (attached) writes to."""
    if mode == "sqlite":
        with device(data_dir) as made:
            db = made.connect()
            db.execute("create table t(n integer)")
            yield db.filename
            db.close()
    else:
        with Client(data_dir) as client:
            yield str(client.create_volume().vid)


def interrupted_app(data_dir: Path, gate: Path, mode: str, volume: str | None) -> dict[str, object]:
    """Run the app, SIGINT it while its commit waits at ``commit.written``, let it go on."""
    args = [sys.executable, "-m", "tests.multiproc.interrupted", mode, str(data_dir)]
    env = clean_env(GRAFT_FAILPOINT_DIR=str(gate))
    app = subprocess.Popen(
        [*args, *([volume] if volume else [])],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert app.stdout is not None
        assert app.stdout.readline() == "ready\n"
        wait_until(lambda: any(gate.glob("commit.written.*.reached")), 30, "the paused commit")
        app.send_signal(signal.SIGINT)
        (gate / "commit.written.resume").touch()
        out, err = app.communicate(timeout=60)
    finally:
        app.kill()
    assert app.returncode == 0, err
    outcome: dict[str, object] = json.loads(out)
    return outcome


@pytest.mark.parametrize("where", ["owner", "attached"])
@pytest.mark.parametrize("mode", ["sqlite", "writer"])
def test_ctrl_c_during_a_commit_lets_it_finish_then_interrupts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, where: str
) -> None:
    data_dir, gate = tmp_path / "data", tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setenv("GRAFT_FAILPOINT_DIR", str(gate))
    here = owner_elsewhere(data_dir, mode) if where == "attached" else nullcontext(None)
    with here as volume, armed("commit.written", "pause") if volume else nullcontext():
        outcome = interrupted_app(data_dir, gate, mode, volume)
    # The interrupt as itself, raised after the commit: nothing chained to it.
    assert outcome["raised"] == ["KeyboardInterrupt", ""]
    if mode == "sqlite":
        assert outcome["rows"] == [1, 2]
        assert outcome["check"] == [["ok"]]
    else:
        assert outcome["commits"] == 2
        # Settled in the owner: its sync runtime heard of both (the owner syncs for the others).
        assert outcome["heard"] == (2 if where == "owner" else 0)
        assert outcome["pages"] == [1, 2]
