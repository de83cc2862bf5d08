"""Forks of encrypted volumes (DESIGN 12, 13): a fork's keyring carries its ancestors' data keys,
so the pages it inherits, sealed for an ancestor, open on any device with the same key, and a
server still cannot change them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from graft_client import Client, Key, LiteClient, Volume
from graft_core.crypto import Keyring, WrappedKey
from graft_core.errors import IntegrityError, WrongKeyError
from graft_core.ids import VolumeId
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import MARKER, Pages, holders_of, rewrite_segment, segment_of
from tests.pagestore.cluster import Cluster
from tests.sync.support import page, read_all, write_pages

ROOT = {idx: page(f"root page {idx}") for idx in range(1, 9)}


def _pushed_root(client: Client) -> Volume:
    volume = client.create_volume(encryption=True)
    write_pages(volume, ROOT)
    volume.push()
    return volume


def _pushed_fork(parent: Volume, pages: dict[int, bytes]) -> Volume:
    child = parent.fork()
    write_pages(child, pages)
    child.push()
    return child


def _lite(cluster: Cluster) -> LiteClient:
    return LiteClient(cluster.metastore.url, cluster.pagestore.url, key=passphrase())


def test_a_fork_of_an_encrypted_volume_reads_on_another_device_and_the_lite_client(
    cluster: Cluster, tmp_path: Path
) -> None:
    mine = {2: page("fork page 2"), 3: page("fork page 3")}
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        child = _pushed_fork(root, mine)
        assert child.encrypted and child.origin == (root.vid, 1)
        assert read_all(child, 8) == ROOT | mine
    expected = ROOT | mine
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        clone = b.open_volume(child.vid)  # lazy: the parent is not on this device
        assert not b.state.has_volume(root.vid)
        assert read_all(clone, 8) == expected
        write_pages(clone, {4: page("second device")})
        clone.push()
    with _lite(cluster) as lite:
        assert lite.read_many(child.vid, range(1, 9)) == expected | {4: page("second device")}
        assert lite.read_many(child.vid, range(1, 9), lsn=1) == ROOT


def test_a_fork_of_a_fork_opens_each_page_with_the_volume_that_wrote_it(
    cluster: Cluster, tmp_path: Path
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        first = _pushed_fork(root, {2: page("first fork")})
        write_pages(root, {5: page("root after the forks")})  # never seen by the forks
        root.push()
        second = _pushed_fork(first, {3: page("second fork")})
        assert second.key_ids() == [1, 2, 3]
    expected = ROOT | {2: page("first fork"), 3: page("second fork")}
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        assert read_all(b.open_volume(second.vid), 8) == expected
    with _lite(cluster) as lite:
        assert lite.read_many(second.vid, range(1, 9)) == expected


def test_a_fork_keeps_pages_sealed_on_the_servers(own_cluster: Cluster, tmp_path: Path) -> None:
    with make_client(own_cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        _pushed_fork(root, {6: (MARKER * 2).ljust(4096, b".")})
        write_pages(root, {7: (MARKER * 3).ljust(4096, b".")})
        root.push()
    assert holders_of(tmp_path / "cluster", MARKER) == []


def test_a_fork_on_another_device_needs_the_parents_key(cluster: Cluster, tmp_path: Path) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        child = _pushed_fork(_pushed_root(a), {})
    with (
        make_client(cluster, tmp_path / "b", passphrase("another")) as b,
        pytest.raises(WrongKeyError),
    ):
        b.open_volume(child.vid)


def _flip(vid: VolumeId, idx: int) -> Callable[[Pages], None]:
    def change(pages: Pages) -> None:
        blob = bytearray(pages[vid][idx])
        blob[-20] ^= 0x01
        pages[vid][idx] = bytes(blob)

    return change


def _inherited_read_fails(cluster: Cluster, data_dir: Path, vid: VolumeId, idx: int) -> None:
    with (
        make_client(cluster, data_dir, passphrase()) as reader,
        reader.open_volume(vid).reader() as view,
        pytest.raises(IntegrityError),
    ):
        view.read(idx)
    with _lite(cluster) as lite, pytest.raises(IntegrityError):
        lite.read(vid, idx)


def test_a_tampered_inherited_page_is_refused(own_cluster: Cluster, tmp_path: Path) -> None:
    with make_client(own_cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        child = _pushed_fork(root, {2: page("fork page")})
    (segment,) = segment_of(tmp_path / "cluster", root.vid)
    rewrite_segment(segment, _flip(root.vid, 4))
    _inherited_read_fails(own_cluster, tmp_path / "b", child.vid, 4)


def test_a_parents_page_written_after_the_fork_is_refused_as_inherited(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    """The server serves, for the origin, the parent's newer version of a page: it opens
    under the parent's key, but it was sealed for an LSN after the one the fork reads."""
    with make_client(own_cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        child = _pushed_fork(root, {2: page("fork page")})
        write_pages(root, {4: page("root page 4, later")})
        root.push()
    origin_segment, later_segment = segment_of(tmp_path / "cluster", root.vid)
    newer = {}
    rewrite_segment(later_segment, lambda pages: newer.update(pages[root.vid]))

    def replace(pages: Pages) -> None:
        pages[root.vid][4] = newer[4]

    rewrite_segment(origin_segment, replace)
    _inherited_read_fails(own_cluster, tmp_path / "b", child.vid, 4)


def test_an_ancestor_key_moved_to_another_owner_does_not_unwrap(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A server that relabels an inherited key (another owner or ceiling, to make pages of
    another volume or a later LSN open as inherited) breaks its wrapping."""
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        root = _pushed_root(a)
        other = _pushed_root(a)
        child = root.fork()
        encoded = a.state.config(child.vid).keyring
    ring = Keyring.decode(child.vid, encoded, passphrase())
    inherited = ring.wrapped(1)
    assert ring.owner(1) == (root.vid, 1) and ring.owner(2) is None
    for forged in (
        _relabelled(inherited, owner=bytes(other.vid)),
        _relabelled(inherited, ceiling=5),
    ):
        relabelled = Keyring(child.vid, [forged, ring.wrapped(2)], passphrase())
        with pytest.raises(WrongKeyError):
            relabelled.get(1)


def _relabelled(key: WrappedKey, **changes: object) -> WrappedKey:
    return msgspec.structs.replace(key, **changes)


def test_an_attached_process_forks_an_encrypted_volume_sealed_at_rest(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    """The owner (without a key) seals the fork's pages, at rest and on push, with the key the
    attached process gave it for the parent, which the fork takes."""
    key = Key.from_bytes(Key.generate())
    marked = (MARKER * 4).ljust(4096, b".")
    with (
        make_client(own_cluster, tmp_path / "a") as owner,
        make_client(own_cluster, tmp_path / "a") as attached,
    ):
        assert not attached.is_owner and owner.session.keys.default is None
        root = attached.create_volume(encryption=key, encrypt_local=True)
        write_pages(root, ROOT)
        root.push()
        child = _pushed_fork(root, {3: marked})
        assert read_all(child, 8) == ROOT | {3: marked}
    assert holders_of(tmp_path / "a", MARKER) == []
    with make_client(own_cluster, tmp_path / "b", key) as b:
        assert read_all(b.open_volume(child.vid), 8) == ROOT | {3: marked}
