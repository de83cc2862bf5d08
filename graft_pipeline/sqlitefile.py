"""SQLite database files from rows, and rows from database files, for publish and export.

A volume's pages 1..page_count concatenated are the database file. Files are built with apsw in
a temporary directory with the volume's page size and no journal (the file is written once,
then read as pages). Published columns are declared with SQLite's storage classes, so values
round-trip exactly.

Reading, a column's Arrow type follows its values, since SQLite is dynamically typed and a
column of any declared type may hold any storage class: integers are int64, reals float64,
text string, blobs binary; integers mixed with reals are float64 when every integer is exact
as a double. Any other mix makes the column a string column (``ExportedTable.as_text``):
integers in decimal, reals in their shortest exact form, blobs in lowercase hex. A column with
no values takes the type of its declared type's affinity (SQLite's rules, ``affinity``). Text
that is invalid in the database's encoding is read with U+FFFD in place of the bad bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import apsw
import pyarrow as pa  # type: ignore[import-untyped]  # no stubs; not in the pyproject override

from graft_core.errors import InvalidInputError
from graft_core.scratch import ScratchDir
from graft_core.types import EMPTY_PAGE, PAGE_SIZE

__all__ = [
    "SQLITE_ARROW",
    "ExportedTable",
    "affinity",
    "build_database",
    "check_schema",
    "file_pages",
    "read_tables",
]

# Type affinity -> Arrow type of a column holding no value to go by.
SQLITE_ARROW = {
    "INTEGER": pa.int64(),
    "REAL": pa.float64(),
    "TEXT": pa.string(),
    "BLOB": pa.binary(),
    "NUMERIC": pa.float64(),
}
_STORAGE_CLASSES = ("INTEGER", "REAL", "TEXT", "BLOB")
_VALUE_ARROW = {int: pa.int64(), float: pa.float64(), str: pa.string(), bytes: pa.binary()}
_EXACT_IN_DOUBLE = 1 << 53
_TEXT_CODECS = {"UTF-8": "utf-8", "UTF-16le": "utf-16-le", "UTF-16be": "utf-16-be"}
# Stored tables only: a virtual table's rows come from its module (its data, if any, is in
# shadow tables, which are listed).
_TABLES = (
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    " AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
)


@dataclass(frozen=True)
class ExportedTable:
    data: pa.Table
    as_text: tuple[str, ...]  # columns of mixed storage classes, exported as strings


def affinity(declared: str) -> str:
    """The type affinity of a declared column type (https://www.sqlite.org/datatype3.html 3.1)."""
    kind = declared.upper()
    if "INT" in kind:
        return "INTEGER"
    if any(part in kind for part in ("CHAR", "CLOB", "TEXT")):
        return "TEXT"
    if "BLOB" in kind or not kind:
        return "BLOB"
    if any(part in kind for part in ("REAL", "FLOA", "DOUB")):
        return "REAL"
    return "NUMERIC"


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def check_schema(table: str, columns: Sequence[tuple[str, str]]) -> None:
    """Refuse what SQLite would refuse when creating ``table``, before any work is done."""
    if not table or table.encode("utf-8", "surrogatepass").lower().startswith(b"sqlite_"):
        raise InvalidInputError(f"table name {table!r}: empty or reserved by SQLite (sqlite_*)")
    seen: set[bytes] = set()
    for name, kind in columns:
        if kind not in _STORAGE_CLASSES:
            raise InvalidInputError(f"column {name!r}: unsupported SQLite type {kind!r}")
        # SQLite compares names ignoring ASCII case only, as bytes.lower() does.
        folded = name.encode("utf-8", "surrogatepass").lower()
        if folded in seen:
            raise InvalidInputError(
                f"column {name!r}: SQLite names are case-insensitive: a duplicate"
            )
        seen.add(folded)
    if any("\0" in name for name in [table, *(name for name, _ in columns)]):
        raise InvalidInputError("a table or column name holds a NUL character")


def build_database(
    table: str, columns: Sequence[tuple[str, str]], rows: Iterable[Sequence[Any]]
) -> bytes:
    """A database file holding ``table`` (``columns``: name, SQLite type) with ``rows``."""
    check_schema(table, columns)
    with ScratchDir("graft-publish-") as tmp:
        path = tmp / "db.sqlite"
        conn = apsw.Connection(str(path))
        try:
            conn.execute(f"PRAGMA page_size = {PAGE_SIZE}; PRAGMA journal_mode = OFF")
            spec = ", ".join(f"{_quote(name)} {kind}" for name, kind in columns)
            conn.execute(f"CREATE TABLE {_quote(table)} ({spec})")
            marks = ", ".join("?" for _ in columns)
            with conn:
                conn.executemany(f"INSERT INTO {_quote(table)} VALUES ({marks})", rows)
        finally:
            conn.close()
        return path.read_bytes()


def file_pages(data: bytes) -> dict[int, bytes]:
    """pageidx -> page of a database file (its length is a whole number of pages)."""
    return {n // PAGE_SIZE + 1: data[n : n + PAGE_SIZE] for n in range(0, len(data), PAGE_SIZE)}


def read_tables(pages: Mapping[int, bytes], page_count: int) -> dict[str, ExportedTable]:
    """Every stored user table of the database that ``pages`` (absent ones are zeros) make up.

    Raises ``InvalidInputError`` when the pages are not a readable SQLite database.
    """
    data = b"".join(pages.get(idx, EMPTY_PAGE) for idx in range(1, page_count + 1))
    with ScratchDir("graft-export-") as tmp:
        path = tmp / "db.sqlite"
        path.write_bytes(data)
        conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        try:
            encoding = _TEXT_CODECS[str(conn.execute("PRAGMA encoding").fetchall()[0][0])]
            names = [name for (name,) in conn.execute(_TABLES)]
            return {name: _table(conn, name, encoding) for name in names}
        except apsw.Error as exc:
            raise InvalidInputError(f"not a readable SQLite database: {exc}") from None
        finally:
            conn.close()


def _table(conn: apsw.Connection, name: str, encoding: str) -> ExportedTable:
    # table_xinfo lists generated columns too (SELECT * returns them); hidden 1: a virtual
    # table's hidden column.
    info = conn.execute(f"PRAGMA table_xinfo({_quote(name)})").fetchall()
    columns = [(str(column[1]), str(column[2] or "")) for column in info if column[6] != 1]
    # Text comes as bytes, decoded here: apsw fails on text that is invalid UTF-8.
    picks = ", ".join(
        f"typeof({q}), CASE typeof({q}) WHEN 'text' THEN CAST({q} AS BLOB) ELSE {q} END"
        for q in (_quote(column) for column, _ in columns)
    )
    rows = conn.execute(f"SELECT {picks} FROM {_quote(name)}").fetchall()
    arrays = []
    as_text = []
    for at, (column, declared) in enumerate(columns):
        values = [_decoded(row[2 * at], row[2 * at + 1], encoding) for row in rows]
        array, mixed = _column(affinity(declared), values)
        arrays.append(array)
        if mixed:
            as_text.append(column)
    table = pa.Table.from_arrays(arrays, names=[column for column, _ in columns])
    return ExportedTable(table, tuple(as_text))


def _decoded(kind: object, value: Any, encoding: str) -> Any:
    return value.decode(encoding, errors="replace") if kind == "text" else value


def _column(affinity_: str, values: list[Any]) -> tuple[pa.Array, bool]:
    """The Arrow array of a column's values, and whether it holds mixed classes as text."""
    classes = {type(value) for value in values if value is not None}
    if not classes:
        return pa.nulls(len(values), SQLITE_ARROW[affinity_]), False
    if len(classes) == 1:
        return pa.array(values, _VALUE_ARROW[classes.pop()]), False
    if classes == {int, float} and all(
        not isinstance(value, int) or abs(value) <= _EXACT_IN_DOUBLE for value in values
    ):
        return pa.array([_maybe(float, value) for value in values], pa.float64()), False
    return pa.array([_maybe(_as_text, value) for value in values], pa.string()), True


def _maybe(convert: Any, value: Any) -> Any:
    return None if value is None else convert(value)


def _as_text(value: int | float | str | bytes) -> str:
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, float):
        return repr(value)
    return str(value)
