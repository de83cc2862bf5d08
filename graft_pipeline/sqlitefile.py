"""SQLite database files from rows, and rows from database files, for publish and export.

A volume's pages 1..page_count concatenated are the database file. Files are built with apsw in
a temporary directory with the volume's page size and no journal (the file is written once,
then read as pages). Column types are SQLite's storage classes, so values round-trip exactly.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import apsw
import pyarrow as pa  # type: ignore[import-untyped]  # no stubs; not in the pyproject override

from graft_core.errors import InvalidInputError
from graft_core.types import EMPTY_PAGE, PAGE_SIZE

__all__ = ["SQLITE_ARROW", "build_database", "file_pages", "read_tables"]

# SQLite declared type -> Arrow type of the exported column.
SQLITE_ARROW = {
    "INTEGER": pa.int64(),
    "REAL": pa.float64(),
    "TEXT": pa.string(),
    "BLOB": pa.binary(),
}


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def build_database(
    table: str, columns: Sequence[tuple[str, str]], rows: Iterable[Sequence[Any]]
) -> bytes:
    """A database file holding ``table`` (``columns``: name, SQLite type) with ``rows``."""
    for name, kind in columns:
        if kind not in SQLITE_ARROW:
            raise InvalidInputError(f"column {name!r}: unsupported SQLite type {kind!r}")
    with tempfile.TemporaryDirectory(prefix="graft-publish-") as tmp:
        path = Path(tmp) / "db.sqlite"
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


def read_tables(pages: Mapping[int, bytes], page_count: int) -> dict[str, pa.Table]:
    """Every user table of the database that ``pages`` (absent ones are zeros) make up."""
    data = b"".join(pages.get(idx, EMPTY_PAGE) for idx in range(1, page_count + 1))
    with tempfile.TemporaryDirectory(prefix="graft-export-") as tmp:
        path = Path(tmp) / "db.sqlite"
        path.write_bytes(data)
        conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        try:
            names = [
                name
                for (name,) in conn.execute(
                    "SELECT name FROM sqlite_schema WHERE type = 'table'"
                    " AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
            return {name: _table(conn, name) for name in names}
        finally:
            conn.close()


def _table(conn: apsw.Connection, name: str) -> pa.Table:
    info = list(conn.execute(f"PRAGMA table_info({_quote(name)})"))
    schema = pa.schema(
        [(column[1], SQLITE_ARROW.get(str(column[2]).upper(), pa.string())) for column in info]
    )
    rows = conn.execute(f"SELECT * FROM {_quote(name)}").fetchall()
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in info]
    return pa.Table.from_arrays(
        [
            pa.array(list(values), type=field.type)
            for values, field in zip(columns, schema, strict=True)
        ],
        schema=schema,
    )
