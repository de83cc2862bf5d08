"""The SQLite bank workload: random transfers between accounts keep the total constant.

Each transfer also stamps the writer's row in ``stamps`` with the commit's unique token, so no
two legitimate commits leave the same database bytes behind.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping
from pathlib import Path

import apsw

__all__ = ["ACCOUNTS", "TOTAL", "bank_problem", "pages_problem", "setup_bank", "transfer"]

ACCOUNTS = 8
START_BALANCE = 1000
TOTAL = ACCOUNTS * START_BALANCE


def setup_bank(db: apsw.Connection) -> None:
    with db:
        db.execute(
            "create table accounts (id integer primary key, balance int not null);"
            "create table stamps (writer text primary key, token text not null);"
            "create table transfers (id integer primary key, token text not null, src int, "
            "dst int, amount int)"
        )
        db.executemany(
            "insert into accounts values (?, ?)",
            [(n, START_BALANCE) for n in range(1, ACCOUNTS + 1)],
        )


def transfer(db: apsw.Connection, writer: str, token: str, rng: random.Random) -> None:
    """One transaction; raises ``apsw.BusyError`` if a pull landed under it (retry it)."""
    src, dst = rng.sample(range(1, ACCOUNTS + 1), 2)
    amount = rng.randrange(1, 100)
    with db:
        db.execute("update accounts set balance = balance - ? where id = ?", (amount, src))
        db.execute("update accounts set balance = balance + ? where id = ?", (amount, dst))
        db.execute("insert or replace into stamps values (?, ?)", (writer, token))
        db.execute(
            "insert into transfers (token, src, dst, amount) values (?, ?, ?, ?)",
            (token, src, dst, amount),
        )


def bank_problem(db: apsw.Connection) -> str | None:
    """Why the database breaks the invariant (total, integrity), or None when it holds."""
    with db:  # one read transaction: both answers come from one snapshot
        total = db.execute("select sum(balance) from accounts").fetchall()[0][0]
        integrity = db.execute("pragma integrity_check").fetchall()
    if total != TOTAL:
        return f"bank total is {total}, expected {TOTAL}"
    if integrity != [("ok",)]:
        return f"integrity_check: {integrity[:3]}"
    return None


def pages_problem(pages: Mapping[int, bytes]) -> str | None:
    """The same check on a database given as its pages 1..n (read through a lite client)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bank.sqlite"
        path.write_bytes(b"".join(pages[idx] for idx in range(1, len(pages) + 1)))
        db = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        try:
            return bank_problem(db)
        except apsw.Error as exc:
            return f"database unreadable: {exc!r}"
        finally:
            db.close()
