"""An offline-first notes app: SQLite in a graft volume on two devices, with sync and conflicts.

Each device has its own data directory (its own local copy), edits offline, and syncs with the
servers. When both edited since the last sync, the second to sync is rejected; it resolves the
conflict the simple, always-correct way: reset to the remote state and replay its own changes.

usage: python examples/notes_app.py --metastore URL --pagestore URL [--data-dir DIR]
       (or set GRAFT_METASTORE and GRAFT_PAGESTORE; `graft serve` starts both servers)
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import apsw

from graft_client import Client
from graft_client.sqlite import register

SCHEMA = """
create table if not exists notes (
    id text primary key,
    title text not null,
    body text not null,
    updated_ms int not null
)
"""


class Device:
    """One device: a client, a connection to the notes database, and an outbox of own edits."""

    def __init__(self, name: str, data_dir: Path, metastore: str, pagestore: str) -> None:
        self.name = name
        self.client = Client(data_dir, metastore=metastore, pagestore=pagestore)
        self.vfs = f"notes-{name}"
        register(self.client, self.vfs)
        self.db: apsw.Connection | None = None
        # Edits not yet confirmed by a sync: what to replay after a reset.
        self.outbox: list[tuple[str, tuple[Any, ...]]] = []

    def open(self, vid: str = "new") -> str:
        self.db = apsw.Connection(vid, vfs=self.vfs)
        self.db.execute(SCHEMA)
        return str(self.db.filename)

    def _conn(self) -> apsw.Connection:
        assert self.db is not None, "open() first"
        return self.db

    def _apply(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._conn():
            self._conn().execute(sql, params)

    def save(self, note_id: str, title: str, body: str) -> None:
        sql = "insert or replace into notes (id, title, body, updated_ms) values (?, ?, ?, ?)"
        params = (note_id, title, body, time.time_ns() // 1_000_000)
        self._apply(sql, params)
        self.outbox.append((sql, params))

    def notes(self) -> list[tuple[str, str]]:
        rows = self._conn().execute("select title, body from notes order by title").fetchall()
        return [(str(title), str(body)) for title, body in rows]

    def sync(self) -> str:
        """Push own edits and pull others'; on a conflict, reset and replay the outbox."""
        db = self._conn()
        try:
            db.execute("pragma graft_sync").fetchall()
        except apsw.SQLError as exc:
            if "CommitRejectedError" not in str(exc) and "ConflictError" not in str(exc):
                raise
            db.execute("pragma graft_reset").fetchall()
            for sql, params in self.outbox:
                self._apply(sql, params)
            db.execute("pragma graft_sync").fetchall()
            self.outbox.clear()
            return "conflict: reset to the remote notes and replayed my own edits"
        self.outbox.clear()
        return "synced"

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
        self.client.close()


def show(device: Device) -> None:
    for title, body in device.notes():
        print(f"    [{device.name}] {title}: {body}")


def run(root: Path, metastore: str, pagestore: str) -> None:
    laptop = Device("laptop", root / "laptop", metastore, pagestore)
    phone = Device("phone", root / "phone", metastore, pagestore)
    try:
        vid = laptop.open()
        print(f"laptop created the notes database in volume {vid}")
        shopping, ideas = str(uuid.uuid4()), str(uuid.uuid4())
        laptop.save(shopping, "shopping", "milk")
        laptop.save(ideas, "ideas", "a local-first notes app")
        print(f"laptop: {laptop.sync()}")

        phone.open(vid)
        print("phone opened the same volume (lazily: pages are fetched as they are read):")
        show(phone)

        print("both edit offline ...")
        laptop.save(shopping, "shopping", "milk, eggs")
        phone.save(str(uuid.uuid4()), "todo", "call the plumber")
        print(f"laptop: {laptop.sync()}")
        print(f"phone:  {phone.sync()}")
        print(f"laptop: {laptop.sync()}")

        if laptop.notes() != phone.notes():
            raise SystemExit("the devices did not converge")
        print(f"converged: both devices show {len(phone.notes())} notes")
        show(laptop)
    finally:
        laptop.close()
        phone.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--metastore", default=os.environ.get("GRAFT_METASTORE"))
    parser.add_argument("--pagestore", default=os.environ.get("GRAFT_PAGESTORE"))
    parser.add_argument("--data-dir", type=Path, help="Where the devices keep their data.")
    args = parser.parse_args()
    if not args.metastore or not args.pagestore:
        parser.error("give --metastore and --pagestore (start them with `graft serve`)")
    if args.data_dir is not None:
        run(args.data_dir, args.metastore, args.pagestore)
        return
    with tempfile.TemporaryDirectory(prefix="graft-notes-") as tmp:
        run(Path(tmp), args.metastore, args.pagestore)


if __name__ == "__main__":
    main()
