"""Servers and their stores never hold an encrypted volume's plaintext (DESIGN 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import LiteClient
from graft_core.errors import CommitRejectedError
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import MARKER, holders_of
from tests.pagestore.cluster import Cluster
from tests.sync.support import read_all, write_pages


def _marked(idx: int) -> bytes:
    # Compressible like real pages, so a plain segment holds the marker only in zstd frames.
    return (MARKER + b" page %d " % idx).ljust(4096, b"-")


def test_servers_hold_no_plaintext_of_an_encrypted_volume(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    root = tmp_path / "cluster"
    model = {idx: _marked(idx) for idx in range(1, 41)}
    with make_client(own_cluster, tmp_path / "a") as client:
        volume = client.create_volume(encryption=passphrase())
        write_pages(volume, model)
        volume.push()
        write_pages(volume, {3: _marked(1003)})  # a second commit
        volume.push()
    # Reads through the pagestore fill its caches too: they must hold no plaintext either.
    with LiteClient(own_cluster.metastore.url, own_cluster.pagestore.url, key=passphrase()) as lite:
        assert lite.read_many(volume.vid, range(1, 41))[5] == model[5]
    assert holders_of(root, MARKER) == []
    assert holders_of(root, b"correct horse") == []  # nor the passphrase


def test_the_scan_finds_a_plain_volume_marker(own_cluster: Cluster, tmp_path: Path) -> None:
    """The same scan over a plain volume finds the marker (in zstd frames): it can see it."""
    with make_client(own_cluster, tmp_path / "a") as client:
        volume = client.create_volume()
        write_pages(volume, {idx: _marked(idx) for idx in range(1, 41)})
        volume.push()
    assert any(path.startswith("segments") for path in holders_of(tmp_path / "cluster", MARKER))


def test_two_devices_with_one_passphrase(cluster: Cluster, tmp_path: Path) -> None:
    model = {idx: _marked(idx) for idx in range(1, 6)}
    with (
        make_client(cluster, tmp_path / "a", passphrase()) as a,
        make_client(cluster, tmp_path / "b", passphrase()) as b,
    ):
        volume = a.create_volume(encryption=True)
        write_pages(volume, model)
        volume.push()
        clone = b.open_volume(volume.vid)
        assert clone.encrypted
        assert read_all(clone, 5) == model
        # And back: b writes, a pulls and reads.
        write_pages(clone, {2: _marked(200)})
        clone.push()
        volume.pull()
        assert read_all(volume, 5) == {**model, 2: _marked(200)}


def test_a_conflict_on_an_encrypted_volume_resolves_by_reset(
    cluster: Cluster, tmp_path: Path
) -> None:
    with (
        make_client(cluster, tmp_path / "a", passphrase()) as a,
        make_client(cluster, tmp_path / "b", passphrase()) as b,
    ):
        volume = a.create_volume(encryption=True)
        write_pages(volume, {1: _marked(1)})
        volume.push()
        clone = b.open_volume(volume.vid)
        write_pages(volume, {1: _marked(10)})
        write_pages(clone, {1: _marked(20)})
        volume.push()
        with pytest.raises(CommitRejectedError):
            clone.push()
        clone.reset_to_remote()
        assert read_all(clone, 1) == {1: _marked(10)}
