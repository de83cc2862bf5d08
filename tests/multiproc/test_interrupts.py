"""Ctrl-C in an app while its commit settles: the commit completes, then the app gets its
``KeyboardInterrupt`` (not an SQLite error about a transaction that landed), in the owner and in
an attached process, through SQLite and through the writer API. And while it takes or frees a
writer lease that other processes wait for: the lease is known held, or handed on, first."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import Client
from graft_client.shared.leases import HERE, WriterLeases
from graft_core.failpoints import armed
from graft_core.ids import VolumeId
from tests.cli.runner import clean_env
from tests.multiproc.conftest import ROOT
from tests.sqlite.support import Device, device
from tests.support.polling import POLL_S, wait_until


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


def interrupted_app(
    data_dir: Path, gate: Path, mode: str, volume: str | None, *, insist: bool = False
) -> dict[str, object]:
    """Run the app, SIGINT it while its commit waits at ``commit.written``, let it go on; if
    ``insist``, only once SIGINTs sent again made the app's statement come back."""
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
        if insist:
            assert pressed_until_it_stops(app) == "raised KeyboardInterrupt\n"
        (gate / "commit.written.resume").touch()
        out, err = app.communicate(timeout=60)
    finally:
        app.kill()
    assert app.returncode == 0, err
    outcome: dict[str, object] = json.loads(out.splitlines()[-1])
    return outcome


def pressed_until_it_stops(app: subprocess.Popen[str], timeout: float = 30) -> str:
    """Ctrl-C again and again, as a user would, until the app prints a line (signals sent
    before the app handled the last one merge with it, so one more is not enough)."""
    assert app.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.send_signal(signal.SIGINT)
        ready, _, _ = select.select([app.stdout], [], [], POLL_S)
        if ready:
            return app.stdout.readline()
    raise AssertionError(f"the app did not stop within {timeout}s of Ctrl-C")


@pytest.mark.parametrize("where", ["owner", "attached"])
@pytest.mark.parametrize("mode", ["sqlite", "writer"])
def test_ctrl_c_during_a_commit_lets_it_finish_then_interrupts(
    tmp_path: Path, gate: Path, mode: str, where: str
) -> None:
    data_dir = tmp_path / "data"
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


def test_a_second_ctrl_c_interrupts_a_commit_waiting_on_a_stalled_owner(
    tmp_path: Path, gate: Path
) -> None:
    data_dir = tmp_path / "data"
    with owner_elsewhere(data_dir, "sqlite") as volume, armed("commit.written", "pause"):
        # The owner stays paused until the app's statement came back: the second SIGINT did it.
        outcome = interrupted_app(data_dir, gate, "sqlite", volume, insist=True)
    assert outcome["raised"][0] == "KeyboardInterrupt"  # type: ignore[index]
    # Its outcome was unknown to the app; the owner, let go on, committed it.
    assert outcome["rows"] == [1, 2]
    assert outcome["check"] == [["ok"]]


def test_a_lease_freed_as_ctrl_c_comes_still_goes_to_its_waiter(
    pair: tuple[Device, Device], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, vid = pair[0].client.leases, VolumeId.random()
    told: list[bool] = []
    assert table.grant(HERE, vid, 1)
    table.grant_ahead_then(2, vid, 2, told.append)  # another process's writer waits
    hand_on = WriterLeases._hand_on

    def decided_then_ctrl_c(self: WriterLeases, vids: Any) -> Any:
        decided = hand_on(self, vids)
        signal.raise_signal(signal.SIGINT)  # the lease is given, the waiter not told yet
        return decided

    monkeypatch.setattr(WriterLeases, "_hand_on", decided_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        table.revoke(HERE, vid, 1)  # the owner app's transaction ends, in its main thread
    assert told == [True]  # before: never told, and its process waits on


def test_a_ctrl_c_as_the_writer_lease_comes_leaves_no_lease_held(
    table: tuple[apsw.Connection, apsw.Connection], monkeypatch: pytest.MonkeyPatch
) -> None:
    mine, theirs = table  # theirs: attached (its calls go to this process's owner thread)
    grant_at = WriterLeases.grant_at

    def granted_then_ctrl_c(self: WriterLeases, holder: int, *args: Any) -> int | None:
        latest = grant_at(self, holder, *args)
        if holder != HERE:
            signal.raise_signal(signal.SIGINT)  # handled as the answer reaches the main thread
        return latest

    monkeypatch.setattr(WriterLeases, "grant_at", granted_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        theirs.execute("insert into t values (1)")
    monkeypatch.undo()
    mine.setbusytimeout(0)
    mine.execute("insert into t values (2)")  # before: BUSY, the lease held for good
    theirs.execute("insert into t values (3)")
    assert [row for row in theirs.execute("select n from t order by n")] == [(2,), (3,)]


POLL_SYSCALL = {"x86_64": "7", "aarch64": "73"}[os.uname().machine]  # poll; ppoll on arm64


def _in_poll(native_id: int) -> bool | None:
    """Whether thread ``native_id`` of this process is blocked in poll (None until then)."""
    fields = Path(f"/proc/self/task/{native_id}/syscall").read_text().split()
    return fields[:1] == [POLL_SYSCALL] or None


def test_a_sigint_another_thread_takes_interrupts_a_call_to_the_owner(
    pair: tuple[Device, Device],
) -> None:
    """The kernel may run SIGINT's handler on any thread: the main thread, waiting in poll for
    the owner's answer, then heard of the Ctrl-C only once the answer came."""
    owner, attached = pair
    vid = owner.client.create_volume().vid
    main = threading.main_thread().native_id
    assert main is not None

    def interrupt() -> None:
        wait_until(lambda: _in_poll(main), 10, "the call to wait at the owner")
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # this thread takes it

    threading.Thread(target=interrupt, daemon=True).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        attached.client.local_volume(vid).wait_remote_lsn(1, timeout=20)
    assert time.monotonic() - started < 10  # heard while the call waited, not once it ended
