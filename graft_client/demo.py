"""The story ``make demo`` tells, end to end on loopback.

Local servers (``graft serve`` on ephemeral 127.0.0.1 ports), two devices with their own data
directories, a SQLite database stored in a volume, push, a lazy clone that fetches only what it
reads, a pull of just the changed pages, a conflict and its reset, and lite reads by LSN.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import apsw
from rich.console import Console
from rich.table import Table

from graft_client.client import Client
from graft_client.lite import LiteClient
from graft_client.volume import Volume
from graft_core.errors import CommitRejectedError
from graft_core.scratch import ScratchDir
from graft_core.types import PAGE_SIZE

__all__ = ["run_demo"]

SERVER_START_S = 60.0


@contextmanager
def _servers(root: Path) -> Iterator[tuple[str, str]]:
    """``graft serve`` as a subprocess; yields (metastore URL, pagestore URL) once both are up."""
    ready = root / "ready.json"
    graft = [sys.executable, "-c", "from graft_client.cli import main; main()"]
    args = ["serve", "--data-dir", str(root / "server"), "--metastore-port", "0"]
    args += ["--pagestore-port", "0", "--ready-file", str(ready)]
    proc = subprocess.Popen(
        [*graft, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + SERVER_START_S
        while not ready.exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                _, err = proc.communicate(timeout=5) if proc.poll() is not None else ("", "")
                raise RuntimeError(f"graft serve did not start: {err.strip()[-500:]}")
            time.sleep(0.05)
        urls = json.loads(ready.read_text())
        yield urls["metastore"], urls["pagestore"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _database_pages(path: Path) -> dict[int, bytes]:
    data = path.read_bytes()
    return {i // PAGE_SIZE + 1: data[i : i + PAGE_SIZE] for i in range(0, len(data), PAGE_SIZE)}


def _store_database(volume: Volume, path: Path) -> tuple[int, int]:
    """Commit the database file's changed pages; returns (pages written, page count)."""
    pages = _database_pages(path)
    written = 0
    with volume.writer() as writer:
        for idx, page in pages.items():
            if idx > writer.page_count or writer.read(idx) != page:
                writer.write(idx, page)
                written += 1
        writer.truncate(len(pages))
    return written, len(pages)


def _make_notes(path: Path, first: int, count: int) -> None:
    db = apsw.Connection(str(path))
    db.execute("pragma page_size=4096; pragma journal_mode=delete")
    db.execute("create table if not exists notes(id integer primary key, body text)")
    with db:
        db.executemany(
            "insert into notes values(?, ?)",
            ((i, f"note {i}: " + "lorem ipsum " * 8) for i in range(first, first + count)),
        )
    db.close()


def _query_volume(volume: Volume, scratch: Path) -> int:
    """Rebuild the database file from the volume (reading every page) and count the notes."""
    with volume.reader() as reader:
        pages = [reader.read(idx) for idx in range(1, reader.page_count + 1)]
    scratch.write_bytes(b"".join(pages))
    db = apsw.Connection(str(scratch))
    (count,) = db.execute("select count(*) from notes").fetchone() or (0,)
    db.close()
    return int(count)


def run_demo(console: Console | None = None) -> None:
    out = console or Console()
    with ScratchDir("graft-demo-") as root:
        out.rule("[bold]graft demo: a SQLite database in a synced page volume")
        with _servers(root) as (metastore, pagestore):
            out.print(f"servers up: metastore {metastore}, pagestore {pagestore}")
            _story(out, root, metastore, pagestore)
        out.rule("[bold green]demo finished")


def _story(out: Console, root: Path, metastore: str, pagestore: str) -> None:
    with (
        Client(root / "device-a", metastore=metastore, pagestore=pagestore) as a,
        Client(root / "device-b", metastore=metastore, pagestore=pagestore) as b,
    ):
        db_file = root / "notes.db"
        _make_notes(db_file, 1, 2000)
        vol_a = a.create_volume()
        written, count = _store_database(vol_a, db_file)
        out.print(f"device A: stored notes.db ({count} pages) in volume [cyan]{vol_a.vid}[/]")
        started = time.perf_counter()
        remote_lsn = vol_a.push()
        push_ms = (time.perf_counter() - started) * 1000
        out.print(
            f"device A: pushed {written} pages as remote LSN {remote_lsn} in {push_ms:.0f} ms"
        )

        vol_b = b.open_volume(vol_a.vid)
        snap = vol_b.snapshot()
        assert snap is not None
        out.print(f"device B: cloned lazily: LSN {snap.lsn}, {snap.page_count} pages, 0 fetched")
        with vol_b.reader() as reader:
            header = reader.read(1)
        stats = vol_b.stats()
        out.print(
            f"device B: read the header page: {header[:15].decode()!r}; fetched "
            f"{stats.pages_fetched} pages in {stats.round_trips} round trip(s)"
        )
        notes = _query_volume(vol_b, root / "b-copy.db")
        out.print(f"device B: read every page and counted {notes} notes")

        _make_notes(db_file, 2001, 50)
        written, count = _store_database(vol_a, db_file)
        vol_a.push()
        before = vol_b.stats().pages_fetched
        vol_b.pull()
        notes = _query_volume(vol_b, root / "b-copy.db")
        fetched = vol_b.stats().pages_fetched - before
        out.print(
            f"device A: added 50 notes ({written} changed pages) and pushed; device B pulled "
            f"and fetched {fetched} pages to see {notes} notes"
        )

        _conflict(out, vol_a, vol_b)
        _lite(out, metastore, pagestore, vol_a)


def _conflict(out: Console, vol_a: Volume, vol_b: Volume) -> None:
    last = vol_a.snapshot()
    assert last is not None
    page = last.page_count + 1
    with vol_a.writer() as writer:
        writer.write(page, b"A".ljust(PAGE_SIZE, b"."))
    with vol_b.writer() as writer:
        writer.write(page, b"B".ljust(PAGE_SIZE, b"."))
    vol_a.push()
    try:
        vol_b.push()
    except CommitRejectedError as exc:
        out.print(f"device B: offline edit of page {page} rejected: {exc}")
    out.print(f"device B: status {vol_b.status().value}; resetting to the remote")
    vol_b.reset_to_remote()
    with vol_b.reader() as reader:
        winner = reader.read(page)[:1].decode()
    out.print(f"device B: status {vol_b.status().value}; page {page} now holds {winner!r}")


def _lite(out: Console, metastore: str, pagestore: str, volume: Volume) -> None:
    table = Table("lite read", "remote LSN", "page count", "notes.db header change counter")
    with LiteClient(metastore, pagestore) as lite:
        latest = lite.snapshot(volume.vid)
        for lsn in range(1, latest.lsn + 1):
            snap = lite.snapshot(volume.vid, lsn)
            header = lite.read(volume.vid, 1, lsn)
            counter = int.from_bytes(header[24:28], "big")
            table.add_row(f"page 1 @ LSN {lsn}", str(lsn), str(snap.page_count), str(counter))
    out.print(table)
