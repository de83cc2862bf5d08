"""Realistic page data: a real SQLite database (apsw) with rows and an index, cut into pages."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import apsw

from graft_core.types import PAGE_SIZE

__all__ = ["sqlite_pages", "text_table_pages"]

_WORDS = ["alpha", "beta", "gamma", "delta", "graft", "volume", "page", "commit", "sync", "lsn"]


def sqlite_pages(rows: int, *, seed: int = 0) -> list[bytes]:
    """The 4 KiB pages of a database with ``rows`` rows of mixed text, numbers and blobs."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "db.sqlite"
        conn = apsw.Connection(str(path))
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}; PRAGMA journal_mode = OFF")
        conn.execute(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, user TEXT, kind TEXT, at INTEGER,"
            " amount REAL, note TEXT, tag BLOB)"
        )
        conn.execute("CREATE INDEX events_user ON events (user, at)")
        with conn:
            conn.executemany(
                "INSERT INTO events (user, kind, at, amount, note, tag) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    (
                        f"user{rng.randrange(500)}@example.com",
                        rng.choice(_WORDS),
                        1_700_000_000 + rng.randrange(10_000_000),
                        round(rng.uniform(0, 1000), 2),
                        " ".join(rng.choices(_WORDS, k=rng.randrange(3, 12))),
                        rng.randbytes(8),
                    )
                    for _ in range(rows)
                ),
            )
        conn.close()
        data = path.read_bytes()
    assert len(data) % PAGE_SIZE == 0
    return [data[start : start + PAGE_SIZE] for start in range(0, len(data), PAGE_SIZE)]


def text_table_pages(rows: int) -> list[bytes]:
    """The pages of a table of short texts from a small vocabulary, with an index on one
    column (what the encryption benchmark stores and its size test checks)."""
    rng = random.Random(7)
    words = ["graft", "volume", "page", "commit", "segment", "sync", "lazy", "edge", "local"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "text.sqlite"
        db = apsw.Connection(str(path))
        db.execute("create table t(id integer primary key, name text, body text, n integer)")
        with db:
            for i in range(rows):
                body = " ".join(rng.choices(words, k=rng.randrange(5, 40)))
                db.execute(
                    "insert into t(name, body, n) values (?, ?, ?)", (f"user{i}", body, i * 7)
                )
        db.execute("create index t_name on t(name)")
        db.close()
        data = path.read_bytes()
    return [data[i : i + PAGE_SIZE] for i in range(0, len(data), PAGE_SIZE)]
