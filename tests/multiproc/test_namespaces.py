"""Processes that cannot share a data dir are told so at once: another container, say.

The owner listens on an abstract Unix socket, which only processes in its network namespace
reach, and tells live processes from gone ones by pid, which only processes in its PID
namespace share. A process in another namespace (a container with the data dir mounted, run
with `unshare` here: the tests run as root) opening the data dir waited 30 s for an owner it
could never reach, then said the owner "does not answer"; it now fails at once, saying why.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.errors import DataDirLockedError
from tests.cli.runner import Streams, clean_env
from tests.multiproc.conftest import ROOT, first_event, start_worker, stop

_OPEN = """
import sys
from graft_client import Client
from graft_core.errors import DataDirLockedError
try:
    Client(sys.argv[1]).close()
except DataDirLockedError as exc:
    print(exc)
else:
    print("attached")
"""


@pytest.mark.parametrize(
    ("unshare", "told"),
    [
        (["-n"], "in another network namespace"),
        (["-p", "-f", "--mount-proc"], "in another PID namespace"),
        (["-n", "-p", "-f", "--mount-proc"], "does not see, in another PID namespace"),
    ],
    ids=["network", "pid", "both"],
)
def test_a_process_in_another_namespace_is_refused_at_once_saying_why(
    tmp_path: Path, unshare: list[str], told: str
) -> None:
    data_dir = tmp_path / "device"
    with Client(data_dir) as first:
        vid = str(first.create_volume().vid)
    owner = start_worker("churn", data_dir, vid, 1, 0)
    try:
        first_event(owner, "open")
        started = time.monotonic()
        opened = subprocess.run(
            ["unshare", *unshare, sys.executable, "-c", _OPEN, str(data_dir)],
            cwd=ROOT,
            env=clean_env(),
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        waited = time.monotonic() - started
        said = opened.stdout.strip()
        assert told in said, (said, opened.stderr)
        assert f"data dir {data_dir} is owned by" in said
        assert "one network and PID namespace" in said
        assert waited < 10, said  # not the 30 s an owner that is starting gets
        assert stop(owner) == 0  # the owner went on, unharmed
    finally:
        if owner.proc.poll() is None:
            owner.proc.kill()


def test_an_owner_in_a_child_pid_namespace_is_not_attached_to_from_its_parent(
    tmp_path: Path,
) -> None:
    """The parent namespace sees the owner's pid, but the owner would not see this process's:
    it would take this process's secondary for a dead one's. Refused too."""
    data_dir = tmp_path / "device"
    with Client(data_dir) as first:
        vid = str(first.create_volume().vid)
    worker = [sys.executable, "-m", "tests.multiproc.worker", "churn", str(data_dir), vid, "1", "0"]
    owner = Streams(
        subprocess.Popen(
            ["unshare", "-p", "-f", "--mount-proc", *worker],
            cwd=ROOT,
            env=clean_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    )
    try:
        assert first_event(owner, "open") == ["owner"]
        with pytest.raises(DataDirLockedError, match="is owned by a process in another PID"):
            Client(data_dir)
        assert stop(owner) == 0
    finally:
        if owner.proc.poll() is None:
            owner.proc.kill()
