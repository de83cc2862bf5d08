"""Journal and locking modes set through another database: pragmas without a schema name go to
the main database's file but apply to every attached one, so the VFS's pragma guard never sees
them. A volume attached to a native database must still refuse WAL (commits would stay in an
in-memory -wal file, and a volume whose header says WAL cannot be opened again)."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from tests.sqlite.support import device

FLAGS = apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE | apsw.SQLITE_OPEN_URI


@pytest.mark.parametrize("locking", ["normal", "exclusive"])
def test_wal_through_an_attaching_database_is_refused(locking: str, tmp_path: Path) -> None:
    with device(tmp_path / "client") as dev:
        vid = str(dev.client.create_volume().vid)
        db = dev.connect(vid)
        db.execute("create table t(x); insert into t values (1)")
        db.close()

        main = apsw.Connection(str(tmp_path / "native.db"), flags=FLAGS)
        main.execute(f"pragma locking_mode={locking}")
        main.execute(f"attach 'file:{vid}?vfs={dev.vfs}' as g")
        acknowledged = [1]
        refusals: list[str] = []
        # In exclusive mode SQLite switches to WAL without writing the header at once: the
        # refusal then comes with the first write. Either way, what succeeded is in the volume.
        for statement in ["pragma journal_mode=wal", "insert into g.t values (2)"]:
            try:
                main.execute(statement).fetchall()
            except apsw.IOError as exc:
                refusals.append(str(exc))
            else:
                acknowledged += [2] if statement.startswith("insert") else []
        main.close()
        # Without shared memory, normal locking never switches to WAL (as natively); exclusive
        # locking would, and the header write that records it is refused.
        assert all("cannot use journal_mode=WAL" in r for r in refusals), refusals
        assert bool(refusals) == (locking == "exclusive"), refusals

        again = dev.connect(vid)
        rows = again.execute("select x from t order by x").get
        assert (rows if isinstance(rows, list) else [rows]) == acknowledged
        assert again.execute("pragma integrity_check").get == "ok"
        again.close()
