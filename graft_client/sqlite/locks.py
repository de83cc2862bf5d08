"""The writer slot of one volume, shared by every open file of it in every process.

Readers read pinned snapshots, so SHARED never blocks and never waits: only writers exclude
each other. RESERVED, PENDING and EXCLUSIVE are held by at most one file at a time, and the
holder escalates from RESERVED to EXCLUSIVE without waiting for readers (they keep their
snapshots). Each file tracks its own level; the slot is a lease the data dir's owner process
keeps for all of them (``graft_client.shared.leases``), released when a process goes away.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

import apsw

from graft_client.shared.leases import HandOver, WriterLeases
from graft_client.sqlite.errors import with_reason
from graft_core.ids import VolumeId

__all__ = ["WriterSlot"]


class WriterSlot:
    def __init__(self, leases: WriterLeases, vid: VolumeId) -> None:
        self._leases = leases
        self._vid = vid

    def acquire(self, owner: int) -> int:
        """Take the slot for ``owner``: the volume's latest LSN then; SQLITE_BUSY if another
        file holds it."""
        latest = self._leases.acquire(self._vid, owner)
        if latest is None:
            raise with_reason(apsw.SQLITE_BUSY, "another connection is writing")
        return latest

    def taking_ahead(self, owner: int) -> AbstractContextManager[HandOver]:
        """A block whose pin of the latest snapshot takes the slot for ``owner`` first, for a
        transaction that will likely write (``done``: it did; ``acquire`` confirms it)."""
        return self._leases.taking_ahead(self._vid, owner)

    def lost(self, owner: int) -> bool:
        """Whether ``owner``'s hold went to another file in a takeover of the data dir."""
        return self._leases.lost(self._vid, owner)

    def handing_over(self, owner: int) -> AbstractContextManager[HandOver]:
        """A block whose commit of the volume releases ``owner``'s hold once it is written
        (before it is durable); ``done`` says whether one did."""
        return self._leases.handing_over(self._vid, owner)

    def release(self, owner: int) -> None:
        self._leases.release(self._vid, owner)

    def taken(self) -> bool:
        """Whether any file holds RESERVED or above (SQLite's hot-journal check)."""
        return self._leases.taken(self._vid)
