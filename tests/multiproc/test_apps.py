"""Four app processes, the daemon and the CLI on one data dir (issue 16, points 1 and 4)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.cli.sync import _report
from graft_client.status import OWNER_TEXT, owner_report, volume_report
from graft_client.volume import Volume
from graft_core.errors import InvalidInputError
from graft_core.failpoints import armed
from tests.cli.runner import clean_env, graft, ok, ok_json, servers_env, stderr_lines
from tests.multiproc.conftest import events, running_daemon, start_worker
from tests.multiproc.worker import page
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until
from tests.support.servers import free_port
from tests.sync.support import write_pages

APPS = 4
PER_APP = 8


def test_four_apps_the_daemon_and_the_cli_share_a_data_dir(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    device = tmp_path / "device"
    with running_daemon(device, env) as daemon:
        # Every command works while the daemon owns the data dir, and status names it.
        vid = ok("volume", "create", data_dir=device, env=env).decode().strip()
        status = ok_json("status", vid, data_dir=device, env=env)
        assert status["owner_pid"] == daemon.proc.pid
        assert "daemon" in status["owner"]

        ok("write", vid, "1000", "--fill", "0x41", data_dir=device, env=env)
        pages = [app * 100 + n for app in range(APPS) for n in range(1, PER_APP + 1)]
        every = ",".join(map(str, pages))
        apps = [
            start_worker("apps", device, vid, app * 100 + 1, PER_APP, every, env=env)
            for app in range(APPS)
        ]
        # The CLI reads while the apps commit (a CLI write now could lose the race for an LSN
        # to them: ConcurrentWriteError, as it should).
        read = ok("read", vid, "1000", data_dir=device, env=env)
        assert read == b"A" * 4096
        for app in apps:
            assert app.proc.wait(timeout=120) == 0, app.lines
            assert events(app, "error") == [], app.lines
            assert events(app, "done") == [[]]
            assert events(app, "open") == [["attached", str(daemon.proc.pid)]]
            assert len(events(app, "acked")) == PER_APP
        acked_lsns = sorted(int(lsn) for app in apps for _, lsn in events(app, "acked"))
        assert len(set(acked_lsns)) == len(acked_lsns)  # one commit per LSN
        expected = len(pages) + 1  # and the CLI's write

        def pushed() -> bool:
            found = ok_json("status", vid, data_dir=device, env=env)
            return bool(found["local_lsn"] == expected and found["unpushed_commits"] == 0)

        wait_until(pushed, 60, "the daemon to push every process's commits")

    with Client(
        tmp_path / "other", metastore=cluster.metastore.url, pagestore=cluster.pagestore.url
    ) as other:
        volume = other.open_volume(vid)
        with volume.reader() as reader:
            assert [reader.read(idx) for idx in pages] == [page(idx) for idx in pages]
            assert reader.read(1000) == b"A" * 4096


def test_status_beside_a_push_under_way_says_so_not_that_it_was_cut_off(
    cluster: Cluster, tmp_path: Path, gate: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    device = tmp_path / "device"
    with Client(device, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url) as owner:
        volume = owner.create_volume()
        write_pages(volume, {1: page(1)})
        with armed("push.before_commit", "pause"):  # in this process only, not the CLI's
            pushing = threading.Thread(target=volume.push)
            pushing.start()
            wait_until(lambda: list(gate.glob("push.before_commit.*")) or None, 10, "the push")
            during = ok_json("status", str(volume.vid), data_dir=device, env=env)
            # So do the volume commands (before: status=interrupted_push, an outside tester).
            text = ok("status", str(volume.vid), data_dir=device, env=env).decode()
            listed = ok("volume", "list", data_dir=device, env=env).decode()
            shown = ok("volume", "status", str(volume.vid), data_dir=device, env=env).decode()
            as_json = ok_json("volume", "status", str(volume.vid), data_dir=device, env=env)
            (gate / "push.before_commit.resume").touch()
            pushing.join(30)
        after = ok_json("status", str(volume.vid), data_dir=device, env=env)
    assert during["next_step"] is None  # before: "a push was cut off: `graft push` finishes it"
    assert during["pushing"] is True
    assert "status=pushing" in listed and "status      pushing" in shown.splitlines()
    assert "status           pushing" in text.splitlines()  # --json: as stored, and pushing
    assert (as_json["status"], as_json["pushing"]) == ("interrupted_push", True)
    assert (after["pushing"], after["status"], after["remote_lsn"]) == (False, "ok", 1)


def test_status_read_as_a_push_ends_says_pushing_not_cut_off(
    cluster: Cluster, tmp_path: Path, gate: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The status reads the volume's state while a push runs (a daemon pushing every few
    milliseconds), and the push ends before the status asks whether one runs. Before:
    ``interrupted_push`` with ``pushing`` false (and "a push was cut off" as the next step
    when the order fell the other way), seen in 4 of 15 polls beside a busy daemon."""
    with Client(tmp_path, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url) as c:
        volume = c.create_volume()
        write_pages(volume, {1: page(1)})
        pushing = threading.Thread(target=volume.push)
        read_info = Volume.info

        def info_as_the_push_ends(self: Volume) -> object:
            found = read_info(self)
            (gate / "push.before_commit.resume").touch()
            pushing.join(30)
            return found

        with armed("push.before_commit", "pause"):
            pushing.start()
            wait_until(lambda: list(gate.glob("push.before_commit.*")) or None, 10, "the push")
            monkeypatch.setattr(Volume, "info", info_as_the_push_ends)
            report = _report(volume, owner_report(c))
    assert report["status"] == "interrupted_push"  # as it was read, while the push ran
    assert (report["pushing"], report["next_step"]) == (True, None)


