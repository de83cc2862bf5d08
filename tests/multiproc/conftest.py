"""Real processes sharing one data dir; the servers, where a test syncs, per module."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.runner import Streams, clean_env
from tests.pagestore.cluster import Cluster, running_cluster

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started


def start_worker(*args: str | Path, env: dict[str, str] | None = None) -> Streams:
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
    return [line.split()[1:] for line in lines if line.split()[:1] == [kind]]
