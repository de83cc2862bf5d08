"""A process that keeps writing a SQLite file (run by test_transfer): each transaction inserts
a batch of rows into ``items`` and sets ``counter.n`` to the row count, until STOP exists.

Usage: python source_writer.py DB STOP
"""

from __future__ import annotations

import random
import sqlite3
import sys
from pathlib import Path

BATCH = 50


def main(db_path: str, stop: str) -> None:
    db = sqlite3.connect(db_path, timeout=30, isolation_level=None)
    rng = random.Random(5)
    while not Path(stop).exists():
        db.execute("begin immediate")
        (n,) = db.execute("select n from counter").fetchone()
        rows = [(n + i, rng.randbytes(200).hex()) for i in range(BATCH)]
        db.executemany("insert into items (id, body) values (?, ?)", rows)
        db.execute("update counter set n = ?", (n + BATCH,))
        db.execute("commit")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
