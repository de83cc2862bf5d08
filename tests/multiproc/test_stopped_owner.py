"""Opening a data dir whose owner accepts connections but never answers (stopped by SIGSTOP, or
held in a debugger): the opener gives up at the attach deadline with a clear error, instead of
waiting for good (``graft status`` and ``graft daemon`` hung past 10 minutes so)."""

from __future__ import annotations

import fcntl
import logging
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.shared import node
from graft_client.shared.wire import address
from graft_core import PAGE_SIZE
from graft_core.errors import DataDirLockedError
from tests.cli.runner import GRAFT, Streams, servers_env
from tests.multiproc.conftest import first_event, start_worker, stop
from tests.support.polling import wait_until
from tests.sync.support import write_pages


@contextmanager
def silent_owner(data_dir: Path) -> Iterator[socket.socket]:
    """An owner of ``data_dir`` that holds its lock and never answers: its listening socket."""
    held = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # the owner's lock: it is "alive"
        listener.bind(address(data_dir))
        listener.listen(8)  # connections are accepted by the kernel, never answered
        yield listener
    finally:
        listener.close()
        os.close(held)


def test_an_owner_that_never_answers_is_given_up_on_at_the_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(node, "ATTACH_TIMEOUT_S", 0.5)
    with silent_owner(tmp_path):
        started = time.monotonic()
        with pytest.raises(DataDirLockedError, match="does not answer"):
            Client(tmp_path)
        assert time.monotonic() - started < 5


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_daemon_stopped_while_it_waits_to_attach_stops_at_once(
    tmp_path: Path, stop: signal.Signals
) -> None:
    # Before, the stop was noted and acted on once the open gave up (30 s later).
    nowhere = "http://127.0.0.1:9"  # never asked: the daemon stops before it needs them
    with silent_owner(tmp_path) as listener:
        daemon = Streams(
            subprocess.Popen(
                [GRAFT, "--data-dir", tmp_path, "daemon"],
                env=servers_env(nowhere, nowhere),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        )
        try:
            listener.settimeout(30)
            attaching, _ = listener.accept()  # the daemon waits for the owner's hello now
            daemon.proc.send_signal(stop)
            assert daemon.proc.wait(timeout=10) == 0
            daemon.wait_for("stderr", "graft daemon stopping")
            attaching.close()
        finally:
            daemon.proc.kill()
            daemon.proc.wait()


def test_opening_next_to_a_stopped_owner_says_so_at_once_and_names_it(tmp_path: Path) -> None:
    """An owner stopped by Ctrl-Z, SIGSTOP or a debugger answers nobody: an opener said, after
    30 s, only that the data dir was locked by a process that does not answer (found by a
    hostile tester). It says which process and what to do, at once."""
    with Client(tmp_path) as first:
        vid = str(first.create_volume().vid)
    owner = start_worker("churn", tmp_path, vid, 1, 0)
    try:
        first_event(owner, "open")
        owner.proc.send_signal(signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(DataDirLockedError) as refused:
            Client(tmp_path)
        assert time.monotonic() - started < 10
        told = str(refused.value)
        assert f"owned by pid {owner.proc.pid}, which is stopped" in told
        assert f"kill -CONT {owner.proc.pid}" in told
        owner.proc.send_signal(signal.SIGCONT)
        with Client(tmp_path) as attached:  # continued, it answers again
            assert attached.owner_pid == owner.proc.pid
        assert stop(owner) == 0
    finally:
        if owner.proc.poll() is None:
            owner.proc.kill()


def test_a_call_waiting_for_a_stopped_owner_says_why_and_goes_on_when_it_continues(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An attached process whose owner was stopped after it attached waited in silence: an app
    hung with nothing in its log. Its calls still wait (a commit cut off could not be told
    from one that landed), but it logs, once, which process holds them and what continues it."""
    with Client(tmp_path) as first:
        vid = str(first.create_volume().vid)
    owner = start_worker("churn", tmp_path, vid, 1, 0)
    try:
        first_event(owner, "open")
        with Client(tmp_path) as attached:
            volume = attached.open_volume(vid)
            write_pages(volume, {1: b"a" * PAGE_SIZE})  # attached, and heard from the owner
            owner.proc.send_signal(signal.SIGSTOP)
            caplog.set_level(logging.WARNING, logger="graft_client.shared.link")
            committing = threading.Thread(target=write_pages, args=(volume, {2: b"b" * PAGE_SIZE}))
            committing.start()
            warned = wait_until(lambda: _stopped_warnings(caplog) or None, 30, "the warning")
            assert len(warned) == 1
            assert f"pid {owner.proc.pid}" in warned[0] and str(tmp_path) in warned[0]
            assert f"kill -CONT {owner.proc.pid}" in warned[0]
            assert committing.is_alive()  # it waits: the owner has not answered
            owner.proc.send_signal(signal.SIGCONT)
            committing.join(timeout=30)
            assert not committing.is_alive()
            with volume.reader() as reader:
                assert reader.read(2) == b"b" * PAGE_SIZE
            assert len(_stopped_warnings(caplog)) == 1
        assert stop(owner) == 0
    finally:
        if owner.proc.poll() is None:
            owner.proc.send_signal(signal.SIGCONT)
            owner.proc.kill()


def _stopped_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "is stopped" in r.getMessage()]
