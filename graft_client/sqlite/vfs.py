"""GraftVFS: SQLite databases stored in a client's volumes, one database per volume.

The database name is a VolumeId or a tag of the client's data directory (``new`` creates a
volume). The main database file maps to the volume's pages; journals and temp files live in
memory (``memfile``), never in the volume. A URI filename with ``lsn=N``
(``file:notes?vfs=graft&lsn=42``) opens the volume read-only as it was at local LSN N.
"""

from __future__ import annotations

import threading

import apsw

from graft_client.client import Client
from graft_client.sqlite.dbfile import VolumeFile
from graft_client.sqlite.locks import WriterSlot
from graft_client.sqlite.memfile import MemoryFiles
from graft_client.sqlite.pragmas import handle_pragma
from graft_core.errors import GraftError, InvalidInputError
from graft_core.ids import VolumeId

__all__ = ["NEW_VOLUME", "GraftVFS"]

NEW_VOLUME = "new"


class GraftVFS(apsw.VFS):
    """Registered under ``name``; the OS VFS (base ``""``) supplies time, randomness and sleep."""

    def __init__(self, client: Client, name: str, make_default: bool) -> None:
        self.client = client
        self.name = name
        self._files = MemoryFiles()
        self._slots: dict[VolumeId, WriterSlot] = {}
        self._guard = threading.Lock()
        super().__init__(name, base="", makedefault=make_default)

    def _writer_slot(self, vid: VolumeId) -> WriterSlot:
        with self._guard:
            return self._slots.setdefault(vid, WriterSlot(self.client.leases, vid))

    def xFullPathname(self, name: str) -> str:
        # Every later name (journals too) derives from this one, so "new" and a tag become the
        # VolumeId. A name that is neither is left for xOpen to refuse with the reason.
        if name == NEW_VOLUME:
            return str(self.client.create_volume().vid)
        try:
            return str(self.client.resolve(name))
        except GraftError:
            return name

    def xOpen(self, name: str | apsw.URIFilename | None, flags: list[int]) -> apsw.VFSFile:
        filename = name.filename() if isinstance(name, apsw.URIFilename) else name
        flags[1] = flags[0]
        if not flags[0] & apsw.SQLITE_OPEN_MAIN_DB:
            return self._files.open(filename)
        try:
            volume = self.client.open_volume(filename or "")
            lsn = _uri_lsn(name)
            if lsn is not None:
                volume = volume.at(lsn)
        except GraftError as exc:
            raise apsw.CantOpenError(
                f"cannot open {filename!r} on the {self.name} VFS: {exc} (the database name "
                f"is a VolumeId or a tag, or '{NEW_VOLUME}' for a fresh volume)"
            ) from exc
        if lsn is not None:
            # SQLite takes the file as read-only from these flags: writes fail as on a
            # read-only file, before they reach the volume.
            flags[1] = (flags[0] & ~(apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE)) | (
                apsw.SQLITE_OPEN_READONLY
            )
        return VolumeFile(volume, self._writer_slot(volume.vid), handle_pragma)

    def xAccess(self, pathname: str, flags: int) -> bool:
        return self._files.exists(pathname)

    def xDelete(self, filename: str, syncdir: bool) -> None:
        self._files.delete(filename)


def _uri_lsn(name: str | apsw.URIFilename | None) -> int | None:
    """The ``lsn`` URI parameter, if given."""
    if not isinstance(name, apsw.URIFilename):
        return None
    text = name.uri_parameter("lsn")
    if text is None:
        return None
    if not text.isdigit() or int(text) < 1:
        raise InvalidInputError(f"lsn={text!r} in the URI is not an LSN (1 or more)")
    return int(text)
