"""A Spark standalone cluster on loopback: a master and workers started from the pyspark
installation (``bin/spark-class``), one core each, in process groups of their own.

Each daemon logs to a file in the cluster's directory; the master's URL and web UI port are read
from its log (both bind ephemeral ports; the UI's once it serves its pages), and readiness is the
master's ``/json`` counting alive workers. The daemons run without ``PYTHONPATH`` and in their own
directories: executors get the project's code from the driver (``--py-files``), never from the
driver's checkout.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pyspark

from tests.support.polling import wait_until
from tests.support.spark_jvm import JAVA_OPTIONS

__all__ = ["SPARK_BIN", "SparkCluster", "descends_from", "running_spark_cluster"]

SPARK_BIN = Path(pyspark.__file__).resolve().parent / "bin"
_START_TIMEOUT_S = 60.0
_MASTER_URL = re.compile(r"Starting Spark master at (spark://127\.0\.0\.1:\d+)")
# Logged once the UI's handlers are attached: Jetty is already listening (and answers 404 to
# every path) when it logs "Successfully started service 'MasterUI'", a moment earlier.
_UI_BOUND = re.compile(r"Bound MasterWebUI to \S+, and started at https?://[^:/\s]+:(\d+)")
WORKER_MEMORY = "1g"


def _daemon_env(root: Path, java_options: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("GRAFT_")}
    env.update(
        SPARK_LOCAL_IP="127.0.0.1",
        SPARK_LOG_DIR=str(root / "logs"),
        SPARK_DAEMON_MEMORY="256m",
        SPARK_DAEMON_JAVA_OPTS=java_options,
        # The REST submission server would bind the fixed port 6066.
        SPARK_MASTER_OPTS="-Dspark.master.rest.enabled=false",
    )
    return env


def _start(root: Path, name: str, args: list[str], java_options: str) -> subprocess.Popen[bytes]:
    home = root / name
    home.mkdir(parents=True, exist_ok=True)
    with open(home / "daemon.log", "wb") as log:
        return subprocess.Popen(
            [str(SPARK_BIN / "spark-class"), *args],
            cwd=home,
            env=_daemon_env(root, java_options),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # out of the terminal's group: Ctrl-C stops pytest only
        )


def _parents() -> dict[int, int]:
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # ended meanwhile
            continue
        # pid (comm) state ppid ...: comm may hold spaces, so split after its closing paren.
        found[int(stat.parent.name)] = int(text.rpartition(")")[2].split()[1])
    return found


def descends_from(pid: int, ancestor: int, parents: dict[int, int] | None = None) -> bool:
    parents = _parents() if parents is None else parents
    while pid > 1:
        if pid == ancestor:
            return True
        pid = parents.get(pid, 0)
    return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a daemon and every process below it (Python workers have groups of their own)."""
    if process.poll() is None:
        parents = _parents()
        tree = [pid for pid in parents if descends_from(pid, process.pid, parents)]
        for pid in tree:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    process.wait()


def _log_match(process: subprocess.Popen[bytes], log: Path, pattern: re.Pattern[str]) -> str:
    def probe() -> str | None:
        assert process.poll() is None, f"{log} ended early:\n{log.read_text()[-4000:]}"
        found = pattern.search(log.read_text(errors="replace"))
        return found.group(1) if found else None

    return wait_until(probe, _START_TIMEOUT_S, f"{pattern.pattern} in {log}")


@dataclass
class SparkCluster:
    root: Path
    master: subprocess.Popen[bytes]
    url: str
    ui: str
    size: int
    java_options: str
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    started: int = 0

    def _state(self) -> dict[str, Any]:
        answer = httpx.get(f"{self.ui}/json/", timeout=10)
        if answer.status_code != 200:
            log = (self.root / "master" / "daemon.log").read_text(errors="replace")[-4000:]
            raise AssertionError(
                f"the master's UI {self.ui}/json/ answered {answer.status_code}; its log:\n{log}"
            )
        state: dict[str, Any] = answer.json()
        assert state.get("url") == self.url, f"{self.ui} is the UI of {state.get('url')}"
        return state

    def alive_workers(self) -> int:
        return int(self._state()["aliveworkers"])

    def completed_apps(self) -> int:
        """Applications (drivers) that ran on this cluster and ended."""
        return len(self._state()["completedapps"])

    def wait_for_workers(self, count: int) -> None:
        wait_until(
            lambda: self.alive_workers() == count, _START_TIMEOUT_S, f"{count} alive workers"
        )

    def start_worker(self) -> None:
        number = self.started
        self.started += 1
        args = ["org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--port", "0"]
        args += ["--webui-port", "0", "--cores", "1", "--memory", WORKER_MEMORY]
        args += ["--work-dir", str(self.root / f"worker{number}" / "work"), self.url]
        self.workers.append(_start(self.root, f"worker{number}", args, self.java_options))

    def kill_worker(self, index: int) -> None:
        """SIGKILL a worker with its executor and Python workers."""
        _stop(self.workers.pop(index))

    def replace_dead_workers(self) -> None:
        """Back to ``size`` alive workers, after a test killed some."""
        self.workers = [worker for worker in self.workers if worker.poll() is None]
        if len(self.workers) < self.size:
            while len(self.workers) < self.size:
                self.start_worker()
            self.wait_for_workers(self.size)

    def stop(self) -> None:
        for process in [*self.workers, self.master]:
            _stop(process)


@contextmanager
def running_spark_cluster(
    root: Path, java_options: str = JAVA_OPTIONS, workers: int = 2
) -> Iterator[SparkCluster]:
    """The cluster, its daemons' JVMs started with ``java_options``."""
    args = ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", "0"]
    master = _start(root, "master", [*args, "--webui-port", "0"], java_options)
    try:
        log = root / "master" / "daemon.log"
        url = _log_match(master, log, _MASTER_URL)
        ui = f"http://127.0.0.1:{_log_match(master, log, _UI_BOUND)}"
        cluster = SparkCluster(root, master, url, ui, workers, java_options)
    except BaseException:
        _stop(master)
        raise
    try:
        cluster.replace_dead_workers()
        yield cluster
    finally:
        cluster.stop()
