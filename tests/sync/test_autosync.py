"""Autosync: every commit on A reaches B in order, quickly; failures are visible and recovered."""

from __future__ import annotations

import logging
import random
import statistics
import threading
import time
from pathlib import Path

import pytest

from graft_client import Volume, VolumeStatus
from graft_client.cli.sync import _report
from graft_client.status import owner_report, volume_report
from graft_core.errors import ClosedError, InvalidInputError
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, lite_for, page, read_all, remote_lsns, wait_until

COMMITS = 50
DEADLINE_S = 10.0
P99_BOUND_S = 5.0


def remote_lsn(volume: Volume) -> int:
    snap = volume.snapshot()
    return 0 if snap is None or snap.remote_lsn is None else snap.remote_lsn


def test_every_commit_reaches_the_other_client_in_order(cluster: Cluster, tmp_path: Path) -> None:
    rng = random.Random(5)
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume(sync="push")
        first = {idx: page(f"first {idx}") for idx in range(1, 11)}
        with vol_a.writer() as writer:
            for idx, data in first.items():
                writer.write(idx, data)
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid, sync="pull")
        a.start_autosync(wait_ms=2_000)
        b.start_autosync(wait_ms=2_000)

        model = dict(first)
        lags: list[float] = []
        seen: list[int] = [remote_lsn(vol_b)]
        for n in range(2, COMMITS + 2):
            time.sleep(rng.uniform(0, 0.02))  # the writer's think time, not synchronisation
            idx = rng.randrange(1, 16)
            model[idx] = page(f"commit {n} page {idx}")
            with vol_a.writer() as writer:
                writer.write(idx, model[idx])
            committed = time.monotonic()

            def visible(expected: int = n) -> int | None:
                lsn = remote_lsn(vol_b)
                if lsn != seen[-1]:
                    seen.append(lsn)
                return lsn if lsn >= expected else None

            assert wait_until(visible, DEADLINE_S, f"remote LSN {n} on B") == n
            lags.append(time.monotonic() - committed)
            with vol_b.reader() as reader:
                assert reader.read(idx) == model[idx]

        assert seen == list(range(1, COMMITS + 2)), "B saw every remote LSN, in order"
        assert remote_lsns(cluster, vol_a.vid) == list(range(1, COMMITS + 2))
        assert read_all(vol_b, 15) == read_all(vol_a, 15)
        assert vol_a.errors() == [] and vol_b.errors() == []
        p99 = statistics.quantiles(lags, n=100)[98]
        print(f"autosync lag: p50 {statistics.median(lags) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
        assert p99 < P99_BOUND_S


def test_push_failures_are_recorded_and_the_push_lands_later(
    own_cluster: Cluster, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    # An in-process CLI test earlier may have quieted the RPC core's logger (graft's own setting).
    caplog.set_level(logging.INFO, logger="graft_core.rpcclient")
    with client_for(own_cluster, tmp_path / "a") as a:
        vol_a = a.create_volume(sync="push")
        a.start_autosync(wait_ms=500)
        with vol_a.writer() as writer:
            writer.write(1, page("before the outage"))
        wait_until(lambda: remote_lsn(vol_a) == 1, 10, "the first autosync push")

        own_cluster.pagestore.kill()
        own_cluster.metastore.kill()
        with vol_a.writer() as writer:
            writer.write(2, page("during the outage"))
        caplog.clear()
        errors = wait_until(
            lambda: vol_a.errors() if len(vol_a.errors()) >= 3 else None,
            30,
            "three recorded push failures",
        )
        assert errors[-1].kind == "ServiceUnavailableError"
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1, [r.getMessage() for r in warnings]  # one line per outage
        assert vol_a.status() is VolumeStatus.INTERRUPTED_PUSH
        assert remote_lsn(vol_a) == 1
        report = wait_until(
            lambda: None if (found := _report(vol_a, owner_report(a)))["pushing"] else found,
            30,
            "a status read between two of autosync's attempts",
        )
        assert report["last_error"].startswith("ServiceUnavailableError: ")
        assert "autosync retries it" in report["next_step"]  # not only "`graft push` finishes it"

        own_cluster.metastore.start()
        own_cluster.pagestore.start()
        wait_until(lambda: remote_lsn(vol_a) == 2, 30, "the push after the servers came back")
        assert vol_a.status() is VolumeStatus.OK
        assert volume_report(vol_a)["last_error"] is None, "the outage is over"
        assert vol_a.errors()[: len(errors)] == errors, "and kept as history"
    assert remote_lsns(own_cluster, vol_a.vid) == [1, 2]
    with lite_for(own_cluster) as lite:
        assert lite.read_many(vol_a.vid, [1, 2]) == {
            1: page("before the outage"),
            2: page("during the outage"),
        }


def test_wait_remote_lsn_wakes_on_push_and_on_pull(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume(sync="push")
        with vol_a.writer() as writer:
            writer.write(1, page("one"))
        assert not vol_a.wait_remote_lsn(1, timeout=0.05), "nothing pushed yet"
        a.start_autosync(wait_ms=2_000)
        assert vol_a.wait_remote_lsn(1, timeout=DEADLINE_S), "A's own push"
        vol_b = b.open_volume(vol_a.vid, sync="pull")
        b.start_autosync(wait_ms=2_000)
        with vol_a.writer() as writer:
            writer.write(2, page("two"))
        assert vol_b.wait_remote_lsn(2, timeout=DEADLINE_S), "B's autosync pull"
        assert remote_lsn(vol_b) == 2
        assert vol_b.wait_remote_lsn(1, timeout=0), "an older LSN is already there"
        with pytest.raises(InvalidInputError):
            vol_b.wait_remote_lsn(0)


def test_wait_remote_lsn_raises_when_the_client_closes(cluster: Cluster, tmp_path: Path) -> None:
    client = client_for(cluster, tmp_path / "a")
    volume = client.create_volume(sync="disabled")
    outcome: list[BaseException | bool] = []

    def wait() -> None:
        try:
            outcome.append(volume.wait_remote_lsn(1))
        except ClosedError as exc:
            outcome.append(exc)

    waiter = threading.Thread(target=wait)
    waiter.start()
    # Close only once the waiter waits.
    wait_until(lambda: client.state.waiting or None, DEADLINE_S, "a waiter")
    client.close()
    waiter.join(DEADLINE_S)
    assert not waiter.is_alive(), "close() woke the waiter"
    assert len(outcome) == 1 and isinstance(outcome[0], ClosedError)


def test_a_commit_does_not_wait_for_a_busy_sync_runtime(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume(sync="push")
        client.start_autosync(wait_ms=2_000)
        release, blocked = threading.Event(), threading.Event()

        async def hog_the_loop() -> None:
            blocked.set()
            release.wait(DEADLINE_S)  # blocks the runtime's loop thread on purpose

        hog = client.runtime.portal.start_task_soon(hog_the_loop)
        try:
            assert blocked.wait(DEADLINE_S)
            committed = threading.Event()

            def commit() -> None:
                with volume.writer() as writer:
                    writer.write(1, page("while the runtime is busy"))
                committed.set()

            threading.Thread(target=commit, daemon=True).start()
            assert committed.wait(DEADLINE_S), "the commit waited for the sync runtime's loop"
            assert remote_lsn(volume) == 0, "nothing could be pushed while the loop was held"
        finally:
            release.set()
            hog.result(DEADLINE_S)
        assert volume.wait_remote_lsn(1, timeout=DEADLINE_S), "the woken push loop pushed it"
