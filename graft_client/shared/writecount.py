"""WriteCount: the owner's count of the writes that started in its database, in a file of the
data dir, so that an attached process tells with one read, not a round trip, that the snapshot
it holds of a volume is still the latest.

The owner publishes the count as each write starts, before it lands (``LocalDB.on_change``).
With a pin or a commit it answers the count as it stood with no write in flight while that
snapshot was the latest (``stamp``). An attached process that reads the same count later knows
that no write started since: the snapshot is still the latest. A count read that differs, or no
count at all, means a round trip, as before.

Counts of different owners never meet: each owner counts from its own random base, and writes
its file anew (a new file moved into place) before it serves, so a count of the last owner's is
never read as one of its own. The attached processes open the file at each read, so they read
the file in place, and take a count only from the file that the owner writes in (its inode is
written beside the count). An owner that cannot publish a count removes the file (readers find
none: nor do they in a directory put in its place); a write that would start while a file that
may show a count can be neither written nor removed fails, and so does an owner's start.
Something that writes an old count into the file itself fools the readers until the owner's
next write, as anything writing into the data dir's files can harm them.
"""

from __future__ import annotations

import logging
import os
import secrets
import stat
import struct
from pathlib import Path

__all__ = ["WRITE_COUNT", "WriteCount", "read_count"]

WRITE_COUNT = "local-writes"  # the file's name in the data dir
# The count, and the inode of the file the owner writes it in: a file put in its place (a copy
# of it, restored by some tool) holds another inode's number, and no count then.
_COUNT = struct.Struct("<QQ")
_BASE_BITS = 62  # a random base, with room to count on

log = logging.getLogger(__name__)


def read_count(data_dir: Path) -> int | None:
    """The count published in ``data_dir``; None when there is none to read."""
    try:
        # Not blocking: a FIFO put in its place would hold the open until a writer came.
        fd = os.open(data_dir / WRITE_COUNT, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        inode, raw = os.fstat(fd).st_ino, os.pread(fd, _COUNT.size, 0)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(raw) != _COUNT.size:
        return None
    count, written_in = _COUNT.unpack(raw)
    return count if written_in == inode else None


def _may_show_a_count(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return False


class WriteCount:
    """The owner's side: ``publish`` each count, ``stamp`` the counts it answers."""

    def __init__(self, data_dir: Path) -> None:
        """A new file in place, with this owner's first count; none if it cannot be written
        (``OSError`` if the last owner's file cannot be removed either)."""
        self._path = data_dir / WRITE_COUNT
        self._base = secrets.randbits(_BASE_BITS)
        self._fd = -1
        self._inode = 0
        self._gone = False  # no file: readers find none
        spare = self._path.with_name(f"{WRITE_COUNT}.{os.getpid()}")
        try:
            fd = os.open(spare, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            self._give_up(exc)
            return
        try:
            self._inode = os.fstat(fd).st_ino
            self._write(fd, 0)
            os.replace(spare, self._path)
        except OSError as exc:
            os.close(fd)
            spare.unlink(missing_ok=True)
            self._give_up(exc)
            return
        self._fd = fd

    def _write(self, fd: int, changes: int) -> None:
        if os.pwrite(fd, _COUNT.pack(self._base + changes, self._inode), 0) != _COUNT.size:
            raise OSError(f"{self._path}: a short write")

    def _give_up(self, exc: OSError) -> None:
        log.warning(
            "%s is unusable (%s): attached processes ask for the latest snapshot instead",
            self._path,
            exc,
        )
        self._remove()

    def _remove(self) -> None:
        """No count in the data dir from now on: the file removed, or something in its place
        that shows none (a directory); ``OSError`` while a file that may show one stays."""
        try:
            self._path.unlink(missing_ok=True)
        except OSError:
            if _may_show_a_count(self._path):
                raise
        self._gone = True

    def stamp(self, changes: int) -> int | None:
        """The count published for ``changes`` writes (``LocalDB.changes_settled``); None
        while none is published."""
        return None if self._fd < 0 else self._base + changes

    def publish(self, changes: int) -> None:
        """``OSError`` if the count can be neither published nor taken away: the write that
        would start must not."""
        if self._fd >= 0:
            try:
                self._write(self._fd, changes)
                return
            except OSError as exc:
                os.close(self._fd)
                self._fd = -1
                self._give_up(exc)
        if not self._gone:
            self._remove()

    def close(self) -> None:
        """Idempotent. The file stays: its count does not change while no owner writes, and
        the next owner's replaces it before it writes."""
        fd, self._fd = self._fd, -1
        if fd >= 0:
            os.close(fd)
