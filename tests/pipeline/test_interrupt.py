"""Ctrl-C stops a pipeline job: one line, exit 130, no Python or JVM traceback.

The job runs as a real subprocess in a process group of its own, and the SIGINT goes to the
whole group, as a terminal sends it (driver, JVM and Spark's Python workers alike). The
metastore sits behind a proxy that holds every ``pull_commits`` answer, so the job is still
running when the signal arrives, however fast the machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

from tests.pagestore.cluster import Cluster
from tests.pipeline.history import build_history
from tests.support.faultproxy import Fault, FaultPlan, FaultProxy, Rule
from tests.support.polling import wait_until

HELD_S = 120.0  # longer than the test may take: the job cannot finish on its own
STARTED = "verify: started"


def test_sigint_stops_the_job_with_one_line_and_exit_130(cluster: Cluster) -> None:
    build_history(cluster.client(), 3, seed=5)
    hold = Rule("/pull_commits", Fault.DELAY_RESPONSE, times=1000)
    with FaultProxy(cluster.metastore.url, FaultPlan(delay_s=(HELD_S, HELD_S), rules=[hold])) as m:
        store = cluster.pagestore.command[cluster.pagestore.command.index("--store") + 1]
        where = ["--metastore", m.url, "--store", store, "--master", "local[1]"]
        job = subprocess.Popen(
            [sys.executable, "-m", "graft_pipeline", "verify", *where],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        lines: list[str] = []
        out: list[str] = []
        readers = [
            threading.Thread(target=lambda: lines.extend(job.stderr or ()), daemon=True),
            threading.Thread(target=lambda: out.extend(job.stdout or ()), daemon=True),
        ]
        for reader in readers:
            reader.start()
        try:
            wait_until(lambda: any(STARTED in line for line in lines), 90, "the job to start")
            os.killpg(job.pid, signal.SIGINT)
            job.wait(timeout=60)
        finally:
            if job.poll() is None:
                os.killpg(job.pid, signal.SIGKILL)
                job.wait()
        for reader in readers:
            reader.join(timeout=10)
    err = "".join(lines)
    assert job.returncode == 130, (job.returncode, err[-3000:])
    after = [line.rstrip("\n") for line in lines[lines.index(f"{STARTED}\n") + 1 :]]
    assert after == ["interrupted: verify stopped; nothing was changed; run it again"], err
    assert "Traceback" not in err and "py4j" not in err.lower() and "Exception" not in err, err
    assert out == []
