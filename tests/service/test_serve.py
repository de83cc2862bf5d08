"""``graft serve`` through the real entry point: both servers up, usable, stopped cleanly."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import GraftHttp
from tests.support.polling import wait_until
from tests.support.receipts import server_env

GRAFT = str(Path(sys.executable).with_name("graft"))
_DEADLINE_S = 60.0


def _wait_ready(proc: subprocess.Popen[bytes], ready: Path) -> dict[str, Any]:
    deadline = time.monotonic() + _DEADLINE_S
    while not ready.exists():
        assert proc.poll() is None, f"graft serve exited with {proc.returncode}"
        assert time.monotonic() < deadline, "graft serve did not get ready in time"
        time.sleep(0.05)
    doc: dict[str, Any] = json.loads(ready.read_text())
    return doc


@contextmanager
def _serve(
    tmp_path: Path, **popen: Any
) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
    ready = tmp_path / "ready.json"
    proc = subprocess.Popen(
        [
            GRAFT,
            "serve",
            "--data-dir",
            str(tmp_path / "data"),
            "--metastore-port",
            "0",
            "--pagestore-port",
            "0",
            "--ready-file",
            str(ready),
        ],
        stdout=subprocess.PIPE,
        **popen,
    )
    try:
        yield proc, _wait_ready(proc, ready)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _down(url: str) -> bool:
    try:
        httpx.get(url + "/health", timeout=2.0)
    except httpx.TransportError:
        return True
    return False


def test_serve_runs_both_servers_until_sigterm(tmp_path: Path) -> None:
    with _serve(tmp_path) as (proc, doc):
        http = GraftHttp(doc["metastore"], doc["pagestore"])
        vid = VolumeId.random()
        page = b"\x2a" * PAGE_SIZE
        http.commit(vid, None, 1, http.write(vid, {1: page}))
        assert http.read(vid, 1, [1]) == {1: page}
        http.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert proc.stdout is not None
        out = proc.stdout.read().decode()
        assert doc["metastore"] in out and doc["pagestore"] in out
        assert _down(doc["metastore"]) and _down(doc["pagestore"])
    assert (tmp_path / "data" / "metastore").is_dir()
    assert any((tmp_path / "data" / "segments").rglob("*"))


def test_ctrl_c_at_the_terminal_stops_serve_quietly(tmp_path: Path) -> None:
    """The terminal sends SIGINT to the whole process group, the servers too. Before, a server
    took it as its own Ctrl-C and printed click's "Aborted!" as graft serve exited 0."""
    with _serve(tmp_path, stderr=subprocess.PIPE, start_new_session=True) as (proc, doc):
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0
        assert err.decode().strip() == ""
        assert _down(doc["metastore"]) and _down(doc["pagestore"])


def test_serve_exits_nonzero_when_a_child_dies(tmp_path: Path) -> None:
    with _serve(tmp_path) as (proc, doc):
        os.kill(doc["pids"]["metastore"], signal.SIGKILL)
        assert proc.wait(timeout=30) != 0
        assert _down(doc["pagestore"])


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [GRAFT, "serve", "--data-dir", str(tmp_path / "data")]
        done = subprocess.run(
            [*command, "--metastore-port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(
        f"error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )
    assert "--metastore-port" in done.stderr
    assert not (tmp_path / "data" / "servers.json").exists()


def test_data_dirs_with_an_unexpanded_tilde_are_in_the_home_directory(tmp_path: Path) -> None:
    """``~`` from a unit file or a quoted word is the home directory, for ``graft serve`` and a
    server alone (through its variable), never a directory named ``~`` where it runs."""
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "HOME": str(home), "METASTORE_DATA_DIR": "~/meta", **server_env()}
    port_file = tmp_path / "meta.port"
    alone = subprocess.Popen(
        [sys.executable, "-m", "metastore_server", "--port", "0", "--port-file", str(port_file)],
        cwd=work,
        env=env,
    )
    ready = tmp_path / "ready.json"
    serve = [GRAFT, "serve", "--data-dir", "~/served", "--ready-file", str(ready)]
    ports = ["--metastore-port", "0", "--pagestore-port", "0"]
    both = subprocess.Popen([*serve, *ports], cwd=work, env=env, stdout=subprocess.DEVNULL)
    try:
        _wait_ready(both, ready)
        wait_until(port_file.exists, _DEADLINE_S, "the metastore's port file")
    finally:
        for proc in (alone, both):
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
    assert list(work.iterdir()) == []
    assert (home / "meta").is_dir() and (home / "served" / "metastore").is_dir()
