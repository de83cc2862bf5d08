"""Revert, diff (``changes``) and the typed errors of fork, revert and changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_core.errors import (
    CommitRejectedError,
    InvalidInputError,
    SnapshotNotFoundError,
    VolumeNotFoundError,
)
from graft_core.graft import Graft
from graft_core.ids import ClientId, VolumeId
from graft_core.rpcclient import SyncMetastoreClient
from graft_core.types import EMPTY_PAGE
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, page, read_all, write_pages


def test_revert_then_push_and_a_second_device_pulls_it(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        volume = a.create_volume()
        good = write_pages(volume, {idx: page(f"good {idx}") for idx in range(1, 9)})
        volume.push()
        before = read_all(volume, 12)
        write_pages(volume, {2: page("bad 2"), 10: page("bad 10")})
        write_pages(volume, {3: page("bad 3")}, truncate=5)
        write_pages(volume, {12: page("bad 12")})
        latest = volume.latest_lsn()
        volume.push()
        clone = b.open_volume(volume.vid)
        assert read_all(clone, 12) != before
        assert volume.changes(good, latest) == Graft([2, 3, 6, 7, 8, 10, 12])
        assert volume.changes(good + 1, latest) == Graft([3, 6, 7, 8, 10, 12])

        reverted = volume.revert_to(good)
        assert reverted is not None and reverted.lsn == latest + 1
        assert reverted.page_count == 8
        assert read_all(volume, 12) == before
        # Nothing after the old LSN is lost: the bad state is still readable (and revertible).
        with volume.reader(latest) as reader:
            assert reader.read(12) == page("bad 12") and reader.read(6) == EMPTY_PAGE
        # Only the pages that differ were written.
        assert volume.changes(latest, latest + 1) == Graft([2, 3, 6, 7, 8, 12])
        assert volume.revert_to(latest + 1).lsn == latest + 1  # type: ignore[union-attr]
        remote = volume.push()

        clone.pull()
        snapshot = clone.snapshot()
        assert snapshot is not None and snapshot.remote_lsn == remote
        assert read_all(clone, 12) == before


def test_revert_of_a_fork_restores_inherited_pages(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "a") as a:
        parent = a.create_volume()
        write_pages(parent, {idx: page(f"parent {idx}") for idx in range(1, 6)})
        parent.push()
        fork = parent.fork()
        original = read_all(fork, 6)
        write_pages(fork, {1: page("fork 1")}, truncate=2)
        fork.revert_to(1)
        assert read_all(fork, 6) == original
        fork.push()
    with client_for(cluster, tmp_path / "b") as b:
        assert read_all(b.open_volume(fork.vid), 6) == original


def test_bad_input_is_a_typed_error_and_changes_nothing(cluster: Cluster, tmp_path: Path) -> None:
    with client_for(cluster, tmp_path / "a") as a:
        volume = a.create_volume()
        with pytest.raises(InvalidInputError):
            volume.fork()  # no commits
        write_pages(volume, {1: page("one")})
        with pytest.raises(InvalidInputError, match="push it first"):
            volume.fork()
        volume.push()
        write_pages(volume, {1: page("two")})
        latest = volume.latest_lsn()
        # Named, for a volume written faster than a push and a fork follow each other.
        with pytest.raises(InvalidInputError, match="or fork LSN 1, the last pushed"):
            volume.fork()
        write_pages(volume, {1: page("three")})
        volume.push()  # one remote commit for local LSNs 2 and 3
        latest = volume.latest_lsn()
        # Pushing again cannot help (it said "push it first"): the servers never had LSN 2.
        with pytest.raises(InvalidInputError, match=f"squashed it into .* local LSN {latest}"):
            volume.fork(latest - 1)
        for lsn in (0, latest + 1):
            with pytest.raises(SnapshotNotFoundError):
                volume.revert_to(lsn)
        with pytest.raises(SnapshotNotFoundError):
            volume.fork(latest + 1)
        with pytest.raises(InvalidInputError):
            volume.changes(2, 1)
        with pytest.raises(SnapshotNotFoundError):
            volume.changes(1, latest + 1)
        assert volume.latest_lsn() == latest and len(a.volumes()) == 1

    with SyncMetastoreClient(cluster.metastore.url, None) as meta:
        cid, child = ClientId.random(), VolumeId.random()
        with pytest.raises(VolumeNotFoundError):
            meta.fork(child, cid, VolumeId.random(), 1)
        with pytest.raises(SnapshotNotFoundError):
            meta.fork(child, cid, volume.vid, 99)
        with pytest.raises(InvalidInputError):
            meta.fork(volume.vid, cid, volume.vid, 1)
        assert meta.fork(child, cid, volume.vid, 1).lsn == 1
        assert meta.fork(child, cid, volume.vid, 1).lsn == 1  # a retry answers the same
        with pytest.raises(CommitRejectedError):
            meta.fork(child, ClientId.random(), volume.vid, 1)
        with pytest.raises(CommitRejectedError):
            meta.fork(volume.vid, cid, child, 1)  # an existing volume cannot become a fork
