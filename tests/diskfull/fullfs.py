"""FullDisk: a disk that runs out of space at a chosen byte, in-process.

While installed it replaces ``os.pwrite`` and ``os.write`` (the log and control file write through
them): the writes together may store ``budget`` more bytes, then the disk is full. A write that
crosses the limit stores the bytes that fit and returns that short count, as the kernel does; the
next one raises ENOSPC. ``fail_syncs`` makes chosen fsync/fdatasync calls (1-based, counted from
installation) raise EIO after doing nothing, and ``truncate_fails`` makes ``os.ftruncate`` raise
EIO while the disk is full. ``max_write`` makes every write store at most that many bytes (as
a write interrupted by a signal may), with no error. ``free()`` ends the shortage. Syncs are
otherwise not performed: durability is the power-cut tests' subject (tests/torn), and skipping
them keeps each run fast.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["FullDisk"]

_UNLIMITED = 1 << 62


class FullDisk:
    def __init__(
        self,
        budget: int = _UNLIMITED,
        *,
        fail_syncs: frozenset[int] = frozenset(),
        truncate_fails: bool = False,
        max_write: int = _UNLIMITED,
    ) -> None:
        self.budget = budget
        self.fail_syncs = fail_syncs
        self.truncate_fails = truncate_fails
        self.max_write = max_write
        self.written = 0
        self.syncs = 0
        self.failed = 0  # writes and syncs that failed or came up short
        self._real_pwrite = os.pwrite
        self._real_write = os.write
        self._real_ftruncate = os.ftruncate

    @property
    def full(self) -> bool:
        return self.budget < _UNLIMITED

    def fill_after(self, budget: int) -> None:
        """Let ``budget`` more bytes in, then the disk is full."""
        self.budget = budget

    def free(self) -> None:
        self.budget = _UNLIMITED
        self.fail_syncs = frozenset()

    def _allowance(self, wanted: int) -> int:
        if self.budget <= 0:
            self.failed += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        allowed = min(wanted, self.budget, self.max_write)
        if allowed < min(wanted, self.max_write):
            self.failed += 1
        if self.full:
            self.budget -= allowed
        self.written += allowed
        return allowed

    def _pwrite(self, fd: int, data: bytes | memoryview, offset: int, /) -> int:
        view = memoryview(data)
        return self._real_pwrite(fd, view[: self._allowance(len(view))], offset)

    def _write(self, fd: int, data: bytes | memoryview, /) -> int:
        view = memoryview(data)
        return self._real_write(fd, view[: self._allowance(len(view))])

    def _sync(self, fd: object) -> None:
        self.syncs += 1
        if self.syncs in self.fail_syncs:
            self.failed += 1
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    def _ftruncate(self, fd: int, length: int, /) -> None:
        if self.truncate_fails and self.full:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        self._real_ftruncate(fd, length)

    @contextmanager
    def installed(self) -> Iterator[FullDisk]:
        saved = os.pwrite, os.write, os.fsync, os.fdatasync, os.ftruncate
        os.pwrite, os.write = self._pwrite, self._write  # type: ignore[assignment]
        os.fsync = os.fdatasync = self._sync
        os.ftruncate = self._ftruncate
        try:
            yield self
        finally:
            os.pwrite, os.write, os.fsync, os.fdatasync, os.ftruncate = saved
