"""SIGKILL at every sync fail point, in a real child process; the next run recovers by itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from graft_client import Client, PullOutcome, VolumeStatus
from graft_core import failpoints
from graft_core.failpoints import FailPointError
from graft_core.ids import VolumeId
from tests.pagestore.cluster import Cluster
from tests.sync.support import (
    client_for,
    lite_for,
    page,
    read_all,
    remote_lsns,
    wait_until,
    write_pages,
)

CHILD = Path(__file__).with_name("sync_child.py")
ROOT = Path(__file__).resolve().parents[2]
PAGES = 24


def run_child(
    cluster: Cluster, data_dir: Path, vid: VolumeId, failpoint: str, *action: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GRAFT_FAILPOINTS": failpoint, "PYTHONPATH": str(ROOT)}
    urls = [cluster.metastore.url, cluster.pagestore.url]
    return subprocess.run(
        [sys.executable, str(CHILD), str(data_dir), *urls, str(vid), *action],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def assert_killed(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == -signal.SIGKILL, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""  # it never got to print a result


def model_at(commits: list[dict[int, bytes]]) -> dict[int, bytes]:
    merged: dict[int, bytes] = {}
    for commit in commits:
        merged |= commit
    return merged


def first_two_commits() -> list[dict[int, bytes]]:
    return [
        {idx: page(f"c1 {idx}") for idx in range(1, PAGES + 1)},
        {idx: page(f"c2 {idx}") for idx in range(1, PAGES + 1, 3)},
    ]


@pytest.mark.parametrize(
    ("point", "committed_remotely"),
    [
        ("push.before_write_pages", False),
        ("push.before_commit", False),
        ("push.after_commit", True),
    ],
)
def test_crash_mid_push_resumes_the_same_commit(
    cluster: Cluster, tmp_path: Path, point: str, committed_remotely: bool
) -> None:
    commits = first_two_commits()
    data_dir = tmp_path / "a"
    with client_for(cluster, data_dir) as client:
        volume = client.open_volume(client.create_volume().vid)
        write_pages(volume, commits[0])
        assert volume.push() == 1  # one acknowledged push before the crash
        write_pages(volume, commits[1])
        vid = volume.vid

    assert_killed(run_child(cluster, data_dir, vid, f"{point}=crash", "push"))
    assert remote_lsns(cluster, vid) == ([1, 2] if committed_remotely else [1])

    with client_for(cluster, data_dir) as client:
        # Opening the volume resumes the interrupted push in the background, unasked.
        volume = client.open_volume(vid)
        # A commit made meanwhile is not folded into the interrupted one.
        write_pages(volume, {PAGES + 1: page("after crash")})

        def resumed() -> bool:
            return volume.log()[1].remote_lsn == 2

        wait_until(resumed, 20, "the interrupted push to resume on open")
        assert remote_lsns(cluster, vid) == [1, 2]  # the same commit, no duplicate
        assert volume.push() == 3  # then the newer commit, as a commit of its own
        assert volume.push() is None
        assert remote_lsns(cluster, vid) == [1, 2, 3]
        assert [(e.lsn, e.remote_lsn) for e in volume.log()] == [(1, 1), (2, 2), (3, 3)]
    with lite_for(cluster) as lite:
        assert lite.read_many(vid, range(1, PAGES + 1), lsn=1) == commits[0]
        assert lite.read_many(vid, range(1, PAGES + 1), lsn=2) == model_at(commits)
        assert lite.read(vid, PAGES + 1, lsn=3) == page("after crash")


def test_autosync_finishes_an_interrupted_push(cluster: Cluster, tmp_path: Path) -> None:
    commits = first_two_commits()
    data_dir = tmp_path / "a"
    with client_for(cluster, data_dir) as client:
        volume = client.create_volume()
        write_pages(volume, commits[0])
        vid = volume.vid
    assert_killed(run_child(cluster, data_dir, vid, "push.after_commit=crash", "push"))
    assert remote_lsns(cluster, vid) == [1]

    with client_for(cluster, data_dir) as client:
        volume = client.open_volume(vid)
        client.start_autosync(wait_ms=200)

        def recovered() -> bool:
            return volume.status() is VolumeStatus.OK

        wait_until(recovered, 20, "autosync to finish the interrupted push")
        snap = volume.snapshot()
        assert snap is not None and snap.remote_lsn == 1
    assert remote_lsns(cluster, vid) == [1]


def test_crash_before_applying_a_pull(cluster: Cluster, tmp_path: Path) -> None:
    commits = first_two_commits()
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, commits[0])
        vol_a.push()
        vid = vol_a.vid
        assert read_all(b.open_volume(vid), PAGES) == commits[0]
        write_pages(vol_a, commits[1])
        assert vol_a.push() == 2

    assert_killed(run_child(cluster, tmp_path / "b", vid, "pull.before_apply=crash", "pull"))
    with client_for(cluster, tmp_path / "b") as b:
        vol_b = b.open_volume(vid)
        snap = vol_b.snapshot()
        assert snap is not None and snap.remote_lsn == 1 and snap.lsn == 1
        assert vol_b.status() is VolumeStatus.OK
        assert read_all(vol_b, PAGES) == commits[0]
        assert vol_b.pull() is PullOutcome.APPLIED
        assert read_all(vol_b, PAGES) == model_at(commits)
    assert remote_lsns(cluster, vid) == [1, 2]


@pytest.mark.parametrize("point", ["fetch.before_read", "fetch.before_store"])
def test_crash_mid_fetch(cluster: Cluster, tmp_path: Path, point: str) -> None:
    commits = first_two_commits()
    with client_for(cluster, tmp_path / "a") as a:
        vol_a = a.create_volume()
        write_pages(vol_a, commits[0])
        vol_a.push()
        vid = vol_a.vid
    with client_for(cluster, tmp_path / "b") as b:
        b.open_volume(vid)  # cloned: every page PENDING

    assert_killed(run_child(cluster, tmp_path / "b", vid, f"{point}=crash", "read", "7"))
    with client_for(cluster, tmp_path / "b") as b:
        vol_b = b.open_volume(vid)
        assert vol_b.status() is VolumeStatus.OK
        with vol_b.reader() as reader:
            assert reader.read(7) == commits[0][7]
        # Nothing was stored by the crashed fetch: this process fetched page 7 again.
        assert vol_b.stats().round_trips == 1 and vol_b.stats().pages_fetched > 0
        assert read_all(vol_b, PAGES) == commits[0]
    assert remote_lsns(cluster, vid) == [1]


@pytest.mark.parametrize(
    "point", ["push.before_write_pages", "push.before_commit", "push.after_commit"]
)
def test_push_error_then_retry_succeeds_once(cluster: Cluster, tmp_path: Path, point: str) -> None:
    # The same fail points in this process, armed as GRAFT_FAILPOINTS=<point>=error would.
    commits = first_two_commits()
    with Client(
        tmp_path / "a", metastore=cluster.metastore.url, pagestore=cluster.pagestore.url
    ) as client:
        volume = client.create_volume()
        write_pages(volume, commits[0])
        with failpoints.armed(point, "error"), pytest.raises(FailPointError):
            volume.push()
        assert volume.status() is VolumeStatus.INTERRUPTED_PUSH
        assert remote_lsns(cluster, volume.vid) == ([1] if point == "push.after_commit" else [])
        assert volume.push() == 1
        assert volume.status() is VolumeStatus.OK
        assert volume.push() is None
        assert remote_lsns(cluster, volume.vid) == [1]
        with lite_for(cluster) as lite:
            assert lite.read_many(volume.vid, range(1, PAGES + 1)) == commits[0]


def test_an_interrupted_push_tells_a_new_process_why_until_it_is_resumed(
    cluster: Cluster, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume(sync="disabled")
        write_pages(volume, first_two_commits()[0])
    result = run_child(cluster, tmp_path / "a", volume.vid, "push.before_commit=error", "push")
    assert result.returncode != 0 and "FailPointError" in result.stderr, result.stderr
    with client_for(cluster, tmp_path / "a") as client:
        again = client.local_volume(volume.vid)
        assert again.status() is VolumeStatus.INTERRUPTED_PUSH
        error = again.last_error()
        assert error is not None and error.kind == "FailPointError"
        assert "push.before_commit" in error.message
        assert again.push() == 1
        assert again.last_error() is None
    with client_for(cluster, tmp_path / "a") as client:
        assert client.local_volume(volume.vid).last_error() is None
