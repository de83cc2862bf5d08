"""Journal and temp files of SQLite on a graft VFS: process memory, never volume pages.

The main database file is the only durable state: a volume commit is atomic, so a rollback
journal never has to survive a crash (there is nothing half-written to roll back).
"""

from __future__ import annotations

import threading

import apsw

from graft_core.types import PAGE_SIZE

__all__ = ["MemoryFile", "MemoryFiles", "UnlockedFile"]


class UnlockedFile(apsw.VFSFile):
    """A file SQLite needs no locks, syncs or file controls for: it lives in this process
    (journals, temp files) or is read-only and immutable (a snapshot)."""

    def xSync(self, flags: int) -> None:
        pass

    def xLock(self, level: int) -> None:
        pass

    def xUnlock(self, level: int) -> None:
        pass

    def xCheckReservedLock(self) -> bool:
        return False

    def xFileControl(self, op: int, ptr: int) -> bool:
        return False

    def xSectorSize(self) -> int:
        return PAGE_SIZE

    def xDeviceCharacteristics(self) -> int:
        return 0

    def xClose(self) -> None:
        pass


class MemoryFile(UnlockedFile):
    """A growable byte buffer with the file methods SQLite calls on journals and temp files.

    ``apsw.VFSFile.__init__`` is not called: that would bind the file to a real base VFS file.
    """

    def __init__(self) -> None:
        self.data = bytearray()

    def xRead(self, amount: int, offset: int) -> bytes:
        # A short result is a short read: SQLite zero-fills it and treats it as end of file.
        return bytes(self.data[offset : offset + amount])

    def xWrite(self, data: bytes, offset: int) -> None:
        end = offset + len(data)
        if end > len(self.data):
            self.data.extend(bytes(end - len(self.data)))
        self.data[offset:end] = data

    def xTruncate(self, newsize: int) -> None:
        del self.data[newsize:]

    def xFileSize(self) -> int:
        return len(self.data)


class MemoryFiles:
    """Named memory files of one VFS (journals outlive the handle that wrote them)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._files: dict[str, MemoryFile] = {}

    def open(self, name: str | None) -> MemoryFile:
        if name is None:
            return MemoryFile()  # an anonymous temp file: gone when closed
        with self._lock:
            return self._files.setdefault(name, MemoryFile())

    def exists(self, name: str) -> bool:
        # No lock: SQLite asks at every transaction, and one dict lookup is atomic on its own.
        found = self._files.get(name)
        return found is not None and len(found.data) > 0

    def delete(self, name: str) -> None:
        with self._lock:
            self._files.pop(name, None)
