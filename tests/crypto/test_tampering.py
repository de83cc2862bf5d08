"""A server that changes what it stores or serves is caught: a read fails with IntegrityError,
never returns wrong bytes (DESIGN 13)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graft_client import Client, LiteClient, Volume
from graft_core.errors import IntegrityError
from graft_core.ids import VolumeId
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import Pages, rewrite_segment, segment_of, stored_pages
from tests.pagestore.cluster import Cluster
from tests.support.faultproxy import FaultPlan
from tests.sync.support import page, read_all, sync_cluster, write_pages

PAGES = {idx: page(f"secret page {idx}") for idx in range(1, 9)}


def _pushed(client: Client, pages: dict[int, bytes] = PAGES) -> Volume:
    volume = client.create_volume(encryption=True)
    write_pages(volume, pages)
    volume.push()
    return volume


def _read_fails(cluster: Cluster, data_dir: Path, vid: VolumeId, idx: int) -> None:
    """A fresh device and a lite client both refuse page ``idx`` (nothing cached anywhere)."""
    with make_client(cluster, data_dir, passphrase()) as reader:
        clone = reader.open_volume(vid)
        with clone.reader() as view, pytest.raises(IntegrityError):
            view.read(idx)
    lite = LiteClient(cluster.metastore.url, cluster.pagestore.url, key=passphrase())
    with lite, pytest.raises(IntegrityError):
        lite.read(vid, idx)


def test_a_flipped_byte_is_refused(own_cluster: Cluster, tmp_path: Path) -> None:
    with make_client(own_cluster, tmp_path / "a", passphrase()) as writer:
        volume = _pushed(writer)
    (segment,) = segment_of(tmp_path / "cluster", volume.vid)

    def flip(pages: Pages) -> None:
        blob = bytearray(pages[volume.vid][3])
        blob[-20] ^= 0x01
        pages[volume.vid][3] = bytes(blob)

    rewrite_segment(segment, flip)
    _read_fails(own_cluster, tmp_path / "b", volume.vid, 3)


def test_pages_swapped_between_positions_are_refused(own_cluster: Cluster, tmp_path: Path) -> None:
    with make_client(own_cluster, tmp_path / "a", passphrase()) as writer:
        volume = _pushed(writer)
    (segment,) = segment_of(tmp_path / "cluster", volume.vid)

    def swap(pages: Pages) -> None:
        own = pages[volume.vid]
        own[2], own[5] = own[5], own[2]

    rewrite_segment(segment, swap)
    _read_fails(own_cluster, tmp_path / "b", volume.vid, 2)


def test_a_page_moved_from_another_volume_is_refused(own_cluster: Cluster, tmp_path: Path) -> None:
    with make_client(own_cluster, tmp_path / "a", passphrase()) as writer:
        donor = _pushed(writer)
        victim = _pushed(writer)
    (donor_segment,) = segment_of(tmp_path / "cluster", donor.vid)
    donated = stored_pages(donor_segment)[donor.vid][4]
    (victim_segment,) = segment_of(tmp_path / "cluster", victim.vid)

    def move(pages: Pages) -> None:
        pages[victim.vid][4] = donated

    rewrite_segment(victim_segment, move)
    _read_fails(own_cluster, tmp_path / "b", victim.vid, 4)


def test_a_replayed_older_segment_is_refused(own_cluster: Cluster, tmp_path: Path) -> None:
    """The servers answer a page's read at LSN 2 with its version of LSN 1: the device that
    pulled LSN 2 alone knows page 1 last changed at LSN 2 and refuses the older version."""
    with (
        make_client(own_cluster, tmp_path / "a", passphrase()) as writer,
        make_client(own_cluster, tmp_path / "b", passphrase()) as reader,
    ):
        volume = _pushed(writer)
        clone = reader.open_volume(volume.vid)
        assert read_all(clone, 8) == PAGES
        write_pages(volume, {1: page("secret page 1, version 2")})
        volume.push()
        first, second = segment_of(tmp_path / "cluster", volume.vid)
        old = stored_pages(first)[volume.vid][1]

        def replay(pages: Pages) -> None:
            pages[volume.vid][1] = old

        rewrite_segment(second, replay)
        clone.pull()
        with clone.reader() as view, pytest.raises(IntegrityError, match="older version"):
            view.read(1)


def test_an_older_snapshot_served_as_latest_is_refused(tmp_path: Path) -> None:
    """The metastore restored to an earlier state (LSN 1 after the device saw LSN 2): pull
    and the lite client's latest read refuse it."""
    with sync_cluster(tmp_path / "cluster", FaultPlan()) as cluster:
        meta_dir = tmp_path / "cluster" / "meta"
        with make_client(cluster, tmp_path / "a", passphrase()) as writer:
            volume = _pushed(writer)
            cluster.metastore.kill()
            shutil.copytree(meta_dir, tmp_path / "meta-at-1")
            cluster.metastore.start()
            write_pages(volume, {1: page("v2")})
            volume.push()
        with LiteClient(cluster.metastore.url, cluster.pagestore.url, key=passphrase()) as lite:
            assert lite.snapshot(volume.vid).lsn == 2
            cluster.metastore.kill()
            shutil.rmtree(meta_dir)
            shutil.copytree(tmp_path / "meta-at-1", meta_dir)
            cluster.metastore.start()
            with pytest.raises(IntegrityError, match="rolled-back"):
                lite.read(volume.vid, 1)
        writer = make_client(cluster, tmp_path / "a", passphrase())
        with writer, pytest.raises(IntegrityError, match="rolled-back"):
            writer.open_volume(volume.vid).pull()
