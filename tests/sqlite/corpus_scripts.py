"""The outside SQL corpus under ``tests/sqlite/corpus/`` read as scripts of single statements.

Two formats are stored. sqllogictest files (``*.test``) are records separated by blank lines:
``statement ok|error`` or ``query TYPES [SORT [LABEL]]`` followed by SQL (and, for queries,
``----`` and the expected results), with ``skipif``/``onlyif ENGINE`` conditions and ``halt``.
SQL extracted from SQLite's TCL tests (``*.sql``) is statements ending in ``;``, split where
SQLite itself calls the text complete; a line ``-- new database`` starts the next script on an
empty database. Each script runs on a fresh database, statement by statement.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import apsw

__all__ = [
    "CORPUS",
    "NEW_DATABASE",
    "Outcome",
    "Script",
    "Statement",
    "add_test_functions",
    "corpus_files",
    "outcome",
    "read_scripts",
]

CORPUS = Path(__file__).parent / "corpus"
NEW_DATABASE = "-- new database"
ENGINE = "sqlite"

Outcome = tuple[Any, ...]


@dataclass(frozen=True)
class Statement:
    sql: str
    line: int
    # sqllogictest's verdict on a statement: "ok" or "error"; None for queries and TCL's SQL.
    expect: str | None = None


@dataclass(frozen=True)
class Script:
    name: str
    statements: tuple[Statement, ...]


def add_test_functions(db: apsw.Connection) -> None:
    """Seeded stand-ins for SQLite's randomness and the TCL harness's ``randstr``.

    Two connections given them draw the same values in the same order, so the same script
    writes the same bytes on both.
    """
    rng = random.Random(0)

    def random_int(*_: Any) -> int:
        return rng.getrandbits(64) - 2**63

    def random_blob(*size: Any) -> bytes:
        return rng.randbytes(max(int(size[0] or 1), 1))

    def randstr(*bounds: Any) -> str:
        low, high = sorted(int(bound) for bound in bounds)
        return "".join(rng.choices(string.ascii_letters + string.digits, k=rng.randint(low, high)))

    db.create_scalar_function("random", random_int, 0)
    db.create_scalar_function("randomblob", random_blob, 1)
    db.create_scalar_function("randstr", randstr, 2)


def outcome(db: apsw.Connection, sql: str) -> Outcome:
    """All that a statement shows: its rows or error, and the connection's state after it."""
    try:
        result: Outcome = ("rows", db.execute(sql).fetchall())
    except (apsw.Error, UnicodeDecodeError) as exc:  # the latter: text that is not UTF-8
        result = ("error", type(exc).__name__, str(exc))
    return (*result, db.changes(), db.total_changes(), db.last_insert_rowid(), db.in_transaction)


def corpus_files() -> list[Path]:
    files = sorted([*CORPUS.rglob("*.test"), *CORPUS.rglob("*.sql")])
    assert files, f"no corpus files under {CORPUS}"
    return files


def read_scripts(path: Path) -> list[Script]:
    name = str(path.relative_to(CORPUS))
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".test":
        return [Script(name, tuple(_logictest(text)))]
    scripts = [Script(f"{name}#{n}", tuple(body)) for n, body in enumerate(_sql_scripts(text))]
    return [script for script in scripts if script.statements]


def _logictest(text: str) -> Iterator[Statement]:
    lines = [line.rstrip("\r\n").rstrip() for line in text.splitlines()]
    pos = 0
    while pos < len(lines):
        record, start = [], pos
        while pos < len(lines) and lines[pos]:
            if not lines[pos].startswith("#"):
                record.append(lines[pos])
            pos += 1
        pos += 1
        if record and _applies(record):
            if record[0] == "halt":
                return
            statement = _logictest_record(record, start + 1)
            if statement is not None:
                yield statement


def _applies(record: list[str]) -> bool:
    """Drops the ``skipif``/``onlyif`` lines from ``record``; whether it applies to SQLite."""
    applies = True
    while record and record[0].split()[0] in ("skipif", "onlyif"):
        word, engine = record.pop(0).split()[:2]
        applies &= (engine == ENGINE) == (word == "onlyif")
    return applies


def _logictest_record(record: list[str], line: int) -> Statement | None:
    words = record[0].split()
    if words[0] == "hash-threshold":
        return None
    assert words[0] in ("statement", "query"), f"line {line}: unknown record {record[0]!r}"
    body = record[1:]
    if "----" in body:
        body = body[: body.index("----")]
    expect = words[1] if words[0] == "statement" else None
    assert expect in ("ok", "error", None), f"line {line}: {record[0]!r}"
    return Statement("\n".join(body), line + 1, expect)


def _sql_scripts(text: str) -> Iterator[list[Statement]]:
    current: list[Statement] = []
    buffer: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not buffer:
            if line.strip() == NEW_DATABASE:
                yield current
                current = []
                continue
            if not line.strip() or line.startswith("--"):
                continue
            start = number
        buffer.append(line)
        sql = "\n".join(buffer)
        if apsw.complete(sql):
            current.append(Statement(sql, start))
            buffer = []
    assert not buffer, f"line {start}: statement without an end: {buffer[:3]}"
    yield current
