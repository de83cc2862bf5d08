"""The writer slot of one volume, shared by every open file of it in this process.

Readers read pinned snapshots, so SHARED never blocks and never waits: only writers exclude
each other. RESERVED, PENDING and EXCLUSIVE are held by at most one file at a time, and the
holder escalates from RESERVED to EXCLUSIVE without waiting for readers (they keep their
snapshots). Each file tracks its own level; this slot is the state they share. Other processes
cannot open the data directory (RocksDB's lock), so process-local state is the whole truth.
"""

from __future__ import annotations

import threading

import apsw

from graft_client.sqlite.errors import with_reason

__all__ = ["WriterSlot"]


class WriterSlot:
    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._holder: int | None = None  # id of the file holding RESERVED or above

    def acquire(self, owner: int) -> None:
        """Take the slot for ``owner``; SQLITE_BUSY if another file holds it."""
        with self._mutex:
            if self._holder not in (None, owner):
                raise with_reason(apsw.SQLITE_BUSY, "another connection is writing")
            self._holder = owner

    def release(self, owner: int) -> None:
        with self._mutex:
            if self._holder == owner:
                self._holder = None

    def taken(self) -> bool:
        """Whether any file holds RESERVED or above (SQLite's hot-journal check)."""
        with self._mutex:
            return self._holder is not None
