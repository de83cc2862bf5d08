"""The main database file of a SQLite connection: a volume, with transactions as snapshots.

A read transaction (SQLite's SHARED lock) reads one pinned snapshot. A write transaction
(RESERVED and above) stages pages in a ``VolumeWriter`` on that same snapshot and commits them as
one local LSN when SQLite syncs the file (``SQLITE_FCNTL_SYNC``, sent even with
``synchronous=OFF``, then ``xSync``). Dropping the lock without a sync is a rollback: the staged
pages are discarded, so nothing of an unfinished transaction ever reaches the volume. So is a
sync that leaves page 1 as the transaction read it (every commit raises its change counter):
SQLite syncs a rollback that copied back what the transaction had spilled into the file.

The sync is the last moment a commit can still fail into a rollback, but not the last file
operation of a transaction: SQLite cuts a database that shrank (VACUUM, auto_vacuum) only after
it, once its journal is finalized. The commit therefore takes the page count SQLite recorded in
page 1 (the size it trusts over the file's), so the cut pages never reach a commit. Any other
change after the sync, within the same lock, is committed when the lock drops, never discarded.

SQLite keeps its page cache across transactions only while the file change counter in the
header is unchanged. Page 1 is served with that counter (and its ``version-valid-for`` twin)
set to the snapshot's local LSN, so any other commit, pull or reset invalidates the cache, and
the counter SQLite writes itself (old + 1) equals the LSN its own commit gets. The volume
therefore need not store the counters: a commit whose page 1 changed nothing else (an insert
into an existing leaf, the common small transaction) leaves page 1 out, and stores, pushes and
sends to other processes one page, not two.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import apsw

from graft_client.reader import VolumeReader
from graft_client.sqlite import errors
from graft_client.sqlite.locks import WriterSlot
from graft_core.errors import ConcurrentWriteError, StorageError, StorageFullError
from graft_core.interrupts import hold_interrupts, interrupts_held, release_interrupts
from graft_core.types import PAGE_SIZE, RemoteMapping, Snapshot

if TYPE_CHECKING:
    from graft_client.volume import Volume
    from graft_client.writer import VolumeWriter

__all__ = ["PragmaHandler", "VolumeFile"]

HEADER_MAGIC = b"SQLite format 3\x00"
CHANGE_COUNTER = slice(24, 28)
DATABASE_SIZE = slice(28, 32)
VERSION_VALID_FOR = slice(92, 96)
# The file format write/read version bytes: 2 means WAL.
FILE_FORMAT = slice(18, 20)
WAL_VERSION = 2

log = logging.getLogger(__name__)

PragmaHandler = Callable[["VolumeFile", apsw.VFSFcntlPragma], bool]


def _stamp_header(page: bytes, lsn: int) -> bytes:
    if not page.startswith(HEADER_MAGIC):
        return page
    counter = (lsn & 0xFFFFFFFF).to_bytes(4, "big")
    stamped = bytearray(page)
    stamped[CHANGE_COUNTER] = counter
    stamped[VERSION_VALID_FOR] = counter
    return bytes(stamped)


def _lsn(snapshot: Snapshot | None) -> int:
    return 0 if snapshot is None else snapshot.lsn


def _only_stamp_differs(page: bytes, stamped: bytes) -> bool:
    """Whether SQLite's page 1 ``page`` holds nothing that ``stamped`` (page 1 of the snapshot
    it wrote on, as served) does not, but the counters that reads stamp anyway."""
    return (
        page[: CHANGE_COUNTER.start] == stamped[: CHANGE_COUNTER.start]
        and page[CHANGE_COUNTER.stop : VERSION_VALID_FOR.start]
        == stamped[CHANGE_COUNTER.stop : VERSION_VALID_FOR.start]
        and page[VERSION_VALID_FOR.stop :] == stamped[VERSION_VALID_FOR.stop :]
    )


def _header_page_count(page: bytes) -> int | None:
    """The page count in an SQLite header, or None where SQLite would not trust it either.

    SQLite uses this field (not the file size) while ``version-valid-for`` equals the change
    counter; it rewrites all three in page 1 at every commit.
    """
    if not page.startswith(HEADER_MAGIC) or page[CHANGE_COUNTER] != page[VERSION_VALID_FOR]:
        return None
    return int.from_bytes(page[DATABASE_SIZE], "big") or None


def _page_size_error(what: str) -> Exception:
    return apsw.IOError(
        f"graft volumes hold SQLite databases with page_size={PAGE_SIZE} only ({what}); "
        f"run 'PRAGMA page_size={PAGE_SIZE}' before creating tables"
    )


class VolumeFile(apsw.VFSFile):
    """One connection's handle on a volume (``apsw.VFSFile.__init__`` is not called: no base)."""

    def __init__(self, volume: Volume, slot: WriterSlot, pragmas: PragmaHandler) -> None:
        self.volume = volume
        self._slot = slot
        self._level = apsw.SQLITE_LOCK_NONE
        # Whether this file holds the writer slot: from RESERVED until its commit hands the slot
        # over (the next writer goes on while the commit is made durable) or the lock drops.
        self._holding = False
        # Whether this file's last transaction wrote (or tried to), and whether this one did:
        # a file that writes takes the slot ahead, as its transaction begins.
        self._writes = False
        self._wrote = False
        self._pragmas = pragmas
        self._reader: VolumeReader | None = None
        self._writer: VolumeWriter | None = None
        # Why this write transaction can no longer commit; it must be rolled back.
        self._doomed: str | None = None
        # Whether this write transaction committed: later changes under its lock are its tail.
        self._committed = False
        # Whether SIGINT waits for this write transaction to end (see ``_commit``).
        self._interrupts_held = False
        # Whether SQLite's cache must go at the next transaction (see ``_failed_commit``).
        self._reload = False
        # The reader of the last transaction, kept while the volume does not move (and once it
        # moved, until the transaction that found so ends): most read transactions then cost
        # one snapshot lookup. It pins at most that one snapshot.
        self._idle: VolumeReader | None = None
        self._page1: tuple[int, bytes] | None = None
        # SQLite reports BUSY with its own text; the reason is kept here (pragma graft_status).
        self.last_busy: str | None = None

    @property
    def snapshot(self) -> Snapshot | None:
        """The snapshot this connection reads now: its transaction's, or the volume's latest.

        Its remote LSN is what the volume knows now, not when the transaction (or the idle
        reader it reuses) began: a push maps snapshots that were read before it.
        """
        if self._writer is not None:
            read = self._writer.base
        elif self._reader is not None:
            read = self._reader.snapshot
        else:
            return self.volume.snapshot()
        return None if read is None else replace(read, remote=self._remote_of(read))

    def _remote_of(self, read: Snapshot) -> RemoteMapping | None:
        """The newest remote LSN that ``read`` holds: mapped at or below its local LSN."""
        latest = self.volume.snapshot()
        if latest is not None and latest.remote is not None and latest.remote.local_lsn <= read.lsn:
            return latest.remote  # local LSNs form one line: the volume has not synced past it
        known = read.remote
        # Commits that a push, pull or reset made equal to a remote LSN record it.
        start = 1 if known is None else known.local_lsn + 1
        for commit in self.volume.log(start, limit=max(0, read.lsn - start + 1)):
            if commit.remote_lsn is not None and commit.lsn <= read.lsn:
                known = RemoteMapping(commit.remote_lsn, commit.lsn)
        return known

    @property
    def in_write(self) -> bool:
        return self._writer is not None

    def _page_count(self) -> int:
        view = self._writer or self._reader
        if view is not None:
            return view.page_count
        latest = self.volume.snapshot()
        return 0 if latest is None else latest.page_count

    def _page(self, pageidx: int) -> bytes:
        if self._writer is not None:
            page, lsn = self._writer.read(pageidx), self._writer.base
        elif self._reader is not None:
            if pageidx == 1:
                return self._header(self._reader)
            page, lsn = self._reader.read(pageidx), self._reader.snapshot
        else:
            # SQLite reads the header once before it takes any lock, when it opens the file.
            with self.volume.reader() as reader:
                page, lsn = reader.read(pageidx), reader.snapshot
        if pageidx == 1:
            return _stamp_header(page, _lsn(lsn))
        return page

    def _header(self, reader: VolumeReader) -> bytes:
        """Page 1 of a read snapshot: SQLite reads its change counter at every transaction."""
        lsn = _lsn(reader.snapshot)
        if self._page1 is None or self._page1[0] != lsn:
            self._page1 = (lsn, _stamp_header(reader.read(1), lsn))
        return self._page1[1]

    # --- I/O -------------------------------------------------------------------------------

    def xRead(self, amount: int, offset: int) -> bytes:
        index, within = divmod(offset, PAGE_SIZE)
        reader = self._reader
        if (
            reader is not None
            and self._writer is None
            and index < reader.page_count
            and within + amount <= PAGE_SIZE
        ):
            # The hot path, kept flat: (part of) one page in a read transaction. SQLite probes
            # the header's change counter at the start of every transaction.
            page = reader.read(index + 1) if index else self._header(reader)
            return page if amount == PAGE_SIZE else page[within : within + amount]
        return self._read_span(amount, offset)

    def _read_span(self, amount: int, offset: int) -> bytes:
        """Any read: in a write transaction, across pages or past the end."""
        size = self._page_count() * PAGE_SIZE
        chunks: list[bytes] = []
        pos, end = offset, min(offset + amount, size)
        while pos < end:  # a short result past the end is a short read
            index, within = divmod(pos, PAGE_SIZE)
            take = min(PAGE_SIZE - within, end - pos)
            chunks.append(self._page(index + 1)[within : within + take])
            pos += take
        return b"".join(chunks)

    def xWrite(self, data: bytes, offset: int) -> None:
        if offset % PAGE_SIZE or len(data) % PAGE_SIZE:
            raise _page_size_error(f"a write of {len(data)} bytes at offset {offset}")
        first = offset // PAGE_SIZE + 1
        if first == 1 and WAL_VERSION in data[FILE_FORMAT]:
            # Reached only through a database this volume is attached to (the pragma guard
            # refuses WAL on the volume's own connection): its commits would stay in a -wal
            # file outside the volume, and a volume whose header says WAL no longer opens.
            raise errors.with_reason(
                apsw.SQLITE_IOERR,
                f"graft volume {self.volume.vid} cannot use journal_mode=WAL; use a rollback "
                "journal (memory, delete, truncate or persist)",
            )
        writer = self._open_writer()
        view = memoryview(data)
        for n in range(len(data) // PAGE_SIZE):
            writer.write(first + n, view[n * PAGE_SIZE : (n + 1) * PAGE_SIZE])

    def xTruncate(self, newsize: int) -> None:
        if newsize % PAGE_SIZE:
            raise _page_size_error(f"a truncate to {newsize} bytes")
        if self._writer is None and self._committed and newsize == self.xFileSize():
            return  # SQLite cuts a shrunk file after its commit, which cut it already
        self._open_writer().truncate(newsize // PAGE_SIZE)

    def xFileSize(self) -> int:
        return self._page_count() * PAGE_SIZE

    def xSync(self, flags: int) -> None:
        self._commit()

    def xFileControl(self, op: int, ptr: int) -> bool:
        if op == apsw.SQLITE_FCNTL_SYNC:
            self._commit()
            return True
        if op == apsw.SQLITE_FCNTL_PRAGMA:
            return self._pragmas(self, apsw.VFSFcntlPragma(ptr))
        return False

    def xSectorSize(self) -> int:
        return PAGE_SIZE

    def xDeviceCharacteristics(self) -> int:
        return 0

    # --- transactions ----------------------------------------------------------------------

    def _busy(self, reason: str, code: int = apsw.SQLITE_BUSY) -> Exception:
        self.last_busy = reason
        log.info("SQLite on %s: busy: %s", self.volume.vid, reason)
        return errors.with_reason(code, reason)

    def _open_writer(self) -> VolumeWriter:
        if self._writer is None:
            # Changes after a commit inside one exclusive lock: a new writer on top of it. After
            # a failed commit they are SQLite's rollback restoring pages: staged, never committed.
            if self._doomed:
                self._writer = self.volume.writer()
            elif self._holding:
                self._writer = self._begin_write(self.volume.latest_lsn())
            else:  # its commit handed the slot over: take it again
                self._writer = self._begin_write(self._hold())
        return self._writer

    def _hold(self) -> int:
        latest = self._slot.acquire(id(self))
        self._holding = True
        return latest

    def _begin_write(self, latest: int) -> VolumeWriter:
        """A writer on this transaction's snapshot, if the volume's ``latest`` LSN is still
        its own (as the writer slot said when it was taken, or as asked since)."""
        assert self._reader is not None, "SQLite writes only under a SHARED lock or above"
        read_at = _lsn(self._reader.snapshot)
        if latest != read_at:
            raise self._busy(
                f"volume {self.volume.vid} moved from LSN {read_at} to {latest} since this "
                "transaction began reading; end the transaction and retry it on the new "
                "snapshot",
                apsw.SQLITE_BUSY_SNAPSHOT,
            )
        # Through the transaction's reader, which stays open until the writer ends: the
        # snapshot is pinned once per transaction. A commit landing meanwhile makes its commit
        # fail as a writer on the latest would.
        return self.volume.writer_on(self._reader)

    def _commit(self) -> None:
        if self._doomed is not None:
            return  # the rollback of a failed commit syncs the pages it restored: nothing to do
        writer = self._writer
        if writer is None:
            return
        self._writer = None
        # A Ctrl-C from here on comes when the transaction ends (``xUnlock``, in the same SQLite
        # call when the commit succeeds): SQLite must not roll back a commit that landed.
        self._interrupts_held = self._interrupts_held or hold_interrupts()
        try:
            self._settle(writer)
        except BaseException as exc:
            self._failed_commit(exc)
            self._let_interrupts_in()  # failed: SQLite rolls back, as it would on Ctrl-C
            raise

    def _failed_commit(self, exc: BaseException) -> None:
        """SQLite is told its commit failed, and rolls back. The commit may have landed all
        the same (a second Ctrl-C, the owner process gone mid-call, a WAL sync failing after
        the write): whatever SQLite's rollback does, its cache must not outlive the
        transaction, or its next commit writes pages older than the volume's. The change
        counter SQLite wrote equals the LSN its commit got (see the module): the header the
        next transaction probes gets a counter SQLite cannot hold, so it reloads."""
        if self._doomed is None:
            self._doomed = (
                f"this write transaction's commit failed ({type(exc).__name__}: {exc}) and "
                f"may have landed on volume {self.volume.vid} all the same; it was rolled "
                "back: read what it changed before retrying it"
            )
        self._reload = True

    def _settle(self, writer: VolumeWriter) -> None:
        """Commit ``writer`` at SQLite's sync, or say why it cannot be."""
        if self._slot.lost(id(self)):
            writer.discard()
            raise self._slot_lost()
        if not self._committed and self._ends_rollback(writer):
            # Nothing of it may reach the volume, which still holds what the transaction read
            # (a native file keeps spilled bytes in free pages; free pages carry no data).
            writer.discard()
            return
        try:
            self._commit_writer(writer)
        except ConcurrentWriteError as exc:
            if self._slot.lost(id(self)):  # found out as the commit's owner went away
                raise self._slot_lost() from exc
            # BUSY_SNAPSHOT (unlike plain BUSY, which keeps a COMMIT open for a retry that could
            # never succeed) makes SQLite roll the transaction back at once.
            self._doomed = (
                f"this write transaction cannot commit: {exc} (a pull or reset landed while it "
                "ran, or another writer as the data dir changed owner); it was rolled back: "
                "retry it"
            )
            raise self._busy(self._doomed, apsw.SQLITE_BUSY_SNAPSHOT) from exc
        except StorageError as exc:
            # As a native file's full disk: SQLite rolls the transaction back and says why.
            self._doomed = f"this write transaction could not be stored: {exc}"
            code = apsw.SQLITE_FULL if isinstance(exc, StorageFullError) else apsw.SQLITE_IOERR
            raise errors.with_reason(code, self._doomed) from exc
        self._committed = True

    def _slot_lost(self) -> Exception:
        self._doomed = (
            f"this write transaction cannot commit: the owner of the data dir changed while it "
            f"ran and another connection took volume {self.volume.vid}'s writer slot meanwhile; "
            "it was rolled back: retry it"
        )
        return self._busy(self._doomed, apsw.SQLITE_BUSY_SNAPSHOT)

    def _commit_writer(self, writer: VolumeWriter) -> None:
        """Commit ``writer`` at the size SQLite recorded; this transaction then reads the result."""
        base = writer.base
        page1 = writer.read(1)
        recorded = _header_page_count(page1)
        if recorded is not None and recorded < writer.page_count:
            writer.truncate(recorded)  # what SQLite's xTruncate after the sync will ask for
        reader = self._reader
        assert reader is not None, "a writer reads through the transaction's reader"
        if _only_stamp_differs(page1, self._header(reader)):
            writer.unstage(1)
        staged = writer.staged()
        # The transaction reads its commit as its writer did: the pages it wrote from memory
        # over its reader, no new pin (a round trip from an attached process, and a view) per
        # commit, unless it wrote many pages or its reader's pin is many commits old.
        layer = reader.layers(staged)
        with self._slot.handing_over(id(self)) as over:
            committed = writer.commit(reread=not layer)
        if over.done:
            self._holding = False
        if committed is not None and committed != base:
            if layer:
                self._reader = reader.layered_over(committed, staged)
            else:
                # Opened before the base's reader closes: an attached process then reads its
                # commit with the pin the commit took for it (see ``shared.state``).
                self._reader = self.volume.reader(committed.lsn)
                reader.close()
            # What the next transaction reads first, while the volume does not move.
            self._page1 = (committed.lsn, _stamp_header(page1, committed.lsn))

    def _ends_rollback(self, writer: VolumeWriter) -> bool:
        """Whether this sync ends a rollback: SQLite syncs the pages it copied back when the
        transaction had spilled into the file. A commit always writes page 1 with the change
        counter raised (in the normal locking mode, the only one allowed); a rollback leaves
        page 1 as the transaction read it.
        """
        reader = self._reader
        assert reader is not None and _lsn(reader.snapshot) == _lsn(writer.base)
        return writer.read(1) == self._header(reader)

    def xLock(self, level: int) -> None:
        with interrupts_held():  # what it takes (a pin, the writer lease) is known to be held
            self._lock(level)

    def _lock(self, level: int) -> None:
        if self._reader is None:
            if self._writes and not self._holding:
                # Before the snapshot, so that it is the one this transaction will write on.
                with self._slot.taking_ahead(id(self)) as ahead:
                    try:
                        # Unless taken already (the owner's), the pin takes the lease.
                        self._reader = self._snapshot_reader(reuse=ahead.done)
                    finally:
                        self._holding = ahead.done
                if self._reader is None:
                    self._release()
            else:
                self._reader = self._snapshot_reader(reuse=True)
            if self._reload and self._reader is not None:
                self._reload = False
                lsn = _lsn(self._reader.snapshot)
                self._page1 = (lsn, _stamp_header(self._reader.read(1), lsn ^ 0xFFFFFFFF))
        if self._level < apsw.SQLITE_LOCK_RESERVED <= level:
            try:
                latest = self._hold()
            except apsw.BusyError:
                # SQLite's busy handler retries. Each try would wait at the owner for the lease
                # too (a file that wrote last does), which the handler does not count: a
                # busy_timeout of 300 ms gave up after 0.95 s. Retries poll, as on a native file.
                self._wrote = False
                raise
            self._wrote = True
            try:
                self._writer = self._begin_write(latest)
            except BaseException:
                self._release()
                raise
        self._level = level

    def _release(self) -> None:
        if self._holding:
            self._holding = False
            self._slot.release(id(self))

    def _let_interrupts_in(self) -> None:
        if self._interrupts_held:
            self._interrupts_held = False
            release_interrupts()

    def xUnlock(self, level: int) -> None:
        try:
            with interrupts_held():  # what it releases is known to be released
                self._unlock(level)
        finally:
            if level < apsw.SQLITE_LOCK_RESERVED:
                self._let_interrupts_in()  # last: the transaction ended whatever it raises

    def _unlock(self, level: int) -> None:
        if level < apsw.SQLITE_LOCK_RESERVED <= self._level:
            try:
                self._end_write()
            finally:
                self._writer, self._doomed, self._committed = None, None, False
                self._release()
        if level == apsw.SQLITE_LOCK_NONE:
            self._release()  # taken ahead for a transaction that only read
            self._writes, self._wrote = self._wrote, False
        if level == apsw.SQLITE_LOCK_NONE and self._reader is not None:
            self._reader.pause()
            if self._idle is not None:
                self._idle.close()  # the volume moved past it
            self._idle, self._reader = self._reader, None
        self._level = level

    def _end_write(self) -> None:
        """Settle a write transaction as its lock drops: commit its tail or roll it back."""
        writer = self._writer
        if writer is None:
            return
        if not self._committed or self._doomed is not None:
            writer.discard()  # no (successful) sync came: SQLite rolled the transaction back
            return
        try:
            self._commit_writer(writer)  # changed after its sync: SQLite counts that committed
        except BaseException as exc:
            self._reload = True  # SQLite's cache holds what the volume may lack
            if not isinstance(exc, ConcurrentWriteError):
                raise
            reason = (
                f"the end of a committed transaction on volume {self.volume.vid} (what SQLite "
                f"changed after its sync) could not be committed: {exc}"
            )
            log.error("SQLite on %s: %s", self.volume.vid, reason)
            raise apsw.IOError(reason) from exc

    def _snapshot_reader(self, *, reuse: bool) -> VolumeReader:
        """A reader on the latest snapshot: with ``reuse``, the idle one if the volume has not
        moved since, as far as this process tells without a round trip (pinning the latest
        snapshot is one, from an attached process). An idle reader that the volume left behind
        stays idle until the transaction ends: its release (a message to the owner, from an
        attached process) is then past the commit, off the path that other writers wait
        behind."""
        idle = self._idle
        volume = self.volume
        if reuse and idle is not None and volume.still_latest(_lsn(idle.snapshot)):
            self._idle = None
            return idle
        reader = volume.reader()
        if idle is not None and _lsn(idle.snapshot) == _lsn(reader.snapshot):
            self._idle = None
            reader.close()  # the idle one keeps what it read ahead
            return idle
        return reader

    def xCheckReservedLock(self) -> bool:
        return self._slot.taken()

    def xClose(self) -> None:
        self.xUnlock(apsw.SQLITE_LOCK_NONE)
        if self._idle is not None:
            self._idle.close()
            self._idle = None
