"""An app whose commit gets Ctrl-C (SIGINT) once it is written and before it is settled:
``python -m tests.multiproc.interrupted MODE DATA_DIR [VOLUME]``.

MODE ``sqlite`` inserts a row through the VFS (into a new database, or into VOLUME's table
``t``), MODE ``writer`` commits a page through the ``VolumeWriter`` API. The test pauses the
commit (the ``commit.written`` fail point, in whichever process owns the data dir), sends SIGINT
here and lets the commit go on. This process then commits once more and prints one JSON line:
what the interrupted call raised and what the volume holds afterwards.
"""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable
from typing import Any

import apsw

from graft_client import Client, Volume
from graft_client.sqlite import register
from graft_core.failpoints import armed
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE


def raised_by(statement: Any) -> list[str] | None:
    """The class names of what ``statement()`` raised and of the exception it was raised in
    (also printed as it comes back: ``raised NAME``)."""
    try:
        statement()
    except BaseException as exc:
        print("raised", type(exc).__name__, flush=True)
        context = exc.__context__ or exc.__cause__
        return [type(exc).__name__, type(context).__name__ if context else ""]
    print("raised nothing", flush=True)
    return None


def paused_here(client: Client, statement: Callable[[], Any]) -> None:
    """``statement()``, pausing at its commit if this process owns the data dir (else the test
    pauses the owner)."""
    if not client.is_owner:
        statement()
        return
    with armed("commit.written", "pause"):
        statement()


def interrupted_insert(client: Client, volume: str | None) -> dict[str, Any]:
    register(client, "graft")
    db = apsw.Connection(volume or "new", vfs="graft")
    db.set_busy_timeout(10_000)
    if volume is None:
        db.execute("create table t(n integer)")
    print("ready", flush=True)
    raised = raised_by(lambda: paused_here(client, lambda: db.execute("insert into t values (1)")))
    db.execute("insert into t values (2)")
    return {
        "raised": raised,
        "rows": [n for (n,) in db.execute("select n from t order by n")],
        "check": db.execute("pragma integrity_check").fetchall(),
    }


def interrupted_writer(client: Client, volume: str | None) -> dict[str, Any]:
    vol: Volume = (
        client.create_volume() if volume is None else client.local_volume(VolumeId.parse(volume))
    )
    heard: list[VolumeId] = []  # commits settled: told to the sync runtime and the others
    client.state.add_commit_observer(heard.append)
    print("ready", flush=True)
    before = vol.latest_lsn()

    def commit(pageidx: int) -> None:
        with vol.writer() as writer:
            writer.write(pageidx, bytes([pageidx]) * PAGE_SIZE)

    raised = raised_by(lambda: paused_here(client, lambda: commit(1)))
    commit(2)
    with vol.reader() as reader:
        pages = [reader.read(idx)[0] for idx in (1, 2)]
    commits = vol.latest_lsn() - before
    return {"raised": raised, "commits": commits, "heard": len(heard), "pages": pages}


def main() -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as an interactive app has it
    mode, data_dir, *volume = sys.argv[1:]
    run = interrupted_insert if mode == "sqlite" else interrupted_writer
    with Client(data_dir) as client:
        outcome = run(client, volume[0] if volume else None)
    print(json.dumps(outcome), flush=True)


if __name__ == "__main__":
    main()
