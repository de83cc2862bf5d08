"""Import a plain file into a volume: a SQLite database consistently, any other file as is.

A SQLite database is read as of one committed state even while other processes write it. In
a rollback journal mode the file itself is read under one read transaction, which keeps its
writers out: the volume gets its exact bytes. In WAL mode committed pages may sit in the WAL,
so SQLite's backup API copies it in one step (one read transaction) to a scratch file in a
rollback journal mode, whose header never says WAL. Any other file is paged in 4 KiB, its last
page zero-padded (an export gives the padded size back). ``import_file`` makes a new volume in
bulk (``LocalState.create_filled``); ``import_into`` fills an empty one with a writer.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import apsw

from graft_client.client import Client
from graft_client.sqlite.dbfile import HEADER_MAGIC
from graft_client.storage.records import SyncMode
from graft_client.storage.tags import check_tag
from graft_client.sync.observe import Progress
from graft_client.transfer import FilePages, import_pages
from graft_client.volume import Volume
from graft_core.errors import InvalidInputError, StorageError
from graft_core.ids import VolumeId
from graft_core.scratch import ScratchDir
from graft_core.types import PAGE_SIZE, Snapshot

__all__ = ["BUSY_TIMEOUT_MS", "Imported", "import_file", "import_into"]

log = logging.getLogger(__name__)

# How long the copy waits while a writer of the source holds its lock (as a SQLite app would).
BUSY_TIMEOUT_MS = 30_000
# The header's file format write version (offset 18): 2 in WAL mode.
_WAL_VERSION_OFFSET = 18
_WAL_VERSION = b"\x02"


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import made: the volume, its new snapshot, the source's size in bytes, and
    whether the source was a SQLite database."""

    volume: Volume
    snapshot: Snapshot | None
    size: int
    sqlite: bool


def import_file(
    client: Client,
    path: str | os.PathLike[str],
    *,
    tag: str | None = None,
    move_tag: bool = False,
    progress: Progress | None = None,
) -> Imported:
    """A new volume holding the file at ``path``, tagged ``tag`` if given (a tag that names
    another volume is ``TagInUseError`` unless ``move_tag``).

    The volume appears with its pages, durably, in one step (``LocalState.create_filled``):
    a failure or crash before leaves no volume, and a failure to tag deletes it again.
    """
    source = _source(path)
    if tag is not None:
        check_tag(tag)  # a bad name fails before anything is created
        if not move_tag:
            client.check_tag_free(tag)  # so does one in use
    vid = VolumeId.random()
    sqlite = _is_sqlite(source)
    with _readable(source, sqlite) as file:
        pages = FilePages(file, os.fstat(file.fileno()).st_size, progress)
        snapshot = client.state.create_filled(vid, SyncMode.BOTH, pages)
    volume = client.local_volume(vid)
    try:
        if tag is not None:
            client.tag(tag, vid, move=move_tag)
    except BaseException:
        client.delete_volume(vid)
        raise
    _log_imported(source, sqlite, pages.size, vid)
    return Imported(volume, snapshot, pages.size, sqlite)


def import_into(
    volume: Volume, path: str | os.PathLike[str], progress: Progress | None = None
) -> Imported:
    """Import the file at ``path`` into ``volume``, which must be empty, as one local commit."""
    source = _source(path)
    snapshot = volume.snapshot()
    if snapshot is not None and snapshot.page_count:
        raise InvalidInputError(
            f"volume {volume.vid} is not empty ({snapshot.page_count} pages): import into a "
            "new volume (`graft import FILE`)"
        )
    sqlite = _is_sqlite(source)
    with _readable(source, sqlite) as file, volume.writer() as writer:
        size = import_pages(writer, file, os.fstat(file.fileno()).st_size, progress)
    _log_imported(source, sqlite, size, volume.vid)
    return Imported(volume, volume.snapshot(), size, sqlite)


def _log_imported(source: Path, sqlite: bool, size: int, vid: VolumeId) -> None:
    kind = "SQLite database" if sqlite else "file"
    log.info("imported %s %s (%d bytes) into %s", kind, source, size, vid)


