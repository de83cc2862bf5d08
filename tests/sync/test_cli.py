"""The sync commands through the installed ``graft`` entry point, against real servers."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster
from tests.support.servers import free_port
from tests.sync.support import client_for, page, remote_lsns, wait_until, write_pages
from tests.sync.test_failpoints import assert_killed, run_child

GRAFT = Path(sys.executable).parent / "graft"


class Graft:
    """``graft --data-dir D --metastore M --pagestore P ...`` for one data dir."""

    def __init__(self, cluster: Cluster, data_dir: Path) -> None:
        self.base = [
            str(GRAFT),
            "--data-dir",
            str(data_dir),
            "--metastore",
            cluster.metastore.url,
            "--pagestore",
            cluster.pagestore.url,
        ]

    def run(self, *args: str, expect: int = 0) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == expect, (args, done.returncode, done.stdout, done.stderr)
        return done

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--json").stdout)

    def read_bytes(self, *args: str, out: Path) -> bytes:
        self.run("read", *args, "--out", str(out))
        data = out.read_bytes()
        assert len(data) == PAGE_SIZE
        return data


def fill(byte: int) -> bytes:
    return bytes([byte]) * PAGE_SIZE


def test_push_clone_pull_sync_reset_status_read(cluster: Cluster, tmp_path: Path) -> None:
    a, b = Graft(cluster, tmp_path / "a"), Graft(cluster, tmp_path / "b")
    vid = a.json("volume", "create")["vid"]
    a.run("write", vid, "1", "--fill", "65")
    a.run("write", vid, "2", "--fill", "66")
    status = a.json("status", vid)
    assert {k: status[k] for k in ("local_lsn", "remote_lsn", "status", "unpushed_commits")} == {
        "local_lsn": 2,
        "remote_lsn": None,
        "status": "ok",
        "unpushed_commits": 2,
    }
    assert status["last_error"] is None and status["last_sync_age_s"] is None
    assert a.json("push", vid) == {"remote_lsn": 1, "local_lsn": 2, "pages": 2, "resumed": False}
    assert a.json("push", vid)["remote_lsn"] is None
    assert a.json("status", vid)["unpushed_commits"] == 0

    cloned = b.json("clone", vid)
    assert (cloned["local_lsn"], cloned["remote_lsn"], cloned["status"]) == (1, 1, "ok")
    assert cloned["pages_fetched"] == 0 and cloned["cloned"] is True
    again = b.run("clone", vid).stdout
    assert again.startswith(f"already cloned; `graft pull {vid}` brings it up to date\n")
    assert 0 <= cloned["last_sync_age_s"] < 60  # the clone's pull, moments ago
    assert b.read_bytes(vid, "2", out=tmp_path / "p2") == fill(66)

    a.run("write", vid, "3", "--fill", "67")
    synced = a.json("sync", vid)
    assert (synced["remote_lsn"], synced["unpushed_commits"], synced["outcome"]) == (
        2,
        0,
        "up_to_date",
    )
    assert synced["pushed"] == 2  # what the sync did, not only that the pull found nothing
    pulled = b.json("pull", vid)
    assert pulled["outcome"] == "applied" and pulled["snapshot"]["remote_lsn"] == 2
    assert b.read_bytes(vid, "3", out=tmp_path / "p3") == fill(67)

    # A conflict through the CLI: B's push is refused, status says so, reset converges.
    a.run("write", vid, "1", "--fill", "97")
    assert a.json("push", vid)["remote_lsn"] == 3
    b.run("write", vid, "1", "--fill", "98")
    refused = b.run("push", vid, expect=1)
    assert "error:" in refused.stderr
    status = b.json("status", vid)
    assert (status["status"], status["unpushed_commits"]) == ("rejected_commit", 1)
    reset = b.json("reset", vid)
    assert reset["remote_lsn"] == 3
    status = b.json("status", vid)
    assert (status["status"], status["unpushed_commits"], status["remote_lsn"]) == ("ok", 0, 3)
    assert b.read_bytes(vid, "1", out=tmp_path / "b1") == fill(97)

    # The lite client through the CLI, at old and new remote LSNs; no data dir involved.
    lite = Graft(cluster, tmp_path / "never-created")
    assert lite.read_bytes(vid, "1", "--remote", "--lsn", "1", out=tmp_path / "r1") == fill(65)
    assert lite.read_bytes(vid, "1", "--remote", "--lsn", "3", out=tmp_path / "r3") == fill(97)
    assert lite.read_bytes(vid, "3", "--remote", "--lsn", "1", out=tmp_path / "r0") == bytes(4096)
    assert lite.read_bytes(vid, "3", "--remote", out=tmp_path / "rl") == fill(67)
    assert not (tmp_path / "never-created").exists()
    missing = lite.run("read", vid, "1", "--remote", "--lsn", "99", expect=2)
    assert "error:" in missing.stderr
    assert remote_lsns(cluster, VolumeId.parse(vid)) == [1, 2, 3]


def test_daemon_pushes_then_stops_cleanly_on_sigterm(cluster: Cluster, tmp_path: Path) -> None:
    data_dir = tmp_path / "d"
    with client_for(cluster, data_dir) as client:
        volume = client.create_volume(sync="push")
        write_pages(volume, {1: page("made before the daemon started")})
        vid = volume.vid
    metrics_port = free_port()  # for the daemon's /metrics
    options = ["--wait-ms", "500", "--metrics-port", str(metrics_port)]
    daemon = subprocess.Popen(
        [*Graft(cluster, data_dir).base, "daemon", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_until(lambda: remote_lsns(cluster, vid) == [1], 30, "the daemon's push")
        sample = f'graft_volume_remote_lsn{{vid="{vid}"}} 1.0'

        def metrics_show_push() -> bool:
            try:
                text = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).text
            except httpx.TransportError:
                return False
            return sample in text.splitlines()

        wait_until(metrics_show_push, 30, "the daemon's /metrics to show remote LSN 1")
    finally:
        daemon.send_signal(signal.SIGTERM)
        _, err = daemon.communicate(timeout=30)
    assert daemon.returncode == 0, err
    assert "stopping" in err
    with client_for(cluster, data_dir) as client:  # the lock is released, the state recorded
        volume = client.open_volume(vid)
        snap = volume.snapshot()
        assert snap is not None and snap.remote_lsn == 1
        assert volume.status().value == "ok"


def test_push_that_finishes_an_interrupted_push_says_so(cluster: Cluster, tmp_path: Path) -> None:
    """Opening the volume resumes the push a crash cut off, in the background; the explicit
    push that then finds nothing left must still report the commit that went out."""
    data_dir = tmp_path / "a"
    cli = Graft(cluster, data_dir)
    with client_for(cluster, data_dir) as client:
        volume = client.create_volume()
        write_pages(volume, {1: page("one"), 2: page("two")})
        vid = volume.vid
    assert_killed(run_child(cluster, data_dir, vid, "push.before_commit=crash", "push"))
    assert remote_lsns(cluster, vid) == []
    text = cli.run("push", str(vid)).stdout.strip()
    assert text == "finished the interrupted push: local LSN 1 (2 pages) as remote LSN 1"
    assert remote_lsns(cluster, vid) == [1]

    with client_for(cluster, data_dir) as client:
        write_pages(client.local_volume(vid), {3: page("three")})
    assert_killed(run_child(cluster, data_dir, vid, "push.after_commit=crash", "push"))
    assert cli.json("push", str(vid)) == {
        "remote_lsn": 2,
        "local_lsn": 2,
        "pages": 1,
        "resumed": True,
    }
    assert cli.run("push", str(vid)).stdout.strip() == "nothing to push"
    assert remote_lsns(cluster, vid) == [1, 2]


def test_status_pull_reset_of_an_interrupted_push_tell_what_is(
    cluster: Cluster, tmp_path: Path
) -> None:
    """status reports an interrupted push and leaves it be (it used to report it, then finish
    it while closing); pull lets the resumed push end and applies; reset drops it instead of
    racing the resume; status of a volume that is not here does not clone it."""
    data_dir = tmp_path / "a"
    cli = Graft(cluster, data_dir)
    with client_for(cluster, data_dir) as client:
        volume = client.create_volume()
        write_pages(volume, {1: page("one"), 2: page("two")})
        vid = str(volume.vid)
    assert_killed(run_child(cluster, data_dir, volume.vid, "push.before_commit=crash", "push"))
    for _ in range(2):
        status = cli.json("status", vid)
        assert (status["status"], status["unpushed_commits"]) == ("interrupted_push", 1)
    assert remote_lsns(cluster, volume.vid) == []

    pulled = cli.json("pull", vid)
    assert pulled["outcome"] == "up_to_date" and pulled["snapshot"]["remote_lsn"] == 1
    assert cli.run("pull", vid).stdout.strip() == "up to date at remote LSN 1 (local LSN 1)"
    assert remote_lsns(cluster, volume.vid) == [1]

    with client_for(cluster, data_dir) as client:
        write_pages(client.local_volume(vid), {3: page("three")})
    assert_killed(run_child(cluster, data_dir, volume.vid, "push.before_commit=crash", "push"))
    assert cli.json("reset", vid)["remote_lsn"] == 1
    status = cli.json("status", vid)
    assert (status["status"], status["unpushed_commits"], status["remote_lsn"]) == ("ok", 0, 1)
    assert remote_lsns(cluster, volume.vid) == [1]
    assert cli.run("reset", vid).stdout.strip() == "reset to remote LSN 1: local LSN 3"
    assert cli.read_bytes(vid, "3", out=tmp_path / "p3") == bytes(PAGE_SIZE)

    elsewhere = Graft(cluster, tmp_path / "b")
    assert "no data directory at" in elsewhere.run("status", vid, expect=2).stderr
    said = elsewhere.run("volume", "list").stdout.strip()
    assert said == f"no volumes: no data directory at {tmp_path / 'b'}"
