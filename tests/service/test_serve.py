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
def _serve(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
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