def test_a_second_daemon_on_a_data_dir_is_refused_and_names_the_first(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    device = tmp_path / "device"
    with running_daemon(device, env) as daemon:
        second = graft("daemon", data_dir=device, env=env)
        assert second.returncode == 1
        assert stderr_lines(second) == [
            f"error: a graft daemon (pid {daemon.proc.pid}) already syncs {device}: one is "
            "enough; stop it first to start another"
        ]
    with running_daemon(device, env):  # the lock went with the first
        pass


def test_status_names_an_owner_started_with_a_long_multiline_command_on_one_line(
    tmp_path: Path,
) -> None:
    """An app run as ``python -c`` with a script of several lines owns the data dir: status
    showed its whole command, newlines and all, which broke the table it prints."""
    device = tmp_path / "device"
    vid = ok("volume", "create", data_dir=device).decode().strip()
    with _app_holding(device, "x" * 500) as holder:
        status = ok_json("status", vid, data_dir=device)
        assert status["owner_pid"] == holder.pid
        owner = status["owner"]
        assert "\n" not in owner
        assert owner.startswith(f"{sys.executable} -c import sys from graft_client import")
        assert len(owner) <= OWNER_TEXT and owner.endswith("…")
        assert f"{owner}\n" in ok("status", vid, data_dir=device).decode()


def test_status_beside_an_owner_with_no_servers_says_so(tmp_path: Path) -> None:
    """The owner syncs for every process, and has no servers: status says so, and what a
    push would do (lend it this command's servers)."""
    device = tmp_path / "device"
    vid = ok("volume", "create", data_dir=device).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=device)
    env = servers_env("http://127.0.0.1:9", "http://127.0.0.1:10")
    with _app_holding(device) as holder:
        step = ok_json("status", vid, data_dir=device, env=env)["next_step"]
        assert f"(pid {holder.pid})" in step and "has no servers configured" in step
        assert f"`graft push {vid}` (or a `graft daemon`) lends it these servers" in step


