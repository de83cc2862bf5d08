"""LeaseWords: a file of slots, in the data dir, through which a process confirms a writer lease
that the owner granted it ahead of a write, without a round trip to the owner.

A lease taken ahead may go to another file once it is ``AHEAD_S`` old, unless its holder
confirmed it (``WriterLeases``). Each lease the owner grants ahead to an attached process gets a
number, written into the volume's slot; the holder confirms it by marking the slot if the number
there is still its own, and the owner lets the lease lapse only if the slot is not marked. Both
change a slot only under an OFD lock of its bytes, so each sees the other's change whole: a
holder that confirmed keeps the lease, and one that did not learns that it lapsed.

Numbers start at random for each owner and are never used twice, and a new owner clears the file
before it serves (but for slots locked then: see below), so nothing an earlier owner granted
confirms anything. A holder that finds no slot (all taken), a number not its own, or a file it
cannot open, read or write (cut short, a full disk, a directory in its place) asks the owner
instead, as before; the slots are read and written with ``pread`` and ``pwrite``, not mapped,
so that such a file is an error here, not a SIGBUS.

The owner never waits for a slot's lock, which a process stopped (SIGSTOP) mid-confirmation would
hold: a grant it cannot write has no word (its holder asks instead), a lease whose slot is
locked, or cannot be cleared, as it would lapse counts as confirmed (it then goes when its
transaction ends), and a new owner leaves such a slot as it is. A holder that confirms an earlier
owner's number so holds the lease it held there, and holds it again at the new owner unless
another process took it first, in which case its commit is refused (``WriterLeases.reattach``).
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import logging
import os
import secrets
import struct
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from graft_core.ids import VolumeId
from graft_core.interrupts import interrupts_held

__all__ = ["LEASE_WORDS", "SLOTS", "LeaseWords"]

LEASE_WORDS = "local-leases"  # the file's name in the data dir
SLOTS = 4096
_SLOT = struct.Struct("=QQ")  # the grant's number (0: none), whether its holder confirmed it
_SIZE = SLOTS * _SLOT.size
_GRANT_BITS = 62

log = logging.getLogger(__name__)


def _lock_request(kind: int, start: int, length: int) -> bytes:
    return struct.pack("hhqqi", kind, os.SEEK_SET, start, length, 0)


class LeaseWords:
    def __init__(self, path: Path) -> None:
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            log.warning("%s is unusable (%s): writer leases are confirmed by the owner", path, exc)
            self._fd = -1
        # The owner's: each volume's slot, and the number of its lease granted ahead.
        self._slots: dict[VolumeId, int] = {}
        self._granted: dict[VolumeId, int] = {}
        self._numbers = itertools.count(secrets.randbits(_GRANT_BITS) + 1)

    @contextmanager
    def _locked(self, start: int, length: int, *, wait: bool = True) -> Iterator[bool]:
        """The bytes locked for the block (a Ctrl-C cannot leave them locked); the block is
        told whether they are: not while another holds them, unless ``wait``, nor when the file
        is unusable."""
        command = fcntl.F_OFD_SETLKW if wait else fcntl.F_OFD_SETLK
        with interrupts_held():
            try:
                fcntl.fcntl(self._fd, command, _lock_request(fcntl.F_WRLCK, start, length))
            except (OSError, ValueError):  # BlockingIOError: another holds them; -1: none
                yield False
                return
            try:
                yield True
            finally:
                with contextlib.suppress(OSError, ValueError):  # closed meanwhile
                    unlock = _lock_request(fcntl.F_UNLCK, start, length)
                    fcntl.fcntl(self._fd, fcntl.F_OFD_SETLK, unlock)

    def _slot(self, slot: int, *, wait: bool = True) -> AbstractContextManager[bool]:
        return self._locked(slot * _SLOT.size, _SLOT.size, wait=wait)

    def _read(self, slot: int) -> tuple[int, int]:
        """(number, confirmed) in ``slot``; (0, 0) where the file holds none (short, unread)."""
        try:
            raw = os.pread(self._fd, _SLOT.size, slot * _SLOT.size)
        except OSError:
            return 0, 0
        if len(raw) < _SLOT.size:
            return 0, 0
        number, confirmed = _SLOT.unpack(raw)
        return number, confirmed

    def _write(self, slot: int, number: int, confirmed: int) -> bool:
        """Whether ``slot`` now holds (number, confirmed)."""
        try:
            return (
                os.pwrite(self._fd, _SLOT.pack(number, confirmed), slot * _SLOT.size) == _SLOT.size
            )
        except OSError:
            return False

    # --- the owner ----------------------------------------------------------------------------

    def clear(self) -> None:
        """A new owner: no slot holds a grant of the last owner's, but those locked (being
        confirmed) now."""
        with self._locked(0, _SIZE, wait=False) as locked:
            if locked:
                with contextlib.suppress(OSError):
                    os.pwrite(self._fd, bytes(_SIZE), 0)
                return
        if self._fd < 0:
            return
        for slot in range(SLOTS):
            with self._slot(slot, wait=False) as locked:
                if locked:
                    self._write(slot, 0, 0)

    def grant(self, vid: VolumeId) -> None:
        """``vid``'s lease goes to a new holder ahead of its write: a new number in its slot,
        unconfirmed (none when every slot is taken)."""
        slot = self._slots.get(vid)
        if slot is None:
            if len(self._slots) >= SLOTS:
                return
            slot = self._slots[vid] = len(self._slots)
        number = next(self._numbers)
        with self._slot(slot, wait=False) as locked:
            # Locked: by a holder of an earlier number, which confirms nothing any more.
            if not (locked and self._write(slot, number, 0)):
                self._granted.pop(vid, None)
                return
        self._granted[vid] = number

    def withdraw(self, vid: VolumeId) -> bool:
        """``vid``'s lease granted ahead goes from its holder unless the holder confirmed it:
        whether it went (a lease granted with no slot always goes)."""
        slot, number = self._slots.get(vid), self._granted.pop(vid, None)
        if slot is None or number is None:
            return True
        with self._slot(slot, wait=False) as locked:
            if not locked:  # its holder may be confirming it right now
                return False
            held, confirmed = self._read(slot)
            if held == number and confirmed:
                return False
            return held != number or self._write(slot, 0, 0)

    def forget(self, vid: VolumeId) -> None:
        """``vid``'s lease went (released, or confirmed by a round trip): its number in the
        slot, if any, stays unused."""
        self._granted.pop(vid, None)

    def word(self, vid: VolumeId) -> tuple[int, int] | None:
        """(slot, number) of ``vid``'s lease granted ahead, for its holder to confirm."""
        number = self._granted.get(vid)
        return None if number is None else (self._slots[vid], number)

    # --- a holder -----------------------------------------------------------------------------

    def confirm(self, slot: int, number: int) -> bool:
        """Whether the lease granted as ``number`` in ``slot`` is still the holder's: then it is
        confirmed (it does not lapse)."""
        if not 0 <= slot < SLOTS:
            return False
        with self._slot(slot) as locked:
            return locked and self._read(slot)[0] == number and self._write(slot, number, 1)

    def close(self) -> None:
        """Idempotent."""
        fd, self._fd = self._fd, -1
        if fd >= 0:
            os.close(fd)
