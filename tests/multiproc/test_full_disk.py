"""A full disk under a data dir that several processes share (a real tmpfs, real processes).

RocksDB refuses writes after a failed write until it is reopened, and only the owner's
instance writes: an attached process's commit fails until the owner reopens its client or
stops. So the error an attached process (or a `graft` command) gets names the owner's pid
and what brings writes back there, not "reopen the client", which it could follow forever.
Once the owner stops, another process takes over with the database opened anew: commits
work again, and every acknowledged one is there.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import apsw
import httpx
import pytest

from graft_client import Client
from graft_client.shared.state import SharedState
from graft_client.sqlite import register, unregister
from graft_client.storage import db as storage_db
from graft_core.errors import StorageError, StorageFullError, StorageUnavailableError
from tests.cli.runner import graft, ok_json, servers_env
from tests.client.test_disk_full import WalSyncFails
from tests.multiproc.conftest import (
    first_event,
    new_insert_table,
    running_daemon,
    start_worker,
    stop,
)
from tests.multiproc.worker import page
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until
from tests.support.servers import free_port
from tests.support.tmpfs import Filler, small_tmpfs


def _commit(client: Client, vid: str, pageidx: int) -> None:
    with client.local_volume(vid).writer() as writer:
        writer.write(pageidx, page(pageidx))


def _committed(client: Client, vid: str, pageidx: int) -> bool:
    try:
        _commit(client, vid, pageidx)
    except StorageFullError:
        return False  # the owner had not stopped yet: still its refusing database
    except StorageUnavailableError:
        return False  # it went away during the call, as it hands the data dir over: retried
    return True


def test_an_attached_process_is_told_that_the_owner_must_reopen_and_recovers_when_it_stops(
    tmp_path: Path,
) -> None:
    with small_tmpfs(tmp_path / "disk", size="8m") as disk:
        data_dir, filler = disk / "device", Filler(disk / "filler")
        with Client(data_dir) as first:
            vid = str(first.create_volume().vid)
        owner = start_worker("churn", data_dir, vid, 1, 0)  # owns the data dir until told
        try:
            first_event(owner, "open")
            owner_pid = owner.proc.pid
            with Client(data_dir) as attached:
                assert not attached.is_owner and attached.owner_pid == owner_pid
                _commit(attached, vid, 1)
                filler.fill()
                with pytest.raises(StorageFullError) as refused:
                    _commit(attached, vid, 2)
                told = str(refused.value)
                assert "the disk is full" in told
                assert f"process that owns the data dir (pid {owner_pid})" in told
                assert "then reopen the client" not in told  # this process's own: no use

                filler.free()
                with pytest.raises(StorageFullError, match=rf"\(pid {owner_pid}\)"):
                    _commit(attached, vid, 2)  # freed, but the owner's database still refuses
                cli = graft("write", vid, "3", "--fill", "0x41", data_dir=data_dir)
                assert cli.returncode == 1, cli.stderr
                line = cli.stderr.decode().strip()
                assert re.fullmatch(rf"error: .*the disk is full.*\(pid {owner_pid}\).*", line)
                status = ok_json("status", vid, data_dir=data_dir)  # tells it, not "ok"
                assert "the disk is full" in status["local_storage"]
                assert f"(pid {owner_pid}) must reopen its client" in status["local_storage"]
                assert status["next_step"].startswith("no commit can land")

                stop(owner)  # its client's close fails on the refusing database: it exits all
                wait_until(lambda: _committed(attached, vid, 2), 30, "a commit after takeover")
                assert attached.is_owner
                assert ok_json("status", vid, data_dir=data_dir)["local_storage"] == "ok"
                with attached.local_volume(vid).reader() as reader:
                    assert reader.read(1) == page(1) and reader.read(2) == page(2)
                    assert reader.snapshot is not None and reader.snapshot.lsn == 2
        finally:
            if owner.proc.poll() is None:
                owner.proc.kill()


# A background thread of the attached process (its catch-up) must not die of that error.
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_after_the_owner_s_wal_sync_fails_an_attached_reader_is_told_whose_client_to_reopen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage_db, "Rdict", WalSyncFails)
    monkeypatch.setattr(WalSyncFails, "failing", False)
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        vid = str(owner.create_volume().vid)
        _commit(owner, vid, 1)
        WalSyncFails.failing = True
        with pytest.raises(StorageError, match="Input/output error"):
            _commit(attached, vid, 2)
        owner_pid = attached.owner_pid
        with pytest.raises(StorageError) as refused:
            attached.local_volume(vid).snapshot()  # asks the owner, which reads nothing now
        told = f"unusable until the process that owns the data dir (pid {owner_pid}) reopens"
        assert told in str(refused.value)
        with pytest.raises(StorageError, match="unusable until the client is reopened"):
            owner.local_volume(vid).snapshot()  # the owner's own app: its client, as said
        # A command without servers configured: the owner's storage, not "no servers".
        cli = graft("write", vid, "3", "--fill", "0x41", data_dir=tmp_path)
        assert cli.returncode == 1, cli.stderr
        assert told in cli.stderr.decode() and "no servers" not in cli.stderr.decode()
        WalSyncFails.failing = False


def _raised_within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """What ``call`` raised (None if it returned), on a daemon thread so that a call that
    never returns fails the test rather than hangs it."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as exc:  # the test looks at what it was
            outcome.append(exc)
        else:
            outcome.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still waiting after {seconds} s"
    return outcome[0]


