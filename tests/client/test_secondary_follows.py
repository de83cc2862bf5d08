"""A RocksDB secondary follows one primary: once the database is opened again (a new owner of
the data dir), what the old secondary read of the last primary's WAL hides the versions that
recovery moved to a table file. It must stop following, and a new secondary reads them."""

from __future__ import annotations

from pathlib import Path

from graft_client.storage.db import LocalDB


def test_a_secondary_stops_following_once_the_primary_is_opened_again(tmp_path: Path) -> None:
    path = tmp_path / "local"
    primary = LocalDB(path)
    primary.put_meta(b"k", b"1")
    follower = LocalDB(path, secondary=tmp_path / "follower")
    assert follower.catch_up()
    assert follower.get_meta(b"k") == b"1"
    primary.put_meta(b"k", b"2")  # in the WAL the follower read part of
    primary.close()
    reopened = LocalDB(path)
    reopened.put_meta(b"j", b"1")
    try:
        assert follower.catch_up() is False
        assert (follower.get_meta(b"k"), follower.get_meta(b"j")) == (b"1", None)  # as it was
        fresh = LocalDB(path, secondary=tmp_path / "fresh")
        assert fresh.catch_up()
        assert (fresh.get_meta(b"k"), fresh.get_meta(b"j")) == (b"2", b"1")
        fresh.close()
    finally:
        follower.close()
        reopened.close()
