"""The client's RocksDB: one database, five column families, atomic batches across them.

rocksdict raises plain ``Exception`` for RocksDB errors; every write here raises this project's
``StorageFullError`` (a full disk or quota) or ``StorageError`` instead. RocksDB stops taking
writes after a failed WAL write until the database is reopened, so the message says to free
space and reopen the client. A failed WAL sync leaves writes visible in memory that may not be on
disk: from then on every read and write fails too, until the client is reopened (and RocksDB
recovers what is durable).
"""

from __future__ import annotations

import fcntl
import itertools
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
from rocksdict import (
    AccessType,
    IngestExternalFileOptions,
    Options,
    Rdict,
    ReadOptions,
    SstFileWriter,
    WriteBatch,
)

from graft_client.storage.exiting import without_gil
from graft_core.errors import (
    CorruptDataError,
    DataDirLockedError,
    GraftError,
    StorageError,
    StorageFullError,
)
from graft_core.failpoints import failpoint

__all__ = ["FULL_ADVICE", "UNUSABLE", "Batch", "LocalDB", "Provisional", "SortedLoad"]

log = logging.getLogger(__name__)

FORMAT_KEY = b"format"
FORMAT_VERSION = b"1"
_FAMILIES = ("volumes", "latest", "pages", "commits", "tags")
# The files of bulk loads, beside the database directory.
_LOAD_PREFIX, _LOAD_SUFFIX = ".load-", ".sst"
# Meta keys of provisional loads taken in and not yet confirmed (see ``Provisional``).
_PROVISIONAL = b"provisional-load/"
_PROVISIONAL_END = _PROVISIONAL[:-1] + b"0"  # "/" + 1: just past every key of the prefix
# How RocksDB's IO errors name ENOSPC and EDQUOT.
_FULL = ("No space left on device", "Disk quota exceeded")


# What a full disk's error tells the app to do (RocksDB refuses writes until it is reopened).
FULL_ADVICE = "free space, then reopen the client"
# What a failed WAL sync's error says: every read and write fails until then.
UNUSABLE = "is unusable until the client is reopened"


def _storage_error(path: Path, what: str, exc: Exception) -> StorageError:
    text = str(exc)
    if any(marker in text for marker in _FULL):
        return StorageFullError(
            f"{what} in local storage at {path} failed, the disk is full: {text}; {FULL_ADVICE}"
        )
    return StorageError(f"{what} in local storage at {path} failed: {text}")


@contextmanager
def _mapped_errors(path: Path, what: str) -> Iterator[None]:
    try:
        yield
    except GraftError:
        raise
    except Exception as exc:
        raise _storage_error(path, what, exc) from exc


# The WAL a data dir keeps at most. RocksDB deletes a log once every column family flushed
# what it holds; a family written a little per commit fills its memtable slowly and kept
# gigabytes of log alive by default (4 x the write buffers), which every attached process's
# secondary replays as it opens, and a disk on a small device fills with. Past this size
# RocksDB flushes the families that hold the oldest log.
MAX_WAL_BYTES = 64 << 20
KEPT_INFO_LOGS = 5


def _options() -> Options:
    # raw_mode on the DB and on every family: a non-raw open of a raw DB reads every key as None.
    opts = Options(raw_mode=True)
    opts.create_if_missing(True)
    opts.create_missing_column_families(True)
    opts.set_max_total_wal_size(MAX_WAL_BYTES)
    # Every open of the primary (each takeover, each try on a full disk) keeps the last info log
    # as LOG.old.*: by default a thousand of them.
    opts.set_keep_log_file_num(KEPT_INFO_LOGS)
    return opts


class Provisional(msgspec.Struct, frozen=True, array_like=True):
    """What a bulk load adds that a crash must not leave behind: keys nobody can see until a
    later batch writes ``confirm`` (a family and key; a new volume's config, say), and nobody
    would ever delete otherwise. Unless ``confirm`` exists, the next open deletes every key of
    the ``undo`` ranges (family, start, stop)."""

    confirm: tuple[str, bytes]
    undo: tuple[tuple[str, bytes, bytes], ...]


