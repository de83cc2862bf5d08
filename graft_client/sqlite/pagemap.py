"""Which table or index of a SQLite database each page belongs to, at one snapshot of a volume.

``graft diff`` names the tables whose pages changed. SQLite's ``dbstat`` virtual table lists
every B-tree page with its owner; it reads the snapshot through a private read-only VFS over a
``VolumeReader`` (``immutable=1``: no locks, no journal), so nothing is written anywhere. It
walks every B-tree, so it reads the database's pages (fetching those not local yet).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import apsw

from graft_client.reader import VolumeReader
from graft_client.sqlite.memfile import UnlockedFile
from graft_core.types import PAGE_SIZE

__all__ = ["FREE", "is_sqlite", "page_owners"]

HEADER = b"SQLite format 3\x00"
FREE = "(free or unused)"
_names = itertools.count()


def is_sqlite(reader: VolumeReader) -> bool:
    """Whether page 1 starts with SQLite's header (and says 4 KiB pages, as graft stores them)."""
    if reader.page_count < 1:
        return False
    first = reader.read(1)
    return first.startswith(HEADER) and int.from_bytes(first[16:18], "big") == PAGE_SIZE


class _ReaderFile(UnlockedFile):
    """The database file as ``reader`` sees it. ``VFSFile.__init__`` is not called: no base
    file exists."""

    def __init__(self, reader: VolumeReader) -> None:
        self._reader = reader

    def xRead(self, amount: int, offset: int) -> bytes:
        first, last = offset // PAGE_SIZE + 1, (offset + amount - 1) // PAGE_SIZE + 1
        data = b"".join(self._reader.read(idx) for idx in range(first, last + 1))
        start = offset % PAGE_SIZE
        return data[start : start + amount]

    def xFileSize(self) -> int:
        return self._reader.page_count * PAGE_SIZE


class _ReaderVFS(apsw.VFS):
    def __init__(self, name: str, reader: VolumeReader) -> None:
        self._reader = reader
        super().__init__(name, base="")

    def xOpen(self, name: str | apsw.URIFilename | None, flags: list[int]) -> apsw.VFSFile:
        if not flags[0] & apsw.SQLITE_OPEN_MAIN_DB:
            raise apsw.CantOpenError("a page map opens only the database file")
        flags[1] = flags[0]
        return _ReaderFile(self._reader)


def page_owners(reader: VolumeReader, pages: Iterable[int]) -> dict[str, list[int]]:
    """Table or index name -> those of ``pages`` it holds at the reader's snapshot; pages no
    B-tree holds (free list, beyond the end) go under ``FREE``."""
    wanted = set(pages)
    name = f"graft-pagemap-{next(_names)}"
    vfs = _ReaderVFS(name, reader)
    owners: dict[str, list[int]] = {}
    try:
        flags = apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI
        db = apsw.Connection("file:db?immutable=1", flags=flags, vfs=name)
        try:
            for owner, pageno in db.execute("select name, pageno from dbstat"):
                if pageno in wanted:
                    owners.setdefault(owner, []).append(pageno)
                    wanted.discard(pageno)
        finally:
            db.close()
    finally:
        vfs.unregister()
    if wanted:
        owners[FREE] = sorted(wanted)
    return {owner: sorted(idxs) for owner, idxs in sorted(owners.items())}
