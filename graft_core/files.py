"""File-system steps that make names durable or files appear whole, shared by every writer.

A new directory entry survives a power cut only once its parent directory is fsynced; a file
written to a temporary name and renamed over the real one is never seen half-written.

A write can store fewer bytes than asked (a full disk stops it part way) and a failed fsync
leaves it unknown what reached the disk: ``write_at`` finishes or raises, and every caller treats
bytes whose fsync failed as never written.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from graft_core.errors import StorageError, StorageFullError

__all__ = ["fsync_dir", "make_dirs", "replace_file", "storage_error", "write_at"]

# A full disk or quota: retrying after space is freed succeeds.
_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})


def storage_error(exc: OSError, what: str) -> StorageError:
    """The typed error for an OS error while ``what``: full (ENOSPC, EDQUOT) or unavailable."""
    kind = StorageFullError if exc.errno in _FULL_ERRNOS else StorageError
    return kind(f"{what}: {exc.strerror or exc}")


def write_at(fd: int, data: bytes, offset: int) -> None:
    """Write all of ``data`` at ``offset``, resuming after short writes; raises OSError if the
    disk takes nothing more (a write of 0 bytes counts as ENOSPC)."""
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]
        offset += written


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def make_dirs(path: Path) -> None:
    """Create ``path`` and its missing parents, fsyncing each new entry's parent."""
    if path.is_dir():
        return
    make_dirs(path.parent)
    with contextlib.suppress(FileExistsError):  # another writer made it first
        path.mkdir()
    fsync_dir(path.parent)


def replace_file(path: Path, data: bytes, *, durable: bool) -> None:
    """Give ``path`` the contents ``data`` atomically: readers see the old file or the new one.

    ``durable`` also fsyncs the new bytes and the rename, so the new file survives a power cut.
    A failure (OSError) leaves no temp file behind.
    """
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if durable:
        fsync_dir(path.parent)
