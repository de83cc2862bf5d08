"""What the graft_* tables and pragmas say after a sync: the volume's state as it is now."""

from __future__ import annotations

from pathlib import Path

import apsw

from tests.pagestore.cluster import Cluster
from tests.sqlite.support import device, key_values, pragma_json

SNAPSHOT = "select lsn, remote_lsn from graft_snapshot"


def _status(db: apsw.Connection) -> dict[str, apsw.SQLiteValue]:
    return key_values(db, "select key, value from graft_status")


def test_graft_snapshot_shows_the_remote_lsn_right_after_a_push(
    cluster: Cluster, tmp_path: Path
) -> None:
    with device(tmp_path, cluster) as dev:
        db = dev.connect()
        db.execute("create table t (x)")
        db.execute("insert into t values (1)")
        assert db.execute(SNAPSHOT).fetchall() == [(2, None)]
        reader = dev.connect(db.filename)
        reader.execute("begin")
        assert reader.execute("select count(*) from t").fetchall() == [(1,)]  # pins LSN 2
        assert pragma_json(db, "graft_push")["remote_lsn"] == 1
        # The connection that pushed reads LSN 2 again (its idle reader): now remote LSN 1.
        assert db.execute(SNAPSHOT).fetchall() == [(2, 1)]
        assert pragma_json(db, "graft_snapshot")["snapshot"]["remote_lsn"] == 1
        assert (_status(db)["remote_lsn"], _status(db)["unpushed_commits"]) == (1, 0)
        # So does a transaction that pinned LSN 2 before the push.
        assert reader.execute(SNAPSHOT).fetchall() == [(2, 1)]
        db.execute("insert into t values (2)")
        assert pragma_json(db, "graft_push")["remote_lsn"] == 2
        assert db.execute(SNAPSHOT).fetchall() == [(3, 2)]
        assert reader.execute(SNAPSHOT).fetchall() == [(2, 1)]  # remote LSN 2 is LSN 3
        reader.execute("commit")
        assert reader.execute(SNAPSHOT).fetchall() == [(3, 2)]