def test_a_process_with_servers_lends_them_to_an_owner_without(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The daemon (or a push) beside an app opened without servers (started first, or that
    took over from the daemon): the owner syncs for every process, and had none, so the daemon
    exited and a push was refused (and an attached daemon that the app took over from synced
    no more). The owner now syncs with the servers the asker lends it."""
    device = tmp_path / "device"
    vid = ok("volume", "create", data_dir=device).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=device)
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    with _app_holding(device) as holder:
        assert ok_json("push", vid, data_dir=device, env=env)["remote_lsn"] == 1
        ok("write", vid, "2", "--fill", "8", data_dir=device)  # no servers: the owner's now
        with running_daemon(device, env) as daemon:
            daemon.wait_for("stderr", f"through its owner, pid {holder.pid}")

            def pushed() -> bool:
                status = ok_json("status", vid, data_dir=device)
                return (status["remote_lsn"], status["unpushed_commits"]) == (2, 0)

            wait_until(pushed, 30, "the daemon's autosync, in the owner, to push")


@contextmanager
def _app_holding(device: Path, *args: str) -> Iterator[subprocess.Popen[bytes]]:
    """An app (``python -c``, with ``args``, no servers) that owns ``device`` for the block."""
    script = (
        f"import sys\nfrom graft_client import Client\nwith Client({str(device)!r}):\n"
        "    print('ready', flush=True)\n    sys.stdin.read()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=clean_env(),
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline() == b"ready\n"
        yield holder
    finally:
        holder.stdin.close()
        assert holder.wait(timeout=30) == 0


def test_a_process_given_other_servers_than_the_owners_is_refused_its_syncs(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The owner syncs for every process of the data dir. `graft push` given another
    cluster's URLs pushed to the owner's servers and said "pushed" (an outside tester)."""
    metastore, pagestore = cluster.metastore.url, cluster.pagestore.url
    with Client(tmp_path, metastore=metastore, pagestore=pagestore) as owner:
        vid = str(owner.create_volume().vid)
        write_pages(owner.local_volume(vid), {1: page(1)})
        nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens there
        elsewhere = servers_env(nowhere, nowhere)
        proc = graft("push", vid, data_dir=tmp_path, env=elsewhere)
        lines = stderr_lines(proc)
        assert proc.returncode == 2 and len(lines) == 1, lines
        assert f"owns data dir {tmp_path}" in lines[0] and f"metastore {metastore}" in lines[0]
        snapshot = owner.local_volume(vid).snapshot()
        assert snapshot is not None and snapshot.remote_lsn is None  # nothing pushed
        # The same servers, spelled otherwise (an outside tester found these refused).
        same = servers_env(metastore.replace("http", "HTTP") + "/", pagestore)
        pushed = ok_json("push", vid, data_dir=tmp_path, env=same)
        assert pushed["remote_lsn"] == 1
        # None at all: the owner's (the CLI refused: "no servers configured").
        write_pages(owner.local_volume(vid), {2: page(2)})
        assert ok_json("push", vid, data_dir=tmp_path)["remote_lsn"] == 2


def test_status_without_servers_beside_an_owner_with_some_says_to_push(
    cluster: Cluster, tmp_path: Path
) -> None:
    """It gave no next step: it looked at its own servers, not at the owner's (which syncs
    for every process)."""
    with Client(tmp_path, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url) as c:
        vid = str(c.create_volume().vid)
        write_pages(c.local_volume(vid), {1: page(1)})
        step = ok_json("status", vid, data_dir=tmp_path)["next_step"]
    assert step.endswith(
        f"nothing syncs this data dir now (no `graft daemon`, no autosync): "
        f"`graft push {vid}` sends them"
    )


def test_servers_lent_go_with_the_process_that_lent_them(cluster: Cluster, tmp_path: Path) -> None:
    """A `graft push` given wrong servers lent them to an owner without any, which kept
    them: every later push with the right ones was refused until the owner exited (an outside
    tester)."""
    device = tmp_path / "device"
    vid = ok("volume", "create", data_dir=device).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=device)
    nowhere = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    with _app_holding(device):
        failed = graft("push", vid, data_dir=device, env=servers_env(nowhere, nowhere))
        assert failed.returncode == 1 and "cannot reach" in failed.stderr.decode()
        env = servers_env(cluster.metastore.url, cluster.pagestore.url)
        assert ok_json("push", vid, data_dir=device, env=env)["remote_lsn"] == 1


def test_status_beside_a_push_under_way_shows_no_error_that_a_later_sync_got_past(
    cluster: Cluster, tmp_path: Path, gate: Path
) -> None:
    """Beside apps committing all the time the status reads a push under way most of the
    time, which looks cut off: an outage's error stayed shown ten seconds after the pushes
    went through again (an outside tester)."""
    with Client(tmp_path, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url) as c:
        volume = c.create_volume()
        write_pages(volume, {1: page(1)})
        errors = c.runtime.errors
        errors.record(volume.vid, ConnectionError("the metastore is down"))
        at_ms = errors.recent(volume.vid)[-1].at_ms
        wait_until(lambda: time.time_ns() // 10**6 > at_ms or None, 5, "a millisecond to pass")
        errors.success(volume.vid)  # a sync after it went through
        with armed("push.before_commit", "pause"):
            pushing = threading.Thread(target=volume.push)
            pushing.start()
            wait_until(lambda: list(gate.glob("push.before_commit.*")) or None, 10, "the push")
            report = volume_report(volume)
            (gate / "push.before_commit.resume").touch()
            pushing.join(30)
    assert (report["status"], report["pushing"]) == ("interrupted_push", True)
    assert report["last_error"] is None  # before: "ConnectionError: the metastore is down"


def test_deleting_a_volume_while_the_owner_autosyncs_names_the_owner(
    cluster: Cluster, tmp_path: Path
) -> None:
    """`graft volume delete` beside a daemon said only "stop autosync" (an outside tester):
    autosync runs in the owner, for every process."""
    metastore, pagestore = cluster.metastore.url, cluster.pagestore.url
    with (
        Client(tmp_path, metastore=metastore, pagestore=pagestore) as owner,
        Client(tmp_path) as attached,
    ):
        vid = owner.create_volume().vid
        owner.start_autosync(wait_ms=200)
        with pytest.raises(InvalidInputError, match=rf"owns data dir .* \(pid {owner.owner_pid}\)"):
            attached.delete_volume(vid)
        assert attached.local_volume(vid).vid == vid  # still there
