"""ChangeLog: which pages the owner's recent commits changed, so attached readers need not
catch their secondary up at every transaction.

An attached process's secondary holds a volume as of some LSN ``since``. A page no commit in
``(since, lsn]`` changed reads the same at ``lsn`` as at ``since``, so the secondary serves it
as it is; only the pages that changed are read through the owner. The owner keeps, per volume,
the newest LSN of each page that its commits changed after a ``floor`` LSN, under the volume
lock the commits take, and answers a pin with the changed pages above the asker's ``since``.

A log starts at its first commit and knows nothing below that commit's base; any snapshot the
owner writes other than by a commit it saw (a pull, a reset, a bulk load, a truncate) moves the
floor up to it. A volume deleted and created again restarts its LSNs, so each log carries a
random token: an attached process trusts its secondary only for the token it saw both before
and after a catch-up (no deletion in between), and keys what it caches by it.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterable

from graft_core.ids import VolumeId

__all__ = ["MAX_TRACKED_PAGES", "ChangeLog", "Changed"]

# Pages a log keeps per volume; the oldest half goes (the floor rises) past this many.
MAX_TRACKED_PAGES = 4096

# (token, {pageidx: LSN naming its content}) of a volume's pages changed since an LSN.
Changed = tuple[int, dict[int, int]]


class _VolumeLog:
    __slots__ = ("floor", "last", "pages", "token")

    def __init__(self, floor: int) -> None:
        self.token = secrets.randbits(63)
        self.floor = floor  # nothing is known of the changes at or below it
        self.last = floor  # the LSN of the last commit seen
        # pageidx -> LSN of its newest change, oldest change first (dict order).
        self.pages: dict[int, int] = {}

    def restart(self, floor: int) -> None:
        self.floor = self.last = floor
        self.pages.clear()

    def add(self, lsn: int, pages: Iterable[int]) -> None:
        assert lsn > self.last, "a volume's LSNs only grow"
        changed = self.pages
        for idx in pages:
            changed.pop(idx, None)
            changed[idx] = lsn
        self.last = lsn
        if len(changed) > MAX_TRACKED_PAGES:
            oldest = list(changed.items())[: len(changed) // 2]
            for idx, _ in oldest:
                del changed[idx]
            self.floor = oldest[-1][1]

    def since(self, since: int, upto: int) -> dict[int, int]:
        found: dict[int, int] = {}
        if since >= upto:
            return found
        latest = upto >= self.last
        for idx, lsn in reversed(self.pages.items()):
            if lsn <= since:
                break
            # Changed again after ``upto``: its version at ``upto`` is named by ``upto``.
            found[idx] = lsn if latest or lsn <= upto else upto
        return found


class ChangeLog:
    """The owner's record of its volumes' recent changes; callers hold the volume's lock."""

    def __init__(self) -> None:
        self._volumes: dict[VolumeId, _VolumeLog] = {}
        self._guard = threading.Lock()

    def committed(self, vid: VolumeId, lsn: int, pages: Iterable[int] | None) -> int:
        """Commit ``lsn`` changed ``pages`` (None: unknown which); the volume's token."""
        with self._guard:
            log = self._volumes.get(vid)
            if log is None:
                log = self._volumes[vid] = _VolumeLog(lsn - 1)
            elif log.last != lsn - 1:
                log.restart(lsn - 1)  # something else wrote the LSNs in between
            if pages is None:
                log.restart(lsn)
            else:
                log.add(lsn, pages)
            return log.token

    def forget(self, vid: VolumeId) -> None:
        """The volume is deleted: LSNs it gets if created again mean other pages."""
        with self._guard:
            self._volumes.pop(vid, None)

    def token(self, vid: VolumeId, lsn: int) -> int:
        """The volume's token; a log starts here if it has none (``lsn``: its latest LSN)."""
        with self._guard:
            log = self._volumes.get(vid)
            if log is None:
                log = self._volumes[vid] = _VolumeLog(lsn)
            return log.token

    def changed(self, vid: VolumeId, lsn: int, token: int | None, since: int) -> Changed | None:
        """The pages that may differ between snapshots ``since`` and ``lsn``, each with the LSN
        that names its content at ``lsn`` (its last change, or ``lsn`` itself when it changed
        again later), if this log knows them and ``token`` is its own; else None."""
        with self._guard:
            log = self._volumes.get(vid)
            if log is None or log.token != token or log.last < lsn or since < log.floor:
                return None
            return log.token, log.since(since, lsn)
