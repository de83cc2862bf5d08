"""A small real tmpfs for full-disk tests (the tests run as root), and a file that fills it.

``small_tmpfs`` mounts one and unmounts it afterwards; a failing mount fails the test (it is not
skipped: a full disk is what the test is about). ``Filler`` takes every free byte with one file
and gives the space back by deleting it.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["Filler", "small_tmpfs"]

_CHUNK = 64 << 10


@contextmanager
def small_tmpfs(path: Path, size: str = "3m") -> Iterator[Path]:
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=True)


class Filler:
    """One file holding all the free space of the file system it is on."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fill(self) -> int:
        """Write until the disk refuses even one more byte; returns the bytes the file holds."""
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            for chunk in (_CHUNK, 1):
                while True:
                    try:
                        os.write(fd, b"\xaa" * chunk)
                    except OSError as exc:
                        assert exc.errno == errno.ENOSPC, exc
                        break
        finally:
            os.close(fd)
        return self.path.stat().st_size

    def free(self) -> None:
        self.path.unlink()
