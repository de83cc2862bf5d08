"""A lite client of a remote keeps its page cache in a scratch directory under the system's
temporary directory, removed when it closes. A process killed (SIGKILL, the OOM killer, a
container stopped) cannot remove it: each such process left its cache, up to 256 MiB, in /tmp,
which a small device or a memory-backed /tmp fills with. The next one removes what dead
processes left, never what a live one uses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from graft_client import LiteClient

HOLD = """
import sys
import pytest

from graft_client import LiteClient
lite = LiteClient(remote=sys.argv[1])
print("open", flush=True)
sys.stdin.read()
"""


def _holder(remote: str, temp: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, remote],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    assert holder.stdout is not None
    assert holder.stdout.readline() == "open\n"
    return holder


def _scratch(temp: Path) -> set[str]:
    return {path.name for path in temp.iterdir()}


def test_a_killed_lite_clients_scratch_is_removed_by_the_next_and_a_live_ones_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    remote, temp = f"file://{tmp_path / 'remote'}", tmp_path / "tmp"
    temp.mkdir()
    killed = _holder(remote, temp)
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    left = _scratch(temp)
    assert len(left) == 1  # the killed one's, with nobody to remove it
    live = _holder(remote, temp)
    try:
        kept = _scratch(temp)
        assert len(kept) == 1 and kept != left  # the live one's only
        monkeypatch.setenv("TMPDIR", str(temp))
        monkeypatch.setattr("tempfile.tempdir", None)  # read TMPDIR again
        with LiteClient(remote=remote):
            assert kept < _scratch(temp)  # the live one's is still there
        assert _scratch(temp) == kept
    finally:
        live.kill()
        live.wait()
