"""Where page versions live and how a reader finds the one visible at its snapshot.

The newest version of each page sits in the ``latest`` family under ``{vid}{pageidx}``, its value
the version's LSN (8 bytes, big-endian) followed by the slot. Older versions sit in ``pages`` under
``{vid}{pageidx}{lsn}``. A read at snapshot S is then one point get when the newest version is at
or below S (the common case: readers at or near the head), and a seek for the newest older key
with lsn <= S otherwise. Measured on this machine, a RocksDB seek costs about 7x an exact get, so
a seek-only layout cannot come near the speed of a raw get. Each version is stored exactly once:
a commit moves the previous newest version into ``pages`` in the same atomic batch.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from graft_client.storage.db import Batch, LocalDB
from graft_client.storage.keys import (
    PAGE_PREFIX_SIZE,
    page_key,
    page_key_parts,
    page_prefix,
)
from graft_client.storage.records import EMPTY_MARKER
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, MAX_LSN

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


class PageCursor:
    """Point lookups of the slot visible at a snapshot. Not thread-safe: one per reader."""

    __slots__ = ("_db", "_latest", "_vid")

    def __init__(self, db: LocalDB, vid: VolumeId) -> None:
        self._db = db
        self._vid = vid
        self._latest: Any = db.family("latest")

    def lookup(self, pageidx: int, lsn: int) -> bytes | None:
        """The slot of the newest version of ``pageidx`` with version lsn <= ``lsn``."""
        prefix = page_prefix(self._vid, pageidx)
        value: bytes | None = self._latest.get(prefix)
        if value is None:
            return None
        if int.from_bytes(value[:_LSN_SIZE], "big") <= lsn:
            return value[_LSN_SIZE:]
        return self._older(prefix, pageidx, lsn)

    def _older(self, prefix: bytes, pageidx: int, lsn: int) -> bytes | None:
        found = self._older_version(prefix, pageidx, lsn)
        return None if found is None else found[1]

    def _older_version(self, prefix: bytes, pageidx: int, lsn: int) -> tuple[int, bytes] | None:
        # A fresh iterator: the version this snapshot sees moved to ``pages`` when a newer one
        # was committed, possibly after this cursor was made. The reader's pin keeps it there.
        it = self._db.iterator("pages")
        try:
            it.seek_for_prev(page_key(self._vid, pageidx, lsn))
            if not it.valid() or it.key()[:PAGE_PREFIX_SIZE] != prefix:
                return None
            value: bytes = it.value()
            return page_key_parts(it.key())[2], value
        finally:
            del it

    def version(self, pageidx: int, lsn: int) -> tuple[int, bytes] | None:
        """(version lsn, slot) of the version visible at ``lsn``: the slow path of ``lookup``."""
        prefix = page_prefix(self._vid, pageidx)
        value: bytes | None = self._latest.get(prefix)
        if value is None:
            return None
        latest_lsn, slot = unpack_latest(value)
        if latest_lsn <= lsn:
            return latest_lsn, slot
        return self._older_version(prefix, pageidx, lsn)

    def close(self) -> None:
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