class Batch:
    """An atomic set of puts and deletes across the column families."""

    __slots__ = ("_db", "batch")

    def __init__(self, db: LocalDB) -> None:
        self._db = db
        self.batch = WriteBatch(raw_mode=True)

    def put(self, family: str, key: bytes, value: bytes) -> None:
        self.batch.put(key, value, self._db.handle(family))

    def delete(self, family: str, key: bytes) -> None:
        self.batch.delete(key, self._db.handle(family))

    def delete_range(self, family: str, start: bytes, stop: bytes) -> None:
        """Delete every key with start <= key < stop."""
        self.batch.delete_range(start, stop, self._db.handle(family))

    def settle(self, load: SortedLoad) -> None:
        """The provisional ``load`` is confirmed by this batch: forget how to undo it."""
        if load.marker is not None:
            self.batch.delete(load.marker)  # the default family: meta keys

    def __len__(self) -> int:
        return int(self.batch.len())


class SortedLoad:
    """Puts in ascending key order, gathered in an SST file beside the database."""

    __slots__ = ("count", "db_path", "marker", "path", "writer")

    def __init__(self, db_path: Path, path: Path) -> None:
        self.db_path = db_path
        self.path = path
        self.writer = SstFileWriter(options=Options(raw_mode=True))
        self.writer.open(str(path))
        self.count = 0
        self.marker: bytes | None = None  # the meta key of a provisional load taken in

    def put(self, key: bytes, value: bytes) -> None:
        try:
            self.writer[key] = value
        except Exception as exc:
            raise _storage_error(self.db_path, "a bulk load", exc) from exc
        self.count += 1


# A primary that opens recovers the last one's WAL into a new table file and MANIFEST. A
# secondary that had read part of that WAL keeps what it read in memory, where it hides the
# recovered versions until the next flush (seen: a page read as it was commits before, which a
# SQLite commit then wrote back over newer rows). So a secondary follows one primary only: a
# primary opens under an exclusive lock that a secondary's open and catch-ups take shared, and
# a secondary stops following once CURRENT names another MANIFEST than at its open.
_OPENING_LOCK_SUFFIX = "-opening.lock"


@contextmanager
def _opening(fd: int, *, exclusive: bool) -> Iterator[None]:
    fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


