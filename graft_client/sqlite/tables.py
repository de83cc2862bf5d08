"""The graft pragmas as rows: eponymous virtual tables on every graft connection.

``PRAGMA graft_*`` answers one JSON text value (see ``pragmas``). The read-only ones are also
tables, so plain SQL can filter and join them::

    select key, value from graft_status;             -- one row per status field
    select value from graft_status where key = 'unpushed_commits';
    select vid, lsn, remote_lsn, page_count from graft_snapshot;   -- one row
    select at_ms, kind, message from graft_errors;   -- one row per recorded error
    select key, value from graft_version;            -- graft, apsw, sqlite

Each table reads the same answer as its pragma, from the connection it is queried on (so
``connection_lsn`` is that connection's own read snapshot). Values are SQL values: booleans are
0/1, missing values NULL. The pragmas that act (push, pull, sync, reset, fetch_all, autosync)
stay pragmas only: a SELECT must not have side effects SQLite may repeat.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import apsw
import apsw.ext

__all__ = ["TABLES", "install_tables"]

if TYPE_CHECKING:  # apsw's value type exists in its stubs only
    from apsw import SQLiteValue
else:
    SQLiteValue = Any

Row: TypeAlias = tuple["SQLiteValue", ...]
RowsFn = Callable[[Any], Iterator[Row]]


def _sql_value(value: Any) -> SQLiteValue:
    """A JSON value as an SQL value: nested objects and lists stay JSON text."""
    if isinstance(value, bool):
        return int(value)
    if value is None or isinstance(value, (int, float, str)):
        return value
    return json.dumps(value, sort_keys=True)


def _key_value_rows(answer: Any) -> Iterator[Row]:
    for key, value in answer.items():
        yield key, _sql_value(value)


SNAPSHOT_COLUMNS = ("vid", "lsn", "remote_lsn", "page_count")


def _snapshot_rows(answer: Any) -> Iterator[Row]:
    snapshot = answer["snapshot"] or {}
    yield (answer["vid"], *(_sql_value(snapshot.get(c)) for c in SNAPSHOT_COLUMNS[1:]))


def _error_rows(answer: Any) -> Iterator[Row]:
    for error in answer:
        yield error["at_ms"], error["kind"], error["message"]


# table (= pragma) name -> (columns, JSON answer -> rows)
TABLES: dict[str, tuple[tuple[str, ...], RowsFn]] = {
    "graft_status": (("key", "value"), _key_value_rows),
    "graft_snapshot": (SNAPSHOT_COLUMNS, _snapshot_rows),
    "graft_errors": (("at_ms", "kind", "message"), _error_rows),
    "graft_version": (("key", "value"), _key_value_rows),
}


class _PragmaTable:
    """The rows of one graft pragma on one connection (held weakly: no reference cycle)."""

    column_access = apsw.ext.VTColumnAccess.By_Index

    def __init__(self, db: apsw.Connection, pragma: str) -> None:
        self._db = weakref.ref(db)
        self._pragma = pragma
        self.columns, self._rows = TABLES[pragma]

    def __call__(self) -> list[Row]:
        db = self._db()
        if db is None:
            raise apsw.ConnectionClosedError(f"{self._pragma}: the connection is gone")
        ((text,),) = db.execute(f"pragma {self._pragma}").fetchall()
        return list(self._rows(json.loads(str(text))))


def install_tables(db: apsw.Connection) -> None:
    """Make ``graft_status``, ``graft_snapshot``, ``graft_errors``, ``graft_version`` queryable."""
    for name in TABLES:
        # A cast: apsw's protocol wants ``__call__(*args, **kwargs)``, but every parameter of the
        # callable becomes a hidden column, and these tables take none.
        table = cast("apsw.ext.VirtualModuleCallable", _PragmaTable(db, name))
        apsw.ext.make_virtual_module(db, name, table)
