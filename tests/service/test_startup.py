"""Start-up on a bad data dir: a read-only or foreign one is refused with one line and exit 1
before anything is announced (a full one starts and warns); the port file appears only once
connections are accepted, after the log replay."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx

from graft_core.ids import ClientId, VolumeId
from graft_core.wire import encode
from metastore_server.log import Log
from metastore_server.records import LogRecord
from tests.pagestore.cluster import metastore_command, pagestore_command
from tests.service.refusal import refused, remount_read_only
from tests.support.polling import wait_until
from tests.support.servers import running_server
from tests.support.tmpfs import Filler, small_tmpfs

GRAFT = str(Path(sys.executable).with_name("graft"))
# Log entries to replay on start: long enough (about a second) that an early port file shows.
_REPLAYED = 20_000
_BATCH = 5000
UNUSED = "http://127.0.0.1:9"  # a metastore the test never needs (the discard port)


def _serve_command(data_dir: Path) -> list[str]:
    return [GRAFT, "serve", "--data-dir", str(data_dir), "--metastore-port", "0"]


def test_read_only_data_dirs_are_refused(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "ro", "8m") as mount:
        with running_server(metastore_command("--data-dir", str(mount / "meta")), tmp_path / "a"):
            pass  # an existing data dir: the log and its control file are there
        remount_read_only(mount)
        line = refused(metastore_command("--data-dir", str(mount / "meta")), tmp_path / "m")
        assert "is not writable: Read-only file system" in line
        cache = mount / "cache"
        line = refused(
            pagestore_command(
                "--metastore", UNUSED, "--store", str(tmp_path / "s"), "--cache-dir", str(cache)
            ),
            tmp_path / "p",
        )
        assert "Read-only file system" in line
        line = refused(_serve_command(mount / "serve"), tmp_path / "g", port_option=False)
        assert "Read-only file system" in line


def test_a_full_data_dir_starts_and_says_so(tmp_path: Path) -> None:
    """A full disk is no reason not to serve what is stored: the server starts, warns, serves
    reads, and refuses writes with 503 until space is freed (tests/diskfull)."""
    with small_tmpfs(tmp_path / "full", "1m") as mount:
        with running_server(metastore_command("--data-dir", str(mount / "meta")), tmp_path / "a"):
            pass
        Filler(mount / "filler").fill()
        command = metastore_command("--data-dir", str(mount / "meta"))
        with running_server(command, tmp_path / "m") as server:
            assert httpx.get(server.url + "/health").status_code == 200
            assert "the disk is full" in server.output()


def test_a_segment_store_of_another_cluster_is_refused(tmp_path: Path) -> None:
    store, theirs = tmp_path / "segments", uuid.uuid4()
    store.mkdir()
    (store / "cluster").write_text(f"{theirs}\n")
    with running_server(
        metastore_command("--data-dir", str(tmp_path / "meta")), tmp_path / "m"
    ) as meta:
        ours = httpx.get(meta.url + "/health").json()["cluster"]
        # Told by the metastore which cluster it serves...
        args = ["--metastore", meta.url, "--store", str(store)]
        line = refused(
            pagestore_command(*args, "--cache-dir", str(tmp_path / "c1")), tmp_path / "a"
        )
        assert f"belongs to cluster {theirs}, not {ours}; refusing it" in line
    # ... or by --cluster-key, with no metastore up at all.
    args = ["--cluster-key", str(uuid.uuid4()), "--metastore", UNUSED, "--store", str(store)]
    line = refused(pagestore_command(*args, "--cache-dir", str(tmp_path / "c2")), tmp_path / "b")
    assert f"belongs to cluster {theirs}" in line
    assert (store / "cluster").read_text() == f"{theirs}\n"


def test_a_metastore_store_of_another_cluster_is_refused(tmp_path: Path) -> None:
    store, theirs, ours = tmp_path / "records", uuid.uuid4(), uuid.uuid4()
    store.mkdir()
    (store / "cluster").write_text(f"{theirs}\n")
    args = ["--store", str(store), "--cluster-key", str(ours)]
    line = refused(metastore_command(*args), tmp_path / "a")
    assert f"belongs to cluster {theirs}, not {ours}" in line


def _write_log(data_dir: Path, entries: int) -> None:
    """A log of ``entries`` commits of one volume and no index checkpoint: all replayed."""
    vid, cid = VolumeId.random(), ClientId.random()
    log = Log.open(data_dir / "log")
    try:
        for first in range(1, entries + 1, _BATCH):
            log.append(
                [
                    encode(
                        LogRecord(
                            kind="commit",
                            vid=vid,
                            lsn=lsn,
                            segments=[],
                            page_count=1,
                            cid=cid,
                            commit_hash=bytes(32),
                        )
                    )
                    for lsn in range(first, min(first + _BATCH, entries + 1))
                ]
            )
    finally:
        log.close()


def test_port_file_appears_only_once_connections_are_accepted(tmp_path: Path) -> None:
    data = tmp_path / "meta"
    _write_log(data, _REPLAYED)
    port_file = tmp_path / "port"
    proc = subprocess.Popen(
        [*metastore_command("--data-dir", str(data)), "--port", "0", "--port-file", str(port_file)],
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 120
        while not port_file.exists():
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "no port file in time"
            time.sleep(0.002)  # a poll tight enough to see the file the moment it appears
        port = int(port_file.read_text())
        # At once: the socket listens and the log is replayed (health 200, not 503).
        socket.create_connection(("127.0.0.1", port), timeout=10).close()
        health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=30)
        assert health.status_code == 200, health.text
        assert (data / "servers.json").exists()
    finally:
        proc.kill()
        proc.wait()


def test_ctrl_c_stops_a_server_cleanly(tmp_path: Path) -> None:
    """Before: uvicorn stopped, raised the Ctrl-C again, and the server exited 1 printing
    click's "Aborted!" (seen under graft serve too, whose process group gets the Ctrl-C)."""
    port_file = tmp_path / "port"
    command = metastore_command("--data-dir", str(tmp_path / "meta"))
    proc = subprocess.Popen(
        [*command, "--port", "0", "--port-file", str(port_file)],
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_until(lambda: port_file.exists() or None, 60, "the server listening")
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err.decode()
    assert "Aborted" not in err.decode()


def test_a_port_in_use_is_refused_with_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = metastore_command("--data-dir", str(tmp_path / "meta"))
        done = subprocess.run(
            [*command, "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 1, done.stderr[-3000:]
    assert done.stderr == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert not (tmp_path / "meta" / "servers.json").exists()
