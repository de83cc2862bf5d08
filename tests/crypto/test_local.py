"""``encrypt_local``: an encrypted volume's pages sealed in the device's own storage too, so a
copy of the data dir without the key reveals no page (DESIGN 13)."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from graft_client import Client, Volume
from graft_client.sqlite import register, unregister
from graft_core.crypto import Keyring, open_page, seal_page
from graft_core.errors import IntegrityError, InvalidInputError, KeyRequiredError, WrongKeyError
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import MARKER, holders_of
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until
from tests.sync.support import page, read_all, write_pages

MARKED = {idx: (MARKER + f" page {idx} ".encode()).ljust(4096, b".") for idx in range(1, 7)}


def _written(client: Client, *, encrypt_local: bool) -> Volume:
    volume = client.create_volume(encryption=True, encrypt_local=encrypt_local)
    write_pages(volume, MARKED)
    write_pages(volume, {2: MARKED[2][::-1]})  # an older version stays too
    return volume


@pytest.mark.parametrize("encrypt_local", [True, False])
def test_the_data_dir_holds_pages_only_without_encrypt_local(
    cluster: Cluster, tmp_path: Path, encrypt_local: bool
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as client:
        volume = _written(client, encrypt_local=encrypt_local)
        volume.push()
        assert read_all(volume, 6) == MARKED | {2: MARKED[2][::-1]}
    found = holders_of(tmp_path / "a", MARKER)
    assert (found == []) is encrypt_local, found


def test_a_clone_with_encrypt_local_seals_what_it_fetches(cluster: Cluster, tmp_path: Path) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = _written(a, encrypt_local=False)
        volume.push()
    expected = MARKED | {2: MARKED[2][::-1]}
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        clone = b.open_volume(volume.vid, encrypt_local=True)
        assert clone.fetch_all() == 6
        assert read_all(clone, 6) == expected
        fork = clone.fork()
        write_pages(fork, {7: MARKED[1]})
        assert read_all(fork, 7) == expected | {7: MARKED[1]}
    assert holders_of(tmp_path / "b", MARKER) == []
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        assert read_all(b.local_volume(volume.vid), 6) == expected


def test_pages_sealed_at_rest_push_and_read_back_elsewhere(
    cluster: Cluster, tmp_path: Path
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = _written(a, encrypt_local=True)
        volume.rotate_key()
        write_pages(volume, {3: page("after the rotation")})
        volume.push()
    expected = MARKED | {2: MARKED[2][::-1], 3: page("after the rotation")}
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        assert read_all(a.local_volume(volume.vid), 6) == expected
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        assert read_all(b.open_volume(volume.vid), 6) == expected


def test_a_data_dir_sealed_at_rest_needs_the_key(
    cluster: Cluster, tmp_path: Path, no_key_in_env: None
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        vid = _written(a, encrypt_local=True).vid
    with make_client(cluster, tmp_path / "a", passphrase("not it")) as wrong:
        volume = wrong.local_volume(vid)
        with pytest.raises(WrongKeyError):
            volume.reader()
        with pytest.raises(WrongKeyError):
            write_pages(volume, {1: page("overwrite")})
        assert wrong.state._pins.oldest(vid) is None  # the refused reader keeps no snapshot
    with make_client(cluster, tmp_path / "a") as keyless:
        with pytest.raises(KeyRequiredError):
            keyless.local_volume(vid).reader()
        assert keyless.state._pins.oldest(vid) is None
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        assert read_all(a.local_volume(vid), 6) == MARKED | {2: MARKED[2][::-1]}


def test_a_reader_refused_in_an_attached_process_keeps_no_snapshot_pinned(
    cluster: Cluster, tmp_path: Path, no_key_in_env: None
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as owner:
        vid = _written(owner, encrypt_local=True).vid
        with make_client(cluster, tmp_path / "a") as keyless:
            for _ in range(3):
                with pytest.raises(KeyRequiredError):
                    keyless.local_volume(vid).reader()
            keyless.close()  # what it still pinned at the owner goes as the owner sees it go
            wait_until(lambda: owner.state._pins.oldest(vid) is None or None, 10, "no pin")
        with make_client(cluster, tmp_path / "a") as keyless:
            with pytest.raises(KeyRequiredError):
                keyless.local_volume(vid).reader()
            # While it is still attached (the release is sent soon after): before, it stayed.
            wait_until(lambda: owner.state._pins.oldest(vid) is None or None, 10, "no pin")


def test_encrypt_local_is_refused_where_it_cannot_hold(cluster: Cluster, tmp_path: Path) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        with pytest.raises(InvalidInputError, match="encrypted"):
            a.create_volume(encrypt_local=True)
        plain = a.create_volume()
        write_pages(plain, {1: page("plain")})
        plain.push()
        sealed = a.create_volume(encryption=True)
        with pytest.raises(InvalidInputError, match="encrypt_local"):
            a.open_volume(sealed.vid, encrypt_local=True)
        assert len(a.volumes()) == 2
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        with pytest.raises(InvalidInputError, match="not encrypted"):
            b.open_volume(plain.vid, encrypt_local=True)
        assert b.volumes() == []


def test_a_page_sealed_at_rest_is_never_taken_as_a_remote_one(
    cluster: Cluster, tmp_path: Path
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = a.create_volume(encryption=True)
        ring = Keyring.decode(volume.vid, a.state.config(volume.vid).keyring, passphrase())
    local = seal_page(ring.current(), volume.vid, 1, 0, MARKED[1], local=True)
    remote = seal_page(ring.current(), volume.vid, 1, 0, MARKED[1])
    assert open_page(ring, volume.vid, 1, local, local=True)[0] == MARKED[1]
    with pytest.raises(IntegrityError):
        open_page(ring, volume.vid, 1, local)
    with pytest.raises(IntegrityError):
        open_page(ring, volume.vid, 1, remote, local=True)


def test_sqlite_on_a_volume_sealed_at_rest(cluster: Cluster, tmp_path: Path) -> None:
    row = MARKER.decode() + " in a row"
    with make_client(cluster, tmp_path / "a", passphrase()) as client:
        volume = client.create_volume(encryption=True, encrypt_local=True)
        register(client, "graft_sealed")
        try:
            db = apsw.Connection(str(volume.vid), vfs="graft_sealed")
            db.execute("create table notes(id integer primary key, body text)")
            for n in range(200):
                db.execute("insert into notes(body) values (?)", (f"{row} {n}",))
            db.close()
            again = apsw.Connection(str(volume.vid), vfs="graft_sealed")
            assert again.execute("select count(*) from notes").fetchall() == [(200,)]
            assert again.execute("select body from notes where id = 7").fetchall() == [
                (f"{row} 6",)
            ]
            again.close()
        finally:
            unregister("graft_sealed")
    assert holders_of(tmp_path / "a", MARKER) == []


def test_a_volume_cloned_again_sealed_at_rest_seals_its_commits(
    cluster: Cluster, tmp_path: Path
) -> None:
    # A commit learns once that a volume is stored as it is; deleting the volume forgets it.
    after = (b"AFTER-RECLONE-9c41d7 " * 200)[:4096]
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = _written(a, encrypt_local=False)
        volume.push()
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        plain = b.open_volume(volume.vid, encrypt_local=False)
        write_pages(plain, {7: MARKED[1]})
        b.delete_volume(volume.vid)
        sealed = b.open_volume(volume.vid, encrypt_local=True)
        write_pages(sealed, {8: after})
        assert read_all(sealed, 8)[8] == after
    assert holders_of(tmp_path / "b", after[:32]) == []


@pytest.mark.parametrize("sealed_first", [False, True])
def test_an_attached_reader_follows_a_volume_cloned_again_by_another_process(
    cluster: Cluster, tmp_path: Path, sealed_first: bool
) -> None:
    # What an attached process learned of a volume's sealing at rest holds only until another
    # process deletes the volume and clones it again, sealed the other way.
    before, after = MARKED[1], (b"AFTER-RECLONE-5e0b2a " * 200)[:4096]
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = _written(a, encrypt_local=False)
        volume.push()
    with (
        make_client(cluster, tmp_path / "b", passphrase()) as owner,
        make_client(cluster, tmp_path / "b", passphrase()) as attached,
    ):
        assert not attached.is_owner
        first = attached.open_volume(volume.vid, encrypt_local=sealed_first)
        write_pages(first, {7: before})
        assert read_all(first, 7)[7] == before
        owner.delete_volume(volume.vid)
        again = owner.open_volume(volume.vid, encrypt_local=not sealed_first)
        write_pages(again, {8: after})
        assert read_all(attached.local_volume(volume.vid), 8)[8] == after
