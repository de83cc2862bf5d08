"""SQLite over an encrypted volume, synced to a second device by autosync (what the daemon
runs); the servers hold none of its rows in clear."""

from __future__ import annotations

from pathlib import Path

import apsw

from graft_client import Volume
from graft_client.sqlite import register, unregister
from tests.crypto.conftest import make_client, passphrase
from tests.crypto.support import holders_of
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until

ROW = "a row nobody else may read"


def _pushed(volume: Volume) -> bool:
    snapshot = volume.snapshot()
    return (
        snapshot is not None
        and snapshot.remote is not None
        and snapshot.remote.local_lsn == snapshot.lsn
    )


def test_sqlite_on_an_encrypted_volume_syncs_to_another_device(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    with (
        make_client(own_cluster, tmp_path / "a", passphrase()) as a,
        make_client(own_cluster, tmp_path / "b", passphrase()) as b,
    ):
        volume = a.create_volume(encryption=True)
        a.start_autosync(wait_ms=200)
        register(a, "graft_a")
        try:
            db = apsw.Connection(str(volume.vid), vfs="graft_a")
            db.execute("create table notes(id integer primary key, body text)")
            db.execute("insert into notes(body) values (?)", (ROW,))
            db.close()
        finally:
            unregister("graft_a")
        wait_until(lambda: _pushed(volume), 30, "autosync to push the SQLite commits")
        register(b, "graft_b")
        try:
            clone = apsw.Connection(str(volume.vid), vfs="graft_b")
            assert clone.execute("select body from notes").fetchall() == [(ROW,)]
            clone.close()
        finally:
            unregister("graft_b")
    assert holders_of(tmp_path / "cluster", ROW.encode()) == []
