"""Ctrl-C stops a pipeline job: one line, exit 130, no Python or JVM traceback, no JVM left.

The job runs as a real subprocess in a process group of its own, and the SIGINT goes to the
whole group, as a terminal sends it (driver and JVM alike). The metastore sits behind a proxy
that holds every ``pull_commits`` answer, so the job is still running when the signal arrives,
however fast the machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from tests.pagestore.cluster import Cluster
from tests.pipeline.history import build_history
from tests.support.faultproxy import Fault, FaultPlan, FaultProxy, Rule
from tests.support.polling import wait_until

HELD_S = 120.0  # longer than the test may take: the job cannot finish on its own
STARTED = "verify: started\n"
STOPPED = "interrupted: verify stopped; nothing was changed; run it again\n"


@dataclass
class Job:
    proc: subprocess.Popen[str]
    err: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    readers: list[threading.Thread] = field(default_factory=list)

    def interrupt_when(self, ready: Callable[[], bool], what: str) -> None:
        wait_until(ready, 90, what)
        os.killpg(self.proc.pid, signal.SIGINT)
        self.proc.wait(timeout=60)
        # EOF on both pipes: nothing the job started (the JVM) still holds them.
        for reader in self.readers:
            reader.join(timeout=30)
            assert not reader.is_alive(), "a process of the job outlived it"


@contextmanager
def verify_job(cluster: Cluster) -> Iterator[Job]:
    build_history(cluster.client(), 3, seed=5)
    hold = Rule("/pull_commits", Fault.DELAY_RESPONSE, times=1000)
    with FaultProxy(cluster.metastore.url, FaultPlan(delay_s=(HELD_S, HELD_S), rules=[hold])) as m:
        store = cluster.pagestore.command[cluster.pagestore.command.index("--store") + 1]
        where = ["--metastore", m.url, "--store", store, "--master", "local[1]"]
        proc = subprocess.Popen(
            [sys.executable, "-m", "graft_pipeline", "verify", *where],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        job = Job(proc)
        job.readers = [
            threading.Thread(target=lambda: job.err.extend(proc.stderr or ()), daemon=True),
            threading.Thread(target=lambda: job.out.extend(proc.stdout or ()), daemon=True),
        ]
        for reader in job.readers:
            reader.start()
        try:
            yield job
        finally:
            with suppress(ProcessLookupError):  # whatever of the group is left, the JVM too
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def assert_stopped_cleanly(job: Job) -> None:
    err = "".join(job.err)
    assert job.proc.returncode == 130, (job.proc.returncode, err[-3000:])
    assert job.err[-1] == STOPPED, err
    assert "Traceback" not in err and "py4j" not in err.lower() and "Exception" not in err, err
    assert job.out == []


def test_sigint_stops_the_running_job_with_one_line_and_exit_130(cluster: Cluster) -> None:
    with verify_job(cluster) as job:
        job.interrupt_when(lambda: STARTED in job.err, "the job to start")
    assert_stopped_cleanly(job)
    assert job.err[job.err.index(STARTED) + 1 :] == [STOPPED]
    assert "log4j" not in "".join(job.err) and " WARN " not in "".join(job.err)  # no chatter


def _children(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


def test_sigint_while_spark_starts_leaves_no_jvm_behind(cluster: Cluster) -> None:
    with verify_job(cluster) as job:
        pid = job.proc.pid
        job.interrupt_when(lambda: bool(_children(pid)), "the driver to launch the JVM")
    assert_stopped_cleanly(job)
