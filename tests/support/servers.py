"""Run a server command as a real subprocess on loopback and wait until it answers.

The command must accept ``--port 0 --port-file PATH`` (appended here): the helper waits for the
port file, then polls ``GET /health`` until it answers 200, each with a deadline and no fixed
sleeps beyond a short poll interval. ``kill()`` SIGKILLs (crash tests), ``restart()`` starts the
same command again on a fresh ephemeral port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import httpx

__all__ = ["ServerProcess", "free_port", "running_server"]

_POLL_S = 0.02
_T = TypeVar("_T")


def free_port() -> int:
    """A loopback port that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


class ServerProcess:
    def __init__(
        self,
        command: Sequence[str],
        work_dir: Path,
        env: Mapping[str, str] | None = None,
        *,
        health_path: str = "/health",
        start_timeout: float = 30.0,
    ) -> None:
        self.command = list(command)
        self.work_dir = work_dir
        self.env = {**os.environ, **(env or {})}
        self.health_path = health_path
        self.start_timeout = start_timeout
        self.port_file = work_dir / "server.port"
        self.log_path = work_dir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> str:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.port_file.unlink(missing_ok=True)
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [*self.command, "--port", "0", "--port-file", str(self.port_file)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + self.start_timeout
        port = self._wait(deadline, self._read_port)
        self.url = f"http://127.0.0.1:{port}"
        self._wait(deadline, self._healthy)
        return self.url

    def _read_port(self) -> int | None:
        try:
            return int(self.port_file.read_text())
        except (FileNotFoundError, ValueError):
            return None

    def _healthy(self) -> bool | None:
        try:
            return httpx.get(self.url + self.health_path, timeout=2.0).status_code == 200 or None
        except httpx.TransportError:
            return None

    def _wait(self, deadline: float, probe: Callable[[], _T | None]) -> _T:
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.output()}")
            found = probe()
            if found is not None:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"server did not start in time:\n{self.output()}")
            time.sleep(_POLL_S)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:] if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL, as a power cut would stop it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> int:
        """SIGTERM and wait for a clean exit; returns the exit code."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc.returncode

    def restart(self) -> str:
        self.kill()
        return self.start()


@contextmanager
def running_server(
    command: Sequence[str], work_dir: Path, env: Mapping[str, str] | None = None
) -> Iterator[ServerProcess]:
    """A started server, killed on exit whatever happened."""
    work_dir.mkdir(parents=True, exist_ok=True)
    server = ServerProcess(command, work_dir, env)
    try:
        server.start()
        yield server
    finally:
        server.kill()