@contextmanager
def _readable(source: Path, sqlite: bool) -> Iterator[BinaryIO]:
    """The file to page in: a database as of one committed state, any other file as is."""
    if not sqlite:
        with open(source, "rb") as file:
            yield file
        return
    with _sqlite_errors(source), _read_locked(source) as locked:
        if locked is not None:
            yield locked
            return
    with _consistent_copy(source) as copy, open(copy, "rb") as file:
        yield file


def _source(path: str | os.PathLike[str]) -> Path:
    source = Path(path)
    if not source.is_file():
        what = "is not a regular file" if source.exists() else "does not exist"
        raise InvalidInputError(f"cannot import {source}: it {what}")
    return source


def _is_sqlite(source: Path) -> bool:
    with open(source, "rb") as file:
        return file.read(len(HEADER_MAGIC)) == HEADER_MAGIC


@contextmanager
def _sqlite_errors(source: Path) -> Iterator[None]:
    try:
        yield
    except apsw.BusyError as exc:
        raise StorageError(
            f"cannot import {source}: its writers kept it locked for "
            f"{BUSY_TIMEOUT_MS // 1000} s: {exc}"
        ) from exc
    except apsw.Error as exc:
        raise InvalidInputError(f"cannot import {source}: {exc}") from exc


@contextmanager
def _read_locked(source: Path) -> Iterator[BinaryIO | None]:
    """The database file itself, under a read transaction that keeps its writers out; None if
    it is in WAL mode (committed pages may then sit in the WAL, and checkpoints write the file
    under readers).

    The file is opened before the transaction and closed after it: closing any descriptor of a
    file drops all of the process's POSIX locks on it, SQLite's read lock included.
    """
    with open(source, "rb") as file:
        src = _connect(source)
        try:
            _check_source(src, source)
            src.execute("begin; select count(*) from sqlite_schema").fetchall()
            try:
                yield None if _header_says_wal(file) else file
            finally:
                src.execute("commit")
        finally:
            src.close()


def _header_says_wal(file: BinaryIO) -> bool:
    header = os.pread(file.fileno(), _WAL_VERSION_OFFSET + 1, 0)
    return header[_WAL_VERSION_OFFSET:] == _WAL_VERSION


def _connect(source: Path) -> apsw.Connection:
    src = apsw.Connection(str(source), flags=apsw.SQLITE_OPEN_READONLY)
    src.set_busy_timeout(BUSY_TIMEOUT_MS)
    return src


@contextmanager
def _consistent_copy(source: Path) -> Iterator[Path]:
    """A scratch copy of the database at ``source`` as of one committed state."""
    with ScratchDir("graft-import-") as scratch:
        copy = scratch / "copy.db"
        with _sqlite_errors(source):
            _backup(source, copy)
        yield copy


def _backup(source: Path, copy: Path) -> None:
    src = _connect(source)
    dst = apsw.Connection(str(copy))
    try:
        # The backup waits for the source's writers with the destination's busy handler.
        dst.set_busy_timeout(BUSY_TIMEOUT_MS)
        _check_source(src, source)
        dst.pragma("synchronous", "off")  # a scratch file: nothing to keep on a crash
        with dst.backup("main", src, "main") as backup:
            backup.step(-1)  # every page under one read lock: a consistent state
        dst.pragma("journal_mode", "delete")  # a WAL source's header says WAL
    finally:
        dst.close()
        src.close()


def _check_source(src: apsw.Connection, source: Path) -> None:
    """Refuse a source SQLite cannot read, or that a volume cannot hold."""
    src.execute("select count(*) from sqlite_schema").fetchall()  # says why it is unreadable
    page_size = src.pragma("page_size")
    if page_size != PAGE_SIZE:
        raise InvalidInputError(
            f"cannot import {source}: its page size is {page_size}, volumes hold SQLite "
            f"databases with page_size={PAGE_SIZE}: run sqlite3 on it with "
            f"'PRAGMA page_size={PAGE_SIZE}; VACUUM' first"
        )
