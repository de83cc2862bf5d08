"""``Client.reopen``: an owner that reopens its client (what brings back local storage that
refused writes after a full disk) keeps the data dir meanwhile. Before, it closed and opened
anew, and an attached process took over in between: an app without servers then owned the
data dir of a daemon that syncs it."""

from __future__ import annotations

import fcntl
import os
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.errors import ClosedError
from graft_core.failpoints import armed
from tests.multiproc.worker import page
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until


def _locked(data_dir: Path) -> bool:
    """Whether a process holds the data dir's lock (``flock`` on the directory)."""
    fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def test_an_owner_that_reopens_keeps_the_data_dir_and_its_attached_processes(
    tmp_path: Path, gate: Path
) -> None:
    owner = Client(tmp_path / "data", keep_commits=2)
    try:
        with Client(tmp_path / "data") as attached:
            volume = owner.create_volume()
            with volume.writer() as writer:
                writer.write(1, page(1))
            theirs = attached.local_volume(volume.vid)
            with theirs.reader() as held:
                assert held.read(1) == page(1)
                with armed("client.reopen.closed", "pause"), ThreadPoolExecutor(1) as pool:
                    reopening = pool.submit(owner.reopen)
                    wait_until(lambda: list(gate.glob("*.reached")) or None, 10, "the close")
                    # Closed, the client still holds the lock: the attached one cannot take over.
                    wait_until(lambda: attached.shared._changing or None, 10, "its takeover")
                    assert _locked(tmp_path / "data") and not attached.is_owner
                    (gate / "client.reopen.closed.resume").touch()
                    owner = reopened = reopening.result(30)
                # It finds the reopened owner as it would a new one after a takeover.
                wait_until(lambda: attached.shared.failovers or None, 10, "the attached one")
                assert reopened.is_owner and not attached.is_owner
                assert attached.owner_pid == reopened.owner_pid
                for n in range(2, 8):  # past keep_commits: the held snapshot stays pinned
                    with theirs.writer() as writer:
                        writer.write(1, page(n))
                assert held.read(1) == page(1)
            with reopened.local_volume(volume.vid).reader() as latest:
                assert latest.read(1) == page(7)
            assert reopened.client_id == attached.client_id
    finally:
        owner.close()


def test_a_reopened_client_replaces_the_closed_one(tmp_path: Path) -> None:
    first = Client(tmp_path)
    volume = first.create_volume()
    second = first.reopen()
    with second:
        with pytest.raises(ClosedError):
            volume.latest_lsn()
        assert second.local_volume(volume.vid).latest_lsn() == 0
    # A closed client opens anew; no lock is kept from it (another process may own it now).
    with second.reopen() as third:
        assert third.is_owner


def test_an_attached_client_that_reopens_attaches_again(tmp_path: Path) -> None:
    with Client(tmp_path) as owner, Client(tmp_path).reopen() as reopened:
        assert not reopened.is_owner and reopened.owner_pid == owner.owner_pid


def test_a_new_owner_syncs_for_an_attached_process_that_asked_the_last_one(
    cluster: Cluster, tmp_path: Path
) -> None:
    """An attached ``graft daemon`` asks the owner to sync. When another process took over,
    nothing asked the new owner: the daemon synced no more, and status said nothing did."""
    opened = partial(
        Client, tmp_path, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url
    )
    owner = opened()
    try:
        with opened() as attached:
            attached.start_autosync(wait_ms=200)
            assert owner.autosync_running
            owner = owner.reopen()  # a new owner, as after a takeover, with no autosync of its own
            wait_until(lambda: attached.shared.failovers or None, 10, "the attached one")
            assert attached.autosync_running
            volume = attached.create_volume()
            with volume.writer() as writer:
                writer.write(1, page(1))

            def pushed() -> int | None:
                snapshot = volume.snapshot()
                return None if snapshot is None else snapshot.remote_lsn

            wait_until(pushed, 30, "the push")
    finally:
        owner.close()


def test_a_push_that_a_reopen_cuts_off_raises_closed_error(
    cluster: Cluster, tmp_path: Path, gate: Path
) -> None:
    """A push in another thread as the client reopened (or closed) raised whatever its cut
    showed: CancelledError, an ExceptionGroup, httpx's "the client has been closed" (an
    outside tester). The push resumes at the next one."""
    client = Client(tmp_path, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)
    volume = client.create_volume()
    with volume.writer() as writer:
        writer.write(1, page(1))
    with armed("push.before_commit", "pause"), ThreadPoolExecutor(2) as pool:
        pushing = pool.submit(volume.push)
        wait_until(lambda: list(gate.glob("push.before_commit.*")) or None, 10, "the push")
        runtime = client.session.runtime
        reopening = pool.submit(client.reopen)
        try:
            wait_until(lambda: runtime._closed or None, 10, "the runtime closing")
        finally:
            (gate / "push.before_commit.resume").touch()
        with pytest.raises(ClosedError, match="resumes at the next push"):
            pushing.result(30)
        with reopening.result(30) as reopened:
            assert reopened.local_volume(volume.vid).push() == 1
