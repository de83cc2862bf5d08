"""A database SQLite cannot read at open still opens through the VFS and repairs as natively."""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from graft_client.sqlite import registry
from tests.sqlite.support import Device, device

CORRUPT = [
    "create table a (x)",
    "create table b (y)",
    "insert into a values ('in a')",
    "insert into b values ('in b')",
    "pragma writable_schema = on",
    "update sqlite_schema set sql = 'garbage' where name = 'a'",
]
REPAIRS = {
    "fix the row": "update sqlite_schema set sql = 'create table a (x)' where name = 'a'",
    "delete the row": "delete from sqlite_schema where name = 'a'",
}


def _outcomes(db: apsw.Connection, statements: list[str]) -> list[tuple[str, object]]:
    outcomes: list[tuple[str, object]] = []
    for sql in statements:
        try:
            outcomes.append(("ok", db.execute(sql).fetchall()))
        except apsw.Error as exc:
            outcomes.append((type(exc).__name__, str(exc)))
    return outcomes


def _on_both(
    dev: Device, vid: str, native: Path, statements: list[str]
) -> list[list[tuple[str, object]]]:
    """The outcomes on a new native connection and on a new graft connection."""
    found: list[list[tuple[str, object]]] = []
    for db in (apsw.Connection(str(native)), dev.connect(vid)):
        found.append(_outcomes(db, statements))
        db.close()
    return found


@pytest.mark.parametrize("repair", sorted(REPAIRS))
def test_a_corrupt_schema_opens_and_repairs_as_natively(repair: str, tmp_path: Path) -> None:
    native = tmp_path / "native.db"
    with device(tmp_path / "d") as dev:
        vid = dev.connect().filename
        assert _on_both(dev, vid, native, CORRUPT) == [[("ok", [])] * len(CORRUPT)] * 2
        statements = [
            "select 1",  # the first statement reads the schema, whatever it needs
            "select * from b",
            "select 1",
            "pragma writable_schema = on",
            "select * from b",
            REPAIRS[repair],
            "pragma writable_schema = reset",
            "select name from sqlite_schema order by name",
            "select * from b",
            "pragma journal_mode",  # SQLite's default: it could not be set at open
        ]
        on_native, on_graft = _on_both(dev, vid, native, statements)
        assert on_graft == on_native
        assert on_graft[1][0] == "CorruptError"  # the schema was unreadable at first
        assert on_graft[-2] == ("ok", [("in b",)])  # and is repaired
        # Opened again after the repair: a graft connection as any other, in the memory journal.
        on_native, on_graft = _on_both(dev, vid, native, ["pragma integrity_check"])
        assert on_graft == on_native
        assert dev.connect(vid).execute("pragma journal_mode").fetchall() == [("memory",)]


def test_a_schema_that_breaks_after_the_check_still_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another connection may corrupt the schema between the check and the journal mode."""
    with device(tmp_path) as dev:
        db = dev.connect()
        assert _outcomes(db, CORRUPT) == [("ok", [])] * len(CORRUPT)
        monkeypatch.setattr(registry, "_schema_readable", lambda connection: True)
        again = dev.connect(db.filename)
        assert _outcomes(again, ["select * from b"])[0][0] == "CorruptError"
        assert _outcomes(again, ["pragma writable_schema = on", "select * from b"])[1] == (
            "ok",
            [("in b",)],
        )
