"""Keys of encrypted volumes: wrong, missing, rotated, from files and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import Client, Key, LiteClient
from graft_core.crypto import Keyring, sealed_header
from graft_core.errors import (
    FailPointError,
    IntegrityError,
    InvalidInputError,
    KeyRequiredError,
    VolumeNotFoundError,
    WrongKeyError,
)
from graft_core.failpoints import armed
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import segment_of, stored_pages
from tests.pagestore.cluster import Cluster
from tests.sync.support import page, read_all, remote_lsns, write_pages


def _pushed_volume(client: Client) -> tuple[str, dict[int, bytes]]:
    volume = client.create_volume(encryption=True)
    model = {idx: page(f"keyed {idx}") for idx in range(1, 5)}
    write_pages(volume, model)
    volume.push()
    return str(volume.vid), model


def test_a_wrong_passphrase_is_one_clear_error_and_stores_nothing(
    cluster: Cluster, tmp_path: Path
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        vid, _ = _pushed_volume(a)
    with make_client(cluster, tmp_path / "b", passphrase("not it")) as b:
        with pytest.raises(WrongKeyError, match="does not open"):
            b.open_volume(vid)
        with pytest.raises(VolumeNotFoundError):
            b.local_volume(vid)
    lite = LiteClient(cluster.metastore.url, cluster.pagestore.url, key=passphrase("x"))
    with lite, pytest.raises(WrongKeyError):
        lite.read(vid, 1)


def test_a_missing_key_is_one_clear_error(
    cluster: Cluster, tmp_path: Path, no_key_in_env: None
) -> None:
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        vid, _ = _pushed_volume(a)
    with make_client(cluster, tmp_path / "b") as b:
        with pytest.raises(KeyRequiredError, match="end-to-end encrypted"):
            b.open_volume(vid)
        with pytest.raises(KeyRequiredError):
            b.create_volume(encryption=True)
    keyless = LiteClient(cluster.metastore.url, cluster.pagestore.url)
    with keyless, pytest.raises(KeyRequiredError):
        keyless.read(vid, 1)
    # The same data dir, reopened without the key, cannot push its encrypted volume.
    with make_client(cluster, tmp_path / "a") as again:
        volume = again.open_volume(vid)
        write_pages(volume, {1: page("new")})
        with pytest.raises(KeyRequiredError):
            volume.push()


def test_rotation_seals_new_writes_with_a_new_key_and_old_pages_stay_readable(
    cluster: Cluster, tmp_path: Path
) -> None:
    with (
        make_client(cluster, tmp_path / "a", passphrase()) as a,
        make_client(cluster, tmp_path / "b", passphrase()) as b,
    ):
        vid, model = _pushed_volume(a)
        early = b.open_volume(vid)  # a device that saw only key 1
        volume = a.open_volume(vid)
        assert volume.rotate_key() == 2
        assert volume.key_ids() == [1, 2]
        write_pages(volume, {2: page("after rotation")})
        volume.push()
        first, second = segment_of(tmp_path.parent / _cluster_dir(cluster), volume.vid)
        assert {sealed_header(b)[0] for b in stored_pages(first)[volume.vid].values()} == {1}
        assert {sealed_header(b)[0] for b in stored_pages(second)[volume.vid].values()} == {2}
        expected = {**model, 2: page("after rotation")}
        early.pull()
        assert read_all(early, 4) == expected  # learned key 2 from the servers
        assert early.key_ids() == [1, 2]
        with make_client(cluster, tmp_path / "c", passphrase()) as c:
            assert read_all(c.open_volume(vid), 4) == expected


def _cluster_dir(cluster: Cluster) -> Path:
    # The pagestore's --store argument names the segment directory; its parent is the cluster's.
    command = cluster.pagestore.command
    return Path(command[command.index("--store") + 1]).parent


def test_a_resumed_push_of_sealed_pages_is_answered_idempotently(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Sealing is deterministic: the push resumed after its answer was lost sends the same
    sealed bytes, so the same commit hash, and the metastore answers with the stored commit."""
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = a.create_volume(encryption=True)
        write_pages(volume, {1: page("once")})
        with armed("push.after_commit", "error"), pytest.raises(FailPointError):
            volume.push()
        assert volume.push() == 1
        assert remote_lsns(cluster, volume.vid) == [1]


