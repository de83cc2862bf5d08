"""A program that syncs and forgets ``close()`` still exits, and what it was told is done stays
done (issue 14, item 6).

The child prints ``done`` as its last statement; from then on it has 5 s to exit (the issue's
bound: interpreter shutdown once hung forever on the sync runtime's thread).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, client_urls, lite_for, remote_lsns

CHILD = Path(__file__).with_name("forgetful_child.py")
ROOT = Path(__file__).resolve().parents[2]
EXIT_BOUND_S = 5.0
DATA = b"forgotten".ljust(PAGE_SIZE, b".")


def run_forgetful(*args: str) -> list[str]:
    """Run the child; its output lines once it has exited, at most EXIT_BOUND_S after ``done``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        [sys.executable, str(CHILD), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        lines = []
        for line in child.stdout:  # ends when the child closes stdout (exits), or on ``done``
            lines.append(line.strip())
            if lines[-1] == "done":
                break
        try:
            child.wait(timeout=EXIT_BOUND_S)
        except subprocess.TimeoutExpired:
            child.kill()
            pytest.fail(f"the child did not exit within {EXIT_BOUND_S}s after {lines}")
        assert child.returncode == 0, child.stderr.read()
    assert lines[-1] == "done", lines
    return lines[:-1]


@pytest.mark.parametrize("mode", ["push", "autosync"])
def test_pushing_program_without_close_exits(cluster: Cluster, tmp_path: Path, mode: str) -> None:
    (vid_text,) = run_forgetful(mode, str(tmp_path / "data"), *client_urls(cluster))
    vid = VolumeId.parse(vid_text)
    assert remote_lsns(cluster, vid) == [1]
    with client_for(cluster, tmp_path / "data") as client:
        volume = client.open_volume(vid)
        snapshot = volume.snapshot()
        assert snapshot is not None and snapshot.remote_lsn == 1
        assert volume.status().value == "ok"
        with volume.reader() as reader:
            assert reader.read(1) == DATA
    with lite_for(cluster) as lite:
        assert lite.read(vid, 1, 1) == DATA


def test_lite_program_without_close_exits(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "writer") as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, DATA)
        assert volume.push() == 1
    assert run_forgetful("lite", *client_urls(cluster), str(volume.vid)) == ["forgotten"]
