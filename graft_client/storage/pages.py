"""Where page versions live and how a reader finds the one visible at its snapshot.

The newest version of each page sits in the ``latest`` family under ``{vid}{pageidx}``, its value
the version's LSN (8 bytes, big-endian) followed by the slot. Older versions sit in ``pages`` under
``{vid}{pageidx}{lsn}``. A read at snapshot S is then one point get when the newest version is at
or below S (the common case: readers at or near the head), and a seek for the newest older key
with lsn <= S otherwise. Measured on this machine, a RocksDB seek costs about 7x an exact get, so
a seek-only layout cannot come near the speed of a raw get; ascending reads (table scans) do
better still by stepping one iterator over ``latest`` (``PageCursor``). Each version is stored
exactly once: a commit moves the previous newest version into ``pages`` in the same atomic batch.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.keys import (
    PAGE_PREFIX_SIZE,
    page_key,
    page_key_parts,
    page_prefix,
    page_prefixes,
)
from graft_client.storage.records import EMPTY_MARKER, PENDING_MARKER
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, MAX_LSN, MAX_PAGEIDX

__all__ = [
    "PageCursor",
    "latest_pages",
    "latest_versions",
    "pack_latest",
    "page_versions",
    "put_page",
    "unpack_latest",
]

_LSN_SIZE = 8
_read_lsn = struct.Struct(">Q").unpack_from
_PENDING_VALUE_SIZE = _LSN_SIZE + len(PENDING_MARKER)


def pack_latest(lsn: int, slot: bytes) -> bytes:
    return lsn.to_bytes(_LSN_SIZE, "big") + slot


def unpack_latest(value: bytes) -> tuple[int, bytes]:
    return int.from_bytes(value[:_LSN_SIZE], "big"), value[_LSN_SIZE:]


def put_page(batch: Batch, db: LocalDB, vid: VolumeId, pageidx: int, lsn: int, slot: bytes) -> None:
    """Stage ``slot`` as the newest version of the page at ``lsn``; all zeros is stored EMPTY.

    The caller holds the volume's commit lock, so the newest version read here is the one the
    batch replaces.
    """
    prefix = page_prefix(vid, pageidx)
    previous = db.get("latest", prefix)
    if previous is not None:
        old_lsn, old_slot = unpack_latest(previous)
        assert old_lsn < lsn, "page versions must be written in LSN order"
        batch.put("pages", page_key(vid, pageidx, old_lsn), old_slot)
    batch.put("latest", prefix, pack_latest(lsn, EMPTY_MARKER if slot == EMPTY_PAGE else slot))


# A read at most this many pages after the previous one continues a sequential run: SQLite's
# table scans step over a page now and then (index and interior pages sit between the leaves).
_RUN_GAP = 4
# Ascending reads in a row before a run starts: making the iterator costs more than a get, and
# the few reads of a point lookup are often close together by chance.
_RUN_START = 2


class PageCursor:
    """Point lookups of the slot visible at a snapshot. Not thread-safe: one per reader.

    Ascending reads (a table scan) step one iterator over ``latest`` instead of paying a point
    get per page: measured here, a step costs about a quarter of a get. The iterator sees the
    family as it was when made. That is exact for every snapshot that existed then (later
    commits only add newer versions) except for PENDING markers whose pages were fetched since:
    a PENDING seen through the iterator is read again with a point get.
    """

    __slots__ = (
        "_db",
        "_last",
        "_latest",
        "_prefix",
        "_run",
        "_run_at",
        "_stop",
        "_streak",
        "_vid",
    )

    def __init__(self, db: LocalDB, vid: VolumeId) -> None:
        self._db = db
        self._vid = vid
        self._latest: Any = db.family("latest")
        self._prefix = page_prefixes(vid)
        self._stop = _scan_stop(vid, MAX_PAGEIDX)
        self._last = 0  # the page of the previous lookup
        self._streak = 0  # ascending lookups in a row before it
        self._run: Any = None  # iterator over ``latest``, on the first key after page _run_at
        self._run_at = 0

    def lookup(self, pageidx: int, lsn: int) -> bytes | None:
        """The slot of the newest version of ``pageidx`` with version lsn <= ``lsn``.

        ``lsn`` is a snapshot that existed when the cursor was made.
        """
        if self._run is not None and 0 < pageidx - self._run_at <= _RUN_GAP:
            value = self._step(pageidx)
        else:
            ascending = 0 < pageidx - self._last <= _RUN_GAP
            self._streak = self._streak + 1 if ascending else 0
            if self._streak >= _RUN_START:
                value = self._start_run(pageidx)
            else:
                value = self._latest.get(self._prefix(pageidx))
        self._last = pageidx
        if value is None:
            return None
        if _read_lsn(value)[0] <= lsn:
            return value[_LSN_SIZE:]
        return self._older(pageidx, lsn)

    def _start_run(self, pageidx: int) -> bytes | None:
        self._run = self._db.iterator("latest", upper_bound=self._stop)
        self._run.seek(self._prefix(pageidx))
        self._run_at = pageidx - 1
        return self._step(pageidx)

    def _step(self, pageidx: int) -> bytes | None:
        # key() is None past the end; next() there would crash rocksdict: only called on a key.
        run, prefix = self._run, self._prefix(pageidx)
        self._run_at = pageidx
        key: bytes | None = run.key()
        while key is not None and key < prefix:
            run.next()
            key = run.key()
        if key != prefix:
            return None
        value: bytes = run.value()
        run.next()
        if len(value) == _PENDING_VALUE_SIZE and value[_LSN_SIZE:] == PENDING_MARKER:
            self.end_run()  # the page may have been fetched since the iterator was made
            fresh: bytes | None = self._latest.get(prefix)
            return fresh
        return value

    def end_run(self) -> None:
        """Drop the read-ahead iterator (it pins RocksDB's files while it lives)."""
        self._run = None

    def _older(self, pageidx: int, lsn: int) -> bytes | None:
        found = self._older_version(pageidx, lsn)
        return None if found is None else found[1]

    def _older_version(self, pageidx: int, lsn: int) -> tuple[int, bytes] | None:
        # A fresh iterator: the version this snapshot sees moved to ``pages`` when a newer one
        # was committed, possibly after this cursor was made. The reader's pin keeps it there.
        it = self._db.iterator("pages")
        try:
            it.seek_for_prev(page_key(self._vid, pageidx, lsn))
            if not it.valid() or it.key()[:PAGE_PREFIX_SIZE] != self._prefix(pageidx):
                return None
            value: bytes = it.value()
            return page_key_parts(it.key())[2], value
        finally:
            del it

    def version(self, pageidx: int, lsn: int) -> tuple[int, bytes] | None:
        """(version lsn, slot) of the version visible at ``lsn``: the slow path of ``lookup``."""
        value: bytes | None = self._latest.get(self._prefix(pageidx))
        if value is None:
            return None
        latest_lsn, slot = unpack_latest(value)
        if latest_lsn <= lsn:
            return latest_lsn, slot
        return self._older_version(pageidx, lsn)

    @property
    def db(self) -> LocalDB:
        return self._db

    def close(self) -> None:
        self.end_run()
        self._latest = None


def _scan_stop(vid: VolumeId, last: int) -> bytes:
    return page_key(vid, last, MAX_LSN) + b"\x00"


def latest_versions(
    db: LocalDB, vid: VolumeId, first: int, last: int
) -> Iterator[tuple[int, int, bytes]]:
    """(pageidx, lsn, slot) of the newest version of each stored page in first..last."""
    for key, value in db.scan("latest", page_prefix(vid, first), _scan_stop(vid, last)):
        lsn, slot = unpack_latest(value)
        yield page_key_parts(key + bytes(_LSN_SIZE))[1], lsn, slot


def latest_pages(db: LocalDB, vid: VolumeId, first: int, last: int) -> Iterator[tuple[int, bytes]]:
    """(pageidx, slot) of the newest version of each stored page in first..last."""
    for pageidx, _, slot in latest_versions(db, vid, first, last):
        yield pageidx, slot


def page_versions(db: LocalDB, vid: VolumeId, first: int, last: int) -> Iterator[tuple[int, int]]:
    """(pageidx, lsn) of every stored version of pages first..last, in key order."""
    versions = [
        page_key_parts(key)[1:]
        for key, _ in db.scan("pages", page_key(vid, first, 0), _scan_stop(vid, last))
    ]
    for key, value in db.scan("latest", page_prefix(vid, first), _scan_stop(vid, last)):
        versions.append((page_key_parts(key + bytes(_LSN_SIZE))[1], unpack_latest(value)[0]))
    yield from sorted(versions)
