"""Two clients on one volume: push, lazy clone, pull, prefetch counts, truncation (DESIGN 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import PullOutcome, VolumeStatus
from graft_client.status import volume_report
from graft_client.sync.prefetch import NEIGHBOURS, SCAN_RUN
from graft_core import wire
from graft_core.errors import ServiceUnavailableError
from graft_core.types import EMPTY_PAGE
from tests.pagestore.cluster import Cluster
from tests.sync.support import (
    client_for,
    lite_for,
    model_pages,
    page,
    read_all,
    remote_lsns,
    write_pages,
)

PAGES = 100


class PrefetchModel:
    """The prefetch rule of ``graft_client.sync.prefetch``, restated: which pages a miss fetches."""

    def __init__(self, page_count: int) -> None:
        self.page_count = page_count
        self.last_miss: int | None = None
        self.fetched: set[int] = set()
        self.round_trips = 0

    def read(self, pageidx: int) -> None:
        if pageidx in self.fetched:
            return
        last, self.last_miss = self.last_miss, pageidx
        ahead = SCAN_RUN if last is not None and 0 < pageidx - last <= 2 * SCAN_RUN else NEIGHBOURS
        lo, hi = max(1, pageidx - NEIGHBOURS), min(self.page_count, pageidx + ahead)
        self.fetched |= set(range(lo, hi + 1))
        self.round_trips += 1


def test_lazy_clone_fetches_only_reads_plus_prefetch(own_cluster: Cluster, tmp_path: Path) -> None:
    model = {idx: page(f"v1 page {idx}") for idx in range(1, PAGES + 1)}
    with client_for(own_cluster, tmp_path / "a") as a, client_for(own_cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)  # lazy clone: learns the pages, fetches none
        snap = vol_b.snapshot()
        assert snap is not None and snap.remote_lsn == 1 and snap.page_count == PAGES
        assert vol_b.stats().pages_fetched == 0

        expected = PrefetchModel(PAGES)
        with vol_b.reader() as reader:
            for idx in (50, 55, 10, 60, 58, 18):
                assert reader.read(idx) == model[idx]
                expected.read(idx)
                stats = vol_b.stats()
                assert stats.pages_fetched == len(expected.fetched)
                assert stats.round_trips == expected.round_trips
                assert stats.bytes_fetched == 4096 * len(expected.fetched)
        # 50: 42..58 (first miss); 10: 2..18 (backwards: neighbours only); 60: scan ahead to 100.
        assert expected.fetched == set(range(2, 19)) | set(range(42, 101))
        never_read = sorted(set(range(1, PAGES + 1)) - expected.fetched)
        assert never_read == [1, *range(19, 42)]

        # With the servers gone, fetched pages still read; pages never fetched are still PENDING.
        own_cluster.pagestore.kill()
        own_cluster.metastore.kill()
        with vol_b.reader() as reader:
            for idx in sorted(expected.fetched):
                assert reader.read(idx) == model[idx]
            for idx in (1, 19, 30, 41):
                with pytest.raises(ServiceUnavailableError):
                    reader.read(idx)
        assert vol_b.stats().pages_fetched == len(expected.fetched)

        # A push with the servers gone fails with the typed error and is resumable.
        write_pages(vol_b, {3: page("offline")})
        with pytest.raises(ServiceUnavailableError):
            vol_b.push()
        assert vol_b.status() is VolumeStatus.INTERRUPTED_PUSH
        assert vol_b.errors()[-1].kind == "ServiceUnavailableError"


def test_second_client_sees_each_commit(cluster: Cluster, tmp_path: Path) -> None:
    model = {idx: page(f"base {idx}") for idx in range(1, 41)}
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)
        assert read_all(vol_b, 40) == model
        expected = PrefetchModel(40)
        for idx in range(1, 41):
            expected.read(idx)
        assert vol_b.stats().pages_fetched == 40
        assert vol_b.stats().round_trips == expected.round_trips

        for remote_lsn in range(2, 8):
            k = remote_lsn * 5
            changes = {k: page(f"r{remote_lsn} {k}"), k + 1: page(f"r{remote_lsn} {k + 1}")}
            write_pages(vol_a, changes)
            model.update(changes)
            assert vol_a.push() == remote_lsn
            before = vol_b.stats()
            assert vol_b.pull() is PullOutcome.APPLIED
            snap = vol_b.snapshot()
            assert snap is not None and snap.remote_lsn == remote_lsn
            assert read_all(vol_b, 40) == model
            after = vol_b.stats()
            # Only the two changed pages are fetched again, in one round trip.
            assert after.pages_fetched - before.pages_fetched == 2
            assert after.round_trips - before.round_trips == 1
            assert vol_b.pull() is PullOutcome.UP_TO_DATE
        assert remote_lsns(cluster, vol_a.vid) == list(range(1, 8))
        assert vol_a.status() is VolumeStatus.OK and vol_b.status() is VolumeStatus.OK


def test_truncate_on_one_client_reads_zeros_on_the_other(cluster: Cluster, tmp_path: Path) -> None:
    model = {idx: page(f"t {idx}") for idx in range(1, 21)}
    with (
        client_for(cluster, tmp_path / "a") as a,
        client_for(cluster, tmp_path / "b") as b,
        lite_for(cluster) as lite,
    ):
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        vol_a.push()
        vol_b = b.open_volume(vol_a.vid)
        assert read_all(vol_b, 20) == model

        write_pages(vol_a, {}, truncate=5)
        assert vol_a.push() == 2
        assert vol_b.pull() is PullOutcome.APPLIED
        snap = vol_b.snapshot()
        assert snap is not None and snap.page_count == 5
        assert read_all(vol_b, 20) == model_pages(model, 5, 20)
        assert lite.read_many(vol_a.vid, range(1, 21)) == model_pages(model, 5, 20)
        assert lite.read_many(vol_a.vid, range(1, 21), lsn=1) == model
        assert lite.snapshot(vol_a.vid).page_count == 5

        # Growing again: the cut pages stay zeros unless rewritten, on both clients.
        write_pages(vol_a, {12: page("regrown 12")})
        assert vol_a.push() == 3
        assert vol_b.pull() is PullOutcome.APPLIED
        expected = model_pages(model, 5, 20) | {12: page("regrown 12")}
        assert read_all(vol_b, 20) == expected
        assert read_all(vol_a, 20) == expected
        assert lite.read_many(vol_a.vid, range(1, 21)) == expected


def test_pull_across_a_truncate_and_regrow_at_once(cluster: Cluster, tmp_path: Path) -> None:
    """B skips both commits in one pull: the union graft alone does not show the cut pages."""
    model = {idx: page(f"s {idx}") for idx in range(1, 21)}
    with (
        client_for(cluster, tmp_path / "a") as a,
        client_for(cluster, tmp_path / "b") as b,
        lite_for(cluster) as lite,
    ):
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        vol_a.push()
        vol_b = b.open_volume(vol_a.vid)
        assert read_all(vol_b, 20) == model  # every page local on B

        write_pages(vol_a, {}, truncate=5)
        vol_a.push()
        write_pages(vol_a, {10: page("new 10")})
        assert vol_a.push() == 3
        assert vol_b.pull() is PullOutcome.APPLIED
        expected = model_pages(model, 5, 20) | {10: page("new 10")}
        assert lite.read_many(vol_a.vid, range(1, 21)) == expected
        assert read_all(vol_b, 20) == expected
        assert read_all(vol_b, 20)[7] == EMPTY_PAGE


def test_push_fsyncs_pending_sync_before_the_metastore_commit(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pending_sync`` is written without a sync and fsynced alongside the upload: the fsync must
    be over before the commit request leaves, or a power cut could lose the pending marker of a
    commit the metastore accepted."""
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume(sync="disabled")
        write_pages(volume, {1: page("one")})
        events: list[str] = []
        state, metastore = client.state, client.runtime.metastore
        sync_wal, commit = state.sync_wal, metastore.commit

        def traced_sync_wal() -> None:
            sync_wal()
            events.append("wal synced")

        async def traced_commit(*args: object, **kwargs: object) -> wire.SnapshotInfo:
            events.append("commit sent")
            return await commit(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(state, "sync_wal", traced_sync_wal)
        monkeypatch.setattr(metastore, "commit", traced_commit)
        assert volume.push() == 1
        assert events == ["wal synced", "commit sent"]


def test_fetch_counters_and_progress_survive_into_a_new_process(
    cluster: Cluster, tmp_path: Path
) -> None:
    """``graft status`` in a new process shows what this data dir fetched; long pushes and
    ``fetch_all`` report (done, total) pages as they go."""
    pages = 600  # three write_pages requests of at most 256 pages
    model = {idx: page(f"counted {idx}") for idx in range(1, pages + 1)}
    pushed: list[tuple[int, int]] = []
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        assert vol_a.push(progress=lambda done, total: pushed.append((done, total))) == 1
        vol_b = b.open_volume(vol_a.vid)
        fetched: list[tuple[int, int]] = []
        assert vol_b.fetch_all(progress=lambda done, total: fetched.append((done, total))) == pages
        stats = vol_b.stats()
    assert sorted(pushed) == pushed and pushed[-1] == (pages, pages) and len(pushed) == 3
    assert fetched == [(256, pages), (512, pages), (pages, pages)]
    assert stats.pages_fetched == pages and stats.bytes_fetched == pages * 4096
    assert stats.round_trips == 3
    with client_for(cluster, tmp_path / "b") as again:
        volume = again.local_volume(vol_a.vid)
        assert volume.stats() == stats
        assert read_all(volume, pages) == model  # all local: nothing more to fetch
        assert volume.stats() == stats
        report = volume_report(volume)
        assert (report["pages_fetched"], report["round_trips"]) == (pages, 3)
