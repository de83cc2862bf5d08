"""Offline commits on two clients: rejection, conflict, reset, and the opt-in rebase policy."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from graft_client import ConflictPolicy, PullOutcome, Volume, VolumeStatus
from graft_client.status import volume_report
from graft_core.errors import CommitRejectedError, ConflictError
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, lite_for, page, read_all, remote_lsns, write_pages

PAGES = 30


@contextmanager
def two_clones(cluster: Cluster, tmp: Path) -> Iterator[tuple[Volume, Volume, dict[int, bytes]]]:
    """A's volume pushed as remote LSN 1, B's clone of it, and the pages of LSN 1."""
    base = {idx: page(f"base {idx}") for idx in range(1, PAGES + 1)}
    with client_for(cluster, tmp / "a") as a, client_for(cluster, tmp / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, base)
        assert vol_a.push() == 1
        yield vol_a, b.open_volume(vol_a.vid), base


def assert_equals_remote(cluster: Cluster, volume: Volume, last: int) -> None:
    snap = volume.snapshot()
    assert snap is not None and snap.remote is not None and snap.remote.local_lsn == snap.lsn
    with lite_for(cluster) as lite:
        remote = lite.read_many(volume.vid, range(1, last + 1), lsn=snap.remote.remote_lsn)
        assert lite.snapshot(volume.vid).lsn == snap.remote_lsn
    assert read_all(volume, last) == remote


def test_second_push_is_rejected_and_reset_converges(cluster: Cluster, tmp_path: Path) -> None:
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, base):
        write_pages(vol_a, {1: page("a1")})
        write_pages(vol_b, {2: page("b2")})
        write_pages(vol_b, {3: page("b3")})
        assert vol_a.push() == 2
        with pytest.raises(CommitRejectedError):
            vol_b.push()
        assert vol_b.status() is VolumeStatus.REJECTED_COMMIT
        # Local commits are kept while rejected, and pushing again is refused, not retried.
        assert read_all(vol_b, 3) == {1: base[1], 2: page("b2"), 3: page("b3")}
        with pytest.raises(ConflictError):
            vol_b.push()
        assert remote_lsns(cluster, vol_a.vid) == [1, 2]

        snap = vol_b.reset_to_remote()
        assert snap is not None and snap.remote_lsn == 2
        assert vol_b.status() is VolumeStatus.OK
        assert read_all(vol_b, PAGES) == base | {1: page("a1")}
        assert_equals_remote(cluster, vol_b, PAGES)
        assert vol_b.push() is None  # nothing left to push

        # After the reset B is an ordinary synced client again.
        write_pages(vol_b, {4: page("b4 after reset")})
        assert vol_b.push() == 3
        assert vol_a.pull() is PullOutcome.APPLIED
        assert read_all(vol_a, PAGES) == read_all(vol_b, PAGES)
        assert_equals_remote(cluster, vol_a, PAGES)


def test_pull_with_unpushed_commits_is_a_conflict(cluster: Cluster, tmp_path: Path) -> None:
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, base):
        write_pages(vol_a, {5: page("a5")})
        assert vol_a.push() == 2
        write_pages(vol_b, {6: page("b6")})
        assert vol_b.pull() is PullOutcome.CONFLICT
        assert vol_b.status() is VolumeStatus.CONFLICT
        assert read_all(vol_b, 6)[6] == page("b6")  # nothing lost locally
        with pytest.raises(ConflictError):
            vol_b.push()
        assert remote_lsns(cluster, vol_a.vid) == [1, 2]

        vol_b.reset_to_remote()
        assert vol_b.status() is VolumeStatus.OK
        assert read_all(vol_b, PAGES) == base | {5: page("a5")}
        assert_equals_remote(cluster, vol_b, PAGES)


def test_rebase_of_disjoint_pages(cluster: Cluster, tmp_path: Path) -> None:
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, base):
        vol_b.conflict_policy = "rebase"
        assert vol_b.conflict_policy is ConflictPolicy.REBASE
        ours = {20: page("b20"), 21: page("b21")}
        write_pages(vol_b, {20: page("b20 draft")})
        write_pages(vol_b, ours | {35: page("b35 grows")})
        theirs = {1: page("a1"), 2: page("a2"), 3: page("a3")}
        write_pages(vol_a, theirs)
        assert vol_a.push() == 2

        assert vol_b.pull() is PullOutcome.REBASED
        assert vol_b.status() is VolumeStatus.OK
        expected = base | theirs | ours | {35: page("b35 grows")}
        assert read_all(vol_b, 36) == {idx: expected.get(idx, bytes(4096)) for idx in range(1, 37)}
        assert vol_b.push() == 3
        assert vol_a.pull() is PullOutcome.APPLIED
        assert read_all(vol_a, 36) == read_all(vol_b, 36)
        assert_equals_remote(cluster, vol_a, 36)
        assert_equals_remote(cluster, vol_b, 36)
        assert remote_lsns(cluster, vol_a.vid) == [1, 2, 3]


def test_rebase_refuses_overlapping_pages(cluster: Cluster, tmp_path: Path) -> None:
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, base):
        vol_b.conflict_policy = ConflictPolicy.REBASE
        write_pages(vol_b, {3: page("b3"), 4: page("b4")})
        write_pages(vol_a, {2: page("a2"), 3: page("a3")})
        assert vol_a.push() == 2
        assert vol_b.pull() is PullOutcome.CONFLICT
        assert vol_b.status() is VolumeStatus.CONFLICT
        assert read_all(vol_b, 4) == {1: base[1], 2: base[2], 3: page("b3"), 4: page("b4")}
        assert [entry.lsn for entry in vol_b.log()][-1] == 2  # the local commit is retained
        vol_b.reset_to_remote()
        assert read_all(vol_b, PAGES) == base | {2: page("a2"), 3: page("a3")}
        assert_equals_remote(cluster, vol_b, PAGES)


def test_rebase_refuses_pages_the_remote_truncated(cluster: Cluster, tmp_path: Path) -> None:
    """A remote truncate changes the pages it cuts off: a local write to one of them overlaps."""
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, _):
        vol_b.conflict_policy = ConflictPolicy.REBASE
        write_pages(vol_b, {25: page("b25")})
        write_pages(vol_a, {}, truncate=10)
        assert vol_a.push() == 2
        assert vol_b.pull() is PullOutcome.CONFLICT
        assert read_all(vol_b, 25)[25] == page("b25")


def test_a_rejected_push_tells_a_new_process_why(cluster: Cluster, tmp_path: Path) -> None:
    with two_clones(cluster, tmp_path) as (vol_a, vol_b, _):
        write_pages(vol_a, {1: page("a1")})
        write_pages(vol_b, {2: page("b2")})
        assert vol_a.push() == 2
        with pytest.raises(CommitRejectedError):
            vol_b.push()
    # `graft status` in a new process: the status and why.
    with client_for(cluster, tmp_path / "b") as again:
        volume = again.local_volume(vol_b.vid)
        assert volume.status() is VolumeStatus.REJECTED_COMMIT
        error = volume.last_error()
        assert error is not None and error.kind == "CommitRejectedError" and error.message
        assert volume.errors() == [error]
        assert volume_report(volume)["last_error"] == f"CommitRejectedError: {error.message}"
        volume.reset_to_remote()
        assert volume.last_error() is None and volume.errors() == []
    with client_for(cluster, tmp_path / "b") as third:
        assert third.local_volume(vol_b.vid).last_error() is None
