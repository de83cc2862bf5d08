"""One server per data dir: a second metastore, pagestore or ``graft serve`` on a data dir in use
is refused with one line (before, both ran and pushes through the second vanished on restart);
the kernel drops the lock when its owner dies, even by SIGKILL. ``servers.json`` says who
owns a data dir while it runs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from graft_client import Client
from graft_client.shared.node import ATTACH_TIMEOUT_S
from graft_core.datadir import read_servers
from graft_core.errors import DataDirLockedError, NotFoundError
from graft_core.ids import VolumeId
from tests.metastore.conftest import MetaClient
from tests.pagestore.cluster import metastore_command, pagestore_command
from tests.service.refusal import refused
from tests.support.polling import pid_alive, wait_until
from tests.support.servers import running_server

GRAFT = str(Path(sys.executable).with_name("graft"))
IN_USE = "refusing to share it"


def test_a_second_metastore_on_a_data_dir_is_refused(tmp_path: Path) -> None:
    command = metastore_command("--data-dir", str(tmp_path / "data"))
    vid = VolumeId.random()
    with running_server(command, tmp_path / "first") as first:
        client = MetaClient(first.url)
        client.commit(vid, None)
        assert IN_USE in refused(command, tmp_path / "second")
        assert client.commit(vid, 1).lsn == 2  # the owner carries on undisturbed
        client.close()
        first.kill()  # SIGKILL: the kernel releases the lock
        with running_server(command, tmp_path / "third") as third:
            client = MetaClient(third.url)
            assert client.commit(vid, 2).lsn == 3
            client.close()


def test_a_second_pagestore_on_a_cache_dir_is_refused(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with running_server(metastore_command("--data-dir", str(tmp_path / "m")), tmp_path / "a") as m:
        args = ["--metastore", m.url, "--store", str(tmp_path / "s"), "--cache-dir", str(cache)]
        with running_server(pagestore_command(*args), tmp_path / "b") as pages:
            assert IN_USE in refused(pagestore_command(*args), tmp_path / "c")
            assert httpx.get(pages.url + "/health").status_code == 200


def _serve(data_dir: Path, stdout: int | None = None) -> subprocess.Popen[str]:
    """graft serve, with a temporary directory of its own next to ``data_dir``."""
    ports = ["--metastore-port", "0", "--pagestore-port", "0"]
    temp = data_dir.parent / "tmp"
    temp.mkdir(exist_ok=True)
    return subprocess.Popen(
        [GRAFT, "serve", "--data-dir", str(data_dir), *ports],
        stdout=stdout,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )


def test_graft_serve_owns_its_data_dir_and_announces_itself(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = _serve(data, subprocess.PIPE)
    try:
        assert proc.stdout is not None
        printed = dict(proc.stdout.readline().strip().split(": ", 1) for _ in range(2))
        servers = json.loads((data / "servers.json").read_text())
        meta_health = httpx.get(printed["metastore"] + "/health").json()
        pages_health = httpx.get(printed["pagestore"] + "/health").json()
        assert servers == {
            "metastore": printed["metastore"],
            "pagestore": printed["pagestore"],
            "store": str((data / "segments").resolve()),
            "cluster": meta_health["cluster"],
            "pid": proc.pid,
        }
        assert pages_health["cluster"] == meta_health["cluster"]
        assert (data / "segments" / "cluster").read_text().strip() == meta_health["cluster"]

        line = refused(
            [GRAFT, "serve", "--data-dir", str(data), "--metastore-port", "0"],
            tmp_path / "again",
            port_option=False,
        )
        assert "in use by another server; refusing to share it" in line and str(data) in line
        # Who holds it, from its servers.json: the pid and URLs to stop or use it.
        assert f"pid {proc.pid}" in line
        assert f"metastore {printed['metastore']}" in line
        assert f"pagestore {printed['pagestore']}" in line
        # Each server's own directory is owned too, by that server.
        assert IN_USE in refused(
            metastore_command("--data-dir", str(data / "metastore")), tmp_path / "m"
        )
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
        assert not (data / "servers.json").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_killed_serve_takes_its_servers_along_and_reads_as_stale(tmp_path: Path) -> None:
    """SIGKILL leaves no chance to clean up: the servers go with graft serve (no orphan keeps
    the data dir), the servers.json left behind reads as stale, so a restart works, and
    nothing is left outside the data dir (the servers' port files were in a /tmp directory of
    their own, one per killed serve)."""
    data = tmp_path / "data"
    proc = _serve(data, subprocess.PIPE)
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        assert read_servers(data)["pid"] == proc.pid
        meta_pid = read_servers(data / "metastore")["pid"]
    finally:
        proc.kill()
        proc.wait()
    with pytest.raises(NotFoundError, match=f"is stale: its server \\(pid {proc.pid}\\) is gone"):
        read_servers(data)
    wait_until(lambda: not pid_alive(meta_pid), 30, "the orphaned metastore to stop")
    assert list((tmp_path / "tmp").iterdir()) == []
    again = _serve(data, subprocess.PIPE)
    try:
        assert again.stdout is not None
        printed = dict(again.stdout.readline().strip().split(": ", 1) for _ in range(2))
        assert read_servers(data)["pid"] == again.pid
        for url in printed.values():  # the new servers' ports, not the killed ones'
            assert httpx.get(url + "/health").status_code == 200
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(timeout=60) == 0
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_client_pointed_at_a_servers_data_dir_is_told_so_at_once(tmp_path: Path) -> None:
    """A user's mistake (``--data-dir`` of ``graft serve`` given to a client): it used to wait
    for an owner's endpoint for ``ATTACH_TIMEOUT_S`` (30 s), then say the dir was locked by a
    process that did not answer. Now it says whose dir it is, and what a client needs."""
    data = tmp_path / "data"
    proc = _serve(data, subprocess.PIPE)
    try:
        assert proc.stdout is not None
        printed = dict(proc.stdout.readline().strip().split(": ", 1) for _ in range(2))
        started = time.monotonic()
        with pytest.raises(DataDirLockedError, match=f"is a graft server's: pid {proc.pid}"):
            Client(data)
        assert time.monotonic() - started < ATTACH_TIMEOUT_S / 3
        for server in (data, data / "metastore"):
            cli = subprocess.run(
                [GRAFT, "--data-dir", str(server), "status"], capture_output=True, text=True
            )
            assert cli.returncode == 1
            [line] = cli.stderr.splitlines()
            assert line.startswith(f"error: data dir {server} is a graft server's: pid ")
            assert "a client keeps a data dir of its own" in line
        assert printed["metastore"] in line
        assert httpx.get(printed["metastore"] + "/health").status_code == 200  # undisturbed
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0


def test_a_server_given_a_clients_data_dir_does_not_call_its_holder_a_server(
    tmp_path: Path,
) -> None:
    """The converse mistake: ``graft serve`` on the data dir of a running client (a daemon, an
    app) was refused as "in use by another server". No server announces it (nor a pagestore's
    cache dir, whose every file is an entry): the refusal names both kinds of holder."""
    data = tmp_path / "client"
    with Client(data) as client:
        assert client.is_owner
        line = refused(
            [GRAFT, "serve", "--data-dir", str(data), "--metastore-port", "0"],
            tmp_path / "again",
            port_option=False,
        )
    assert line == (
        f"error: data dir {data} is in use by another process (a graft server, or a graft "
        "client whose data dir it is); refusing to share it"
    )