class LocalDB:
    """Owns the RocksDB handle; a second open of the same directory fails with a clear error."""

    def __init__(self, path: Path, secondary: Path | None = None) -> None:
        self.path = path
        # A secondary instance (another process's view of the owner's database, see
        # ``graft_client.shared``) reads what the primary wrote as of its last ``catch_up``.
        self.secondary = secondary is not None
        access = {} if secondary is None else {"access_type": AccessType.secondary(str(secondary))}
        try:
            self._opening_fd = os.open(
                path.with_name(path.name + _OPENING_LOCK_SUFFIX), os.O_RDWR | os.O_CREAT, 0o600
            )
        except OSError as exc:
            raise _storage_error(path, "opening", exc) from exc
        try:
            with _opening(self._opening_fd, exclusive=not self.secondary):
                self._db = Rdict(
                    str(path),
                    options=_options(),
                    column_families={name: Options(raw_mode=True) for name in _FAMILIES},
                    **access,
                )
                self._manifest = self._current_manifest() if self.secondary else b""
        except Exception as exc:
            os.close(self._opening_fd)
            if "lock" in str(exc).lower():
                raise DataDirLockedError(
                    f"data dir {path.parent} is in use by another graft client "
                    "(in this or another process); close that client first"
                ) from exc
            raise _storage_error(path, "opening", exc) from exc
        self._families = {name: self._db.get_column_family(name) for name in _FAMILIES}
        self._handles = {name: self._db.get_column_family_handle(name) for name in _FAMILIES}
        self._write_ids = itertools.count(1)
        self._last_write = 0
        self._writing = 0
        self._writing_guard = threading.Lock()
        # Writes that may change something (not syncs) started so far, and who hears of each
        # before it starts (``on_change``).
        self._changes = 0
        self._changing = 0  # of them, in flight
        self._on_change: Callable[[int], None] | None = None
        self._lost: str | None = None  # why what is in memory may not be durable
        self._refused: StorageError | None = None  # the failed write after which RocksDB takes none
        # Group sync (``wait_durable``): writes landed, and how many of them are on disk.
        self._sync_state = threading.Condition()
        self._landed = 0
        self._durable = 0
        self._syncing = False
        self._gathering = 0  # writers waiting for the next write to share their sync
        if not self.secondary:
            self._check_format()
            self._remove_stale_loads()
            self._undo_provisional_loads()

    def catch_up(self) -> bool:
        """A secondary instance: read what the primary has written since (about 1 ms). False,
        reading nothing, once a primary opened after this secondary did: it cannot follow
        that one (see ``_opening``), a new secondary can."""
        assert self.secondary, "only a secondary instance catches up"
        # Counted as a write: what readers cached (the snapshot records) may have changed.
        with (
            self._tracked_write("catching up with the owner", changes=False),
            _opening(self._opening_fd, exclusive=False),
        ):
            if self._current_manifest() != self._manifest:
                return False
            self._db.try_catch_up_with_primary()
        return True

    def _current_manifest(self) -> bytes:
        return (self.path / "CURRENT").read_bytes()

    def settled_mark(self) -> int | None:
        """``write_mark()`` when no write is in flight (None while one is)."""
        mark = self._last_write
        return mark if self._writing == 0 else None

    def _check_format(self) -> None:
        found = self._db.get(FORMAT_KEY)
        if found is None:
            self.put_meta(FORMAT_KEY, FORMAT_VERSION)
        elif found != FORMAT_VERSION:
            self.close()
            raise CorruptDataError(
                f"{self.path} has local format {found!r}; this version reads {FORMAT_VERSION!r}"
            )

    def _remove_stale_loads(self) -> None:
        # Left by a process killed in a bulk load; this open holds RocksDB's lock, so no load
        # of another process is under way.
        for stale in self.path.parent.glob(f"{_LOAD_PREFIX}*{_LOAD_SUFFIX}"):
            stale.unlink(missing_ok=True)

    def _undo_provisional_loads(self) -> None:
        """Delete what provisional loads added unless a later batch confirmed them (a process
        killed between a load and its confirming batch left them: see ``Provisional``)."""
        markers = list(self._scan(self._db, _PROVISIONAL, _PROVISIONAL_END))
        if not markers:
            return
        batch, undone = self.batch(), 0
        for marker, value in markers:
            load = msgspec.msgpack.decode(value, type=Provisional)
            if self.get(*load.confirm) is None:
                undone += 1
                for family, start, stop in load.undo:
                    batch.delete_range(family, start, stop)
            batch.batch.delete(marker)
        self.write(batch, sync=True)
        log.info("undid %d bulk loads cut off before they were confirmed", undone)

    def family(self, name: str) -> Any:
        return self._families[name]

    def handle(self, name: str) -> Any:
        return self._handles[name]

    def _check_usable(self) -> None:
        if self._lost is not None:
            error = StorageFullError if self.refusing_for_space else StorageError
            raise error(self._unusable(self._lost))

    def _unusable(self, lost: str) -> str:
        return f"local storage at {self.path} {UNUSABLE}: {lost}"

    @property
    def refusing(self) -> str | None:
        """Why this database takes no write until it is reopened, if it does: a write or a
        WAL sync failed."""
        if self._lost is not None:
            return self._unusable(self._lost)
        return None if self._refused is None else str(self._refused)

    @property
    def refusing_for_space(self) -> bool:
        """Whether this database refuses writes because one found the disk full: once space
        is free again, reopening it takes them again. A WAL sync that failed after it failed on
        RocksDB's stopped writer ("Writer has previous error"), not on the disk: it counts with
        it (a sync failing first leaves nothing to write, so ``_refused`` unset)."""
        return isinstance(self._refused, StorageFullError)

    def get(self, family: str, key: bytes) -> bytes | None:
        self._check_usable()
        value: bytes | None = self._families[family].get(key)
        return value

    def get_meta(self, key: bytes) -> bytes | None:
        self._check_usable()
        value: bytes | None = self._db.get(key)
        return value

    def put_meta(self, key: bytes, value: bytes) -> None:
        with self._tracked_write("a write"):
            self._db.put(key, value)
            self._flush_wal()

    def batch(self) -> Batch:
        return Batch(self)

    def write(self, batch: Batch, *, sync: bool) -> int:
        """Apply ``batch`` atomically; with ``sync`` it is on disk (WAL fsynced) on return.
        Its ticket for ``wait_durable``.

        A synced write is a plain write, then a WAL fsync: the same durability and cost as a
        write with ``WriteOptions.sync``, but rocksdict holds the GIL through that one's fsync and
        lets go of it for ``flush_wal``, so other threads (the sync runtime, readers) run meanwhile.
        """
        with self._tracked_write("a write"):
            self._db.write(batch.batch)
            with self._sync_state:
                self._landed += 1
                ticket = self._landed
                if self._gathering:
                    self._sync_state.notify_all()
        if sync:
            self.wait_durable(ticket)
        return ticket

    def wait_durable(self, ticket: int, *, gather_s: float = 0.0) -> None:
        """Return once the write with ``ticket`` is on disk. The WAL is one ordered file, so a
        fsync covers every write that landed before it began: the writers waiting meanwhile
        share the next one (one leads it, the others wait for it).

        With ``gather_s``, the write first waits up to that long for a later one to land (a
        writer known to be about to commit), so that one fsync covers both: each fsync costs
        about as much CPU here as the commit it makes durable."""
        if gather_s > 0:
            failpoint("commit.gathering")  # written, not durable, not acknowledged
            self._gather(ticket, time.monotonic() + gather_s)
        with self._sync_state:
            while self._durable < ticket:
                if self._syncing:
                    self._sync_state.wait()
                    continue
                self._syncing = True
                self._sync_state.release()
                try:
                    self.sync_wal()
                finally:
                    self._sync_state.acquire()
                    self._syncing = False
                    self._sync_state.notify_all()

    def _gather(self, ticket: int, deadline: float) -> None:
        """Wait until a write after ``ticket`` landed, a sync covered ``ticket`` or
        ``deadline`` passed."""
        with self._sync_state:
            self._gathering += 1
            try:
                while self._landed <= ticket and self._durable < ticket:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return
                    self._sync_state.wait(left)
            finally:
                self._gathering -= 1

    @contextmanager
    def sorted_load(
        self, family: str, provisional: Provisional | None = None
    ) -> Iterator[SortedLoad]:
        """A bulk load of keys put in ascending order, none of them in ``family`` yet: when the
        block ends they are added in one step, durably (the file is fsynced and moved in, not
        written through the WAL and memtable again). Nothing is added if the block raises.

        A ``provisional`` load is undone at the next open unless confirmed by then; a batch
        that confirms it also ``settle``s it."""
        load_id = uuid.uuid4().hex
        path = self.path.parent / f"{_LOAD_PREFIX}{load_id}{_LOAD_SUFFIX}"
        try:
            with _mapped_errors(self.path, "a bulk load"):
                load = SortedLoad(self.path, path)
            yield load
            if load.count and provisional is not None:
                load.marker = _PROVISIONAL + load_id.encode()
                self.put_meta(load.marker, msgspec.msgpack.encode(provisional))  # durable first
            if load.count:
                with self._tracked_write("a bulk load"):
                    load.writer.finish()
                    opts = IngestExternalFileOptions()
                    opts.set_move_files(True)
                    self._families[family].ingest_external_file([str(path)], opts)
        finally:
            path.unlink(missing_ok=True)

    def sync_wal(self) -> None:
        """Make every write so far durable (one WAL fsync), such as writes with ``sync=False``."""
        with self._tracked_write("a sync", changes=False):
            self._flush_wal()

    def _flush_wal(self) -> None:
        with self._sync_state:
            landed = self._landed
        try:
            with without_gil():
                self._db.flush_wal(True)
        except Exception as exc:
            # After a write found the disk full, RocksDB's stopped writer fails the sync: the
            # full disk is the cause to tell, not "Writer has previous error" alone.
            after = "" if self._refused is None else f", after {self._refused}"
            self._lost = f"a WAL sync failed: {exc}{after}"
            raise
        with self._sync_state:
            self._durable = max(self._durable, landed)

    @contextmanager
    def _tracked_write(self, what: str, *, changes: bool = True) -> Iterator[None]:
        """A block that writes (``changes``: it may change what readers read)."""
        with self._writing_guard:
            self._writing += 1
            self._changing += changes
        try:
            with _mapped_errors(self.path, what):
                self._check_usable()
                if changes:
                    self._count_change()
                yield
        except StorageError as exc:
            # RocksDB's own failure (mapped from its error): it takes no write after one.
            if exc.__cause__ is not None and not self.secondary and self._refused is None:
                self._refused = exc
            raise
        finally:
            # An id never used before (next() is atomic), set once the write has landed.
            self._last_write = next(self._write_ids)
            with self._writing_guard:
                self._writing -= 1
                self._changing -= changes

    def _count_change(self) -> None:
        with self._writing_guard:
            self._changes += 1
            if self._on_change is not None:
                self._on_change(self._changes)

    def on_change(self, told: Callable[[int], None]) -> None:
        """Call ``told(n)`` as the ``n``-th write that may change something starts, before it
        does (a write in flight meanwhile waits); if it raises, the write fails with it."""
        with self._writing_guard:
            self._on_change = told

    def changes_settled(self) -> int | None:
        """How many writes that may change something started so far, when none is in flight
        (None while one is): the same count later means nothing changed since."""
        with self._writing_guard:
            return self._changes if self._changing == 0 else None

    def write_mark(self) -> int:
        """A mark to take before reading something to cache; see ``unchanged_since``."""
        return self._last_write

    def unchanged_since(self, mark: int) -> bool:
        """Whether nothing was written since ``write_mark()`` returned ``mark``.

        A write counts from its start: between landing and its new mark it is still in flight,
        and a reader that already saw its effects elsewhere must not be told nothing changed.
        """
        return self._writing == 0 and self._last_write == mark

    def iterator(self, family: str, upper_bound: bytes | None = None) -> Any:
        """A raw iterator; position it with ``seek``/``seek_for_prev``.

        Only the upper bound is set through ReadOptions: rocksdict's lower-bound setter sets the
        upper bound instead, so callers seek to their start key.
        """
        self._check_usable()
        opts = ReadOptions()
        if upper_bound is not None:
            opts.set_iterate_upper_bound(upper_bound)
        return self._families[family].iter(opts)

    def scan(self, family: str, start: bytes, stop: bytes) -> Iterator[tuple[bytes, bytes]]:
        """Key/value pairs with start <= key < stop."""
        self._check_usable()
        yield from self._scan(self._families[family], start, stop)

    @staticmethod
    def _scan(family: Any, start: bytes, stop: bytes) -> Iterator[tuple[bytes, bytes]]:
        opts = ReadOptions()
        opts.set_iterate_upper_bound(stop)
        it = family.iter(opts)
        try:
            it.seek(start)
            while it.valid():
                yield it.key(), it.value()
                it.next()
        finally:
            del it

    def compact(self) -> None:
        """Ask RocksDB to rewrite its files so deleted versions release disk space."""
        with _mapped_errors(self.path, "a compaction"):
            for fam in self._families.values():
                fam.compact_range(None, None)

    def close(self) -> None:
        # Views must be dropped before close() or RocksDB keeps the LOCK file held.
        self._families.clear()
        self._handles.clear()
        try:
            with _mapped_errors(self.path, "closing"):
                self._db.close()
        except StorageError as exc:
            refused = self._refused
            if refused is None or str(refused) in str(exc):
                raise
            # RocksDB's own words ("Writer has previous error") name no cause: say it again.
            raise type(refused)(f"{exc}, after this earlier failure: {refused}") from exc
        finally:
            fd, self._opening_fd = self._opening_fd, -1
            if fd >= 0:
                os.close(fd)
        log.debug("closed local storage at %s", self.path)
