"""The run's processes behind one interface, so the killer and the supervisor treat all alike.

Servers keep their port across restarts (``tests.sync.support.FixedPortServer``), so clients
keep working URLs.
Every start of a role is a new incarnation; workers get its number.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tests.chaos.config import RoleKind, role_kind
from tests.pagestore.cluster import Cluster, metastore_command, pagestore_command
from tests.support.servers import ServerProcess
from tests.sync.support import FixedPortServer

__all__ = ["Managed", "ServerRole", "WorkerRole", "fixed_port_servers", "worker_command"]

REPO_ROOT = Path(__file__).resolve().parents[2]
_STOP_TIMEOUT_S = 60.0
_PR_SET_PDEATHSIG = 1


def _die_with_coordinator() -> None:
    """In the child before exec: SIGKILL it when the coordinator dies, however it dies."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


class Managed(ABC):
    def __init__(self, name: str) -> None:
        self.name = name
        self.kind: RoleKind = role_kind(name)
        self.incarnation = 0
        self.paused = False

    def start(self) -> None:
        self.incarnation += 1
        self.paused = False
        self._spawn()

    @abstractmethod
    def _spawn(self) -> None: ...

    @abstractmethod
    def _process(self) -> subprocess.Popen[bytes] | None: ...

    def exit_code(self) -> int | None:
        """None while running (or paused), else how it ended (negative: the signal)."""
        proc = self._process()
        return None if proc is None else proc.poll()

    def send(self, sig: signal.Signals) -> None:
        proc = self._process()
        if proc is not None and proc.poll() is None:
            os.kill(proc.pid, sig)
            if sig is signal.SIGKILL:
                proc.wait()
        self.paused = sig is signal.SIGSTOP

    def terminate(self) -> None:
        """Ask it to finish (SIGTERM, after SIGCONT if paused)."""
        self.send(signal.SIGCONT)
        self.send(signal.SIGTERM)

    def wait_exit(self) -> int | None:
        """Its exit code once it ended; SIGKILL if it takes too long."""
        proc = self._process()
        if proc is None:
            return None
        try:
            proc.wait(timeout=_STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.send(signal.SIGKILL)
        return proc.returncode


@contextmanager
def fixed_port_servers(root: Path) -> Iterator[Cluster]:
    """Metastore and pagestore that come back on their first port; killed on exit."""
    meta_dir, pages_dir = root / "metastore", root / "pagestore"
    meta_dir.mkdir(parents=True, exist_ok=True)
    pages_dir.mkdir(parents=True, exist_ok=True)
    meta = FixedPortServer(metastore_command("--data-dir", str(meta_dir / "data")), meta_dir)
    pages = FixedPortServer(
        pagestore_command(
            "--store", str(pages_dir / "segments"), "--cache-dir", str(pages_dir / "cache")
        ),
        pages_dir,
    )
    try:
        pages.command += ["--metastore", meta.start()]
        pages.start()
        yield Cluster(meta, pages)
    finally:
        pages.kill()
        meta.kill()


class ServerRole(Managed):
    def __init__(self, name: str, server: ServerProcess) -> None:
        super().__init__(name)
        self.server = server
        self.incarnation = 1  # started by the cluster before the run

    def _spawn(self) -> None:
        self.server.start()

    def _process(self) -> subprocess.Popen[bytes] | None:
        return self.server.proc


class WorkerRole(Managed):
    def __init__(self, name: str, command: Callable[[int], Sequence[str]], log: Path) -> None:
        super().__init__(name)
        self._command = command
        self._log = log
        self._proc: subprocess.Popen[bytes] | None = None

    def _spawn(self) -> None:
        with open(self._log, "ab") as log:
            self._proc = subprocess.Popen(
                list(self._command(self.incarnation)),
                cwd=REPO_ROOT,
                preexec_fn=_die_with_coordinator,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def _process(self) -> subprocess.Popen[bytes] | None:
        return self._proc


def worker_command(run_dir: Path, name: str) -> Callable[[int], list[str]]:
    def command(incarnation: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "tests.chaos.worker",
            "--run-dir",
            str(run_dir),
            "--name",
            name,
            "--incarnation",
            str(incarnation),
        ]

    return command
