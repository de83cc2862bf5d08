"""GraftVFS: SQLite databases stored in a client's volumes, one database per volume.

The database name is a VolumeId (``new`` creates a volume). The main database file maps to the
volume's pages; journals and temp files live in memory (``memfile``), never in the volume.
"""

from __future__ import annotations

import threading

import apsw

from graft_client.client import Client
from graft_client.sqlite.dbfile import VolumeFile
from graft_client.sqlite.locks import WriterSlot
from graft_client.sqlite.memfile import MemoryFiles
from graft_client.sqlite.pragmas import handle_pragma
from graft_core.errors import GraftError
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
        # Every later name (journals too) derives from this one, so "new" becomes its VolumeId.
        if name == NEW_VOLUME:
            return str(self.client.create_volume().vid)
        return name

    def xOpen(self, name: str | apsw.URIFilename | None, flags: list[int]) -> apsw.VFSFile:
        filename = name.filename() if isinstance(name, apsw.URIFilename) else name
        flags[1] = flags[0]
        if not flags[0] & apsw.SQLITE_OPEN_MAIN_DB:
            return self._files.open(filename)
        try:
            vid = VolumeId.parse(filename or "")
            volume = self.client.open_volume(vid)
        except GraftError as exc:
            raise apsw.CantOpenError(
                f"cannot open {filename!r} on the {self.name} VFS: {exc} "
                f"(the database name is a VolumeId, or '{NEW_VOLUME}' for a fresh volume)"
            ) from exc
        return VolumeFile(volume, self._writer_slot(vid), handle_pragma)

    def xAccess(self, pathname: str, flags: int) -> bool:
        return self._files.exists(pathname)

    def xDelete(self, filename: str, syncdir: bool) -> None:
        self._files.delete(filename)