@pytest.mark.parametrize("cut_off_at", ["push.before_commit", "push.after_commit"])
def test_a_push_cut_off_then_a_rotation_resumes_with_the_key_it_began_with(
    cluster: Cluster, tmp_path: Path, cut_off_at: str
) -> None:
    """A push seals with the key current when it began, and so does its resume: a rotation in
    between (refused before; and a rotation just before the push marked its commit pending got
    through, then the resume sealed with the new key) must not change the bytes the resume
    sends, or the metastore rejects the resume of a commit that landed."""
    with make_client(cluster, tmp_path / "a", passphrase()) as a:
        volume = a.create_volume(encryption=True)
        write_pages(volume, {1: page("before")})
        with armed(cut_off_at, "error"), pytest.raises(FailPointError):
            volume.push()
        assert volume.rotate_key() == 2
        write_pages(volume, {2: page("after")})
        assert volume.push() == 2  # the cut-off commit, then the one after the rotation
        assert remote_lsns(cluster, volume.vid) == [1, 2]
        sealed_with = {  # every try's segment, a cut-off one too
            (idx, sealed_header(blob)[0])
            for path in segment_of(tmp_path.parent / _cluster_dir(cluster), volume.vid)
            for idx, blob in stored_pages(path)[volume.vid].items()
        }
        assert sealed_with == {(1, 1), (2, 2)}
    with make_client(cluster, tmp_path / "b", passphrase()) as b:
        assert read_all(b.open_volume(volume.vid), 2) == {1: page("before"), 2: page("after")}


def test_raw_keys_from_files_and_the_environment(tmp_path: Path) -> None:
    raw = Key.generate()
    (tmp_path / "raw.key").write_bytes(raw)
    (tmp_path / "hex.key").write_text(raw.hex() + "\n")
    (tmp_path / "bad.key").write_text("not a key")
    assert Key.from_file(tmp_path / "raw.key").wrapping_key(b"", 0, 0, 0) == raw
    assert Key.from_file(tmp_path / "hex.key").wrapping_key(b"", 0, 0, 0) == raw
    from_env = Key.from_env({"GRAFT_KEY": raw.hex()})
    assert from_env is not None and from_env.wrapping_key(b"", 0, 0, 0) == raw
    assert Key.from_env({}) is None
    with pytest.raises(InvalidInputError):
        Key.from_file(tmp_path / "bad.key")
    with pytest.raises(InvalidInputError):
        Key.from_file(tmp_path / "missing.key")
    with pytest.raises(InvalidInputError):
        Key.from_env({"GRAFT_KEY": "abc"})
    with pytest.raises(InvalidInputError):
        Key.from_bytes(b"short")
    with pytest.raises(InvalidInputError):
        Key.from_passphrase("")


def test_rotating_a_plain_volume_is_refused(tmp_path: Path) -> None:
    with Client(tmp_path / "a") as client, pytest.raises(InvalidInputError, match="not encrypted"):
        client.create_volume().rotate_key()


def test_changing_sync_mode_or_conflict_policy_keeps_the_volume_encrypted(tmp_path: Path) -> None:
    """The setters rebuilt the config from its first three fields, dropping the keyring."""
    with Client(tmp_path / "a", key=passphrase()) as client:
        volume = client.create_volume(encryption=True)
        volume.sync_mode = "push"
        volume.conflict_policy = "rebase"
        assert volume.encrypted and volume.key_ids() == [1]


def test_a_raw_key_for_a_passphrase_volume_is_the_wrong_key(tmp_path: Path) -> None:
    with Client(tmp_path / "a") as client:
        volume = client.create_volume(encryption=passphrase())
        encoded = client.state.config(volume.vid).keyring
    raw = Key.from_bytes(Key.generate())
    with pytest.raises(WrongKeyError, match=r"encrypted with a passphrase .* a raw key was given"):
        Keyring.decode(volume.vid, encoded, raw).current()
    with pytest.raises(WrongKeyError, match=r"encrypted with a raw key .* a passphrase was given"):
        Keyring.create(volume.vid, raw).with_kek(passphrase()).current()
    with pytest.raises(IntegrityError):
        Keyring.decode(volume.vid, encoded[:-3], passphrase())
