"""Real processes sharing one data dir; the servers, where a test syncs, per module."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import Client
from graft_client.shared.link import OwnerLink
from graft_client.sqlite import register, unregister
from tests.cli.runner import GRAFT, Streams, clean_env
from tests.pagestore.cluster import Cluster, running_cluster
from tests.sqlite.support import Device
from tests.support.polling import wait_until

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    """Two clients of one data dir in this process: the owner, then one attached to it."""
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        yield Device(owner), Device(attached)


@pytest.fixture
def table(pair: tuple[Device, Device]) -> tuple[apsw.Connection, apsw.Connection]:
    """A table ``t(n)`` in a new database of the owner's, and a connection to it attached."""
    owner, attached = pair
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    return mine, attached.connect(mine.filename)


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where paused fail points meet the test (``GRAFT_FAILPOINT_DIR``, here and in children
    started with this environment)."""
    where = tmp_path / "gate"
    where.mkdir()
    monkeypatch.setenv("GRAFT_FAILPOINT_DIR", str(where))
    return where


def start_worker(*args: object, env: dict[str, str] | None = None) -> Streams:
    """``python -m tests.multiproc.worker ARGS`` with its output read as it comes."""
    argv = [sys.executable, "-m", "tests.multiproc.worker", *(str(a) for a in args)]
    proc = subprocess.Popen(
        argv,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=clean_env() if env is None else env,
    )
    return Streams(proc)


def events(worker: Streams, kind: str) -> list[list[str]]:
    """The words after ``kind`` of each line of that kind the worker printed."""
    with worker.changed:
        lines = list(worker.lines["stdout"])
    words = [line.split() for line in lines]
    return [w[1:-1] for w in words if w[:1] == [kind] and w[-1] == "."]


def first_event(worker: Streams, kind: str, timeout: float = 30) -> list[str]:
    """The words of the first line of ``kind``, waiting for it."""

    def first() -> list[str] | None:
        found = events(worker, kind)
        return found[0] if found else None

    return wait_until(first, timeout, f"a {kind!r} line")


def tell(worker: Streams, word: str = "go") -> None:
    """One line on the worker's stdin: the word it waits for."""
    assert worker.proc.stdin is not None
    worker.proc.stdin.write(f"{word}\n".encode())
    worker.proc.stdin.flush()


def stop(worker: Streams, timeout: float = 30) -> int:
    """Tell a worker to finish (stdin closes) and wait; a stuck one shows where it is stuck."""
    if worker.proc.poll() is None and worker.proc.stdin is not None:
        worker.proc.stdin.close()
    try:
        return worker.proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        worker.proc.send_signal(signal.SIGUSR1)  # faulthandler: every thread's stack
        worker.wait_for("stderr", "most recent call first", timeout=5)
        worker.proc.kill()
        raise AssertionError(f"worker stuck: {worker.lines}") from None


def acked_total(workers: list[Streams]) -> int:
    return sum(len(events(w, "acked")) for w in workers)


@contextmanager
def running_daemon(data_dir: Path, env: dict[str, str], *options: str) -> Iterator[Streams]:
    """``graft daemon`` owning ``data_dir`` (autosync every 200 ms), with more ``options``,
    stopped cleanly after."""
    daemon = Streams(
        subprocess.Popen(
            [GRAFT, "--data-dir", data_dir, "daemon", "--wait-ms", "200", *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
    )
    try:
        daemon.wait_for("stderr", "graft daemon syncing")
        yield daemon
    finally:
        daemon.proc.send_signal(signal.SIGTERM)
        assert daemon.proc.wait(timeout=30) == 0, daemon.lines


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The ops the attached client sends the owner from the test's thread: ``call`` (waiting
    for the answer) and ``notify`` (releases)."""
    sent: dict[str, list[str]] = {"call": [], "notify": []}
    here = threading.get_ident()
    for how, ops in sent.items():
        real = getattr(OwnerLink, how)

        def counting(link: OwnerLink, op: str, *args: Any, real: Any = real, ops: Any = ops) -> Any:
            if threading.get_ident() == here:
                ops.append(op)
            return real(link, op, *args)

        monkeypatch.setattr(OwnerLink, how, counting)
    return sent


def new_insert_table(data_dir: Path) -> str:
    """A new volume of ``data_dir`` holding the SQLite table the ``sql`` workers insert into;
    its name (the VolumeId)."""
    with Client(data_dir) as client:
        register(client)
        try:
            db = apsw.Connection("new", vfs="graft")
            db.execute("create table t(worker integer, seq integer, unique(worker, seq))")
            vid: str = db.filename
            db.close()
        finally:
            unregister("graft")
    return vid


def intact_rows(data_dir: Path, vid: str) -> set[tuple[int, int]]:
    """The rows of that table, once SQLite's ``integrity_check`` found the database intact."""
    with Client(data_dir) as client:
        register(client)
        try:
            db = apsw.Connection(vid, vfs="graft")
            assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
            rows = {(int(w), int(s)) for w, s in db.execute("select worker, seq from t")}
            db.close()
        finally:
            unregister("graft")
    return rows
