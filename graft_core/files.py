"""File-system steps that make names durable or files appear whole, shared by every writer.

A new directory entry survives a power cut only once its parent directory is fsynced; a file
written to a temporary name and renamed over the real one is never seen half-written.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["fsync_dir", "make_dirs", "replace_file"]


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
    """
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as file:
        file.write(data)
        if durable:
            file.flush()
            os.fsync(file.fileno())
    os.replace(tmp, path)
    if durable:
        fsync_dir(path.parent)