def test_without_an_owner_on_a_full_disk_a_process_is_told_at_once_and_takes_over_once_freed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner stops on a full disk: the attached process cannot open the database to take
    over. Before, its calls waited for a takeover that could not happen (an app hung until
    space was freed); now they raise why (``StorageFullError``, through SQLite too), and the
    takeover is tried again in the background until space is back."""
    with small_tmpfs(tmp_path / "disk", size="8m") as disk:
        data_dir, filler = disk / "device", Filler(disk / "filler")
        vid = new_insert_table(data_dir)
        full, filling = [True], threading.Lock()
        promote = SharedState.promote

        def promote_while_full(state: SharedState) -> None:
            with filling:
                if full[0]:  # the owner's exit gave back what its deleted files held: take it
                    filler.fill()
            promote(state)

        monkeypatch.setattr(SharedState, "promote", promote_while_full)
        owner = start_worker("churn", data_dir, vid, 1, 0)  # owns the data dir until told
        try:
            first_event(owner, "open")
            with Client(data_dir) as attached:
                register(attached)
                db = apsw.Connection(vid, vfs="graft")
                db.execute("insert into t values (1, 1)")
                filler.fill()
                stop(owner)  # its close fails on the full disk: it exits all the same

                insert = partial(db.execute, "insert into t values (1, 2)")
                for call in (insert, lambda: attached.local_volume(vid).snapshot()):
                    refused = _raised_within(10, call)
                    assert isinstance(refused, StorageFullError), refused
                    assert "taking it over here failed" in str(refused)
                    assert "the disk is full" in str(refused) and "reopen" not in str(refused)

                with filling:
                    full[0] = False
                    filler.free()
                wait_until(lambda: _raised_within(10, insert) is None, 30, "the takeover")
                assert attached.is_owner
                rows = db.execute("select worker, seq from t order by seq").fetchall()
                assert rows == [(1, 1), (1, 2)]
                assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
                db.close()
        finally:
            unregister("graft")
            if owner.proc.poll() is None:
                owner.proc.kill()


def test_the_daemon_owning_the_data_dir_reopens_its_storage_once_space_is_freed(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Its RocksDB refuses writes after one found the disk full, for every process of the data
    dir, until it is reopened: an app attached to the daemon stayed refused after space was
    freed, until someone restarted the daemon. The daemon now reopens its client by itself,
    and keeps the data dir meanwhile: the app, which has no servers, took it over, and nothing
    synced until the app closed."""
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    port = free_port()
    with small_tmpfs(tmp_path / "disk", size="24m") as disk:
        data_dir, filler = disk / "device", Filler(disk / "filler")
        with Client(data_dir) as first:
            vid = str(first.create_volume().vid)
        metrics = running_daemon(data_dir, env, "--metrics-port", str(port))
        with metrics as daemon, Client(data_dir) as app:
            assert app.owner_pid == daemon.proc.pid
            _commit(app, vid, 1)
            filler.fill()
            with pytest.raises(StorageFullError, match=rf"\(pid {daemon.proc.pid}\)"):
                _commit(app, vid, 2)
            filler.free()
            wait_until(lambda: _committed(app, vid, 2), 30, "a commit once space is freed")
            daemon.wait_for("stderr", "free again: reopening it")
            daemon.wait_for("stderr", "reopened: it takes writes")
            assert daemon.proc.poll() is None
            assert not app.is_owner and app.owner_pid == daemon.proc.pid
            with app.local_volume(vid).reader() as reader:
                assert reader.read(1) == page(1) and reader.read(2) == page(2)
            status = ok_json("status", vid, data_dir=data_dir, env=env)
            assert status["local_storage"] == "ok"
            # Its metrics are the reopened client's (the closed one's would fail to read).
            scraped = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5)
            assert f'graft_volume_local_lsn{{vid="{vid}"}} 2.0' in scraped.text.splitlines()

            def pushed() -> bool:
                status = ok_json("status", vid, data_dir=data_dir, env=env)
                return status["unpushed_commits"] == 0 and status["remote_lsn"] is not None

            wait_until(pushed, 30, "the daemon to push both commits")
            assert ok_json("status", vid, data_dir=data_dir, env=env)["owner_pid"] == (
                daemon.proc.pid
            )
