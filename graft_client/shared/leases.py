"""WriterLeases: which SQLite connection writes each volume, for every process of a data dir.

The table lives in the owner: a process asks it for a volume's writer lease (RESERVED and
above) per open file, and a lease held through a connection goes when that connection drops,
so a process that dies mid-transaction leaves no lock behind. An attached process remembers
its leases to hold them again at the next owner after a takeover; one that another process
took there first is lost, and its transaction is told so when it commits.

A file that wrote in its last transaction most likely writes in its next one: it takes the
lease ahead, as its transaction begins (``acquire_ahead``), waiting at the owner while another
file writes, so the lease passes from one writer to the next at once (SQLite's busy handler
would sleep a millisecond or more between tries) and the snapshot it reads is the one it writes
on. The files waiting so take the lease in turn, first come first: the thread that frees it
(a commit's, or that of a connection that dropped) gives it to the first and answers its pin
right there, so no thread wakes per waiter; an alarm thread decides the waits that time out
and the leases that lapse. A lease taken ahead is confirmed when the file writes; until then
another file may take it once it is ``AHEAD_S`` old, so a transaction that only reads keeps no
writer waiting long. An attached process confirms through a word shared with the owner
(``LeaseWords``), with no round trip; it asks the owner when the word says its lease lapsed (its
process ran late), and learns so as it begins to write, SQLITE_BUSY, which SQLite's busy handler
retries (an autocommit statement on a new snapshot), rather than as its commit fails. A commit
that lands meanwhile without the lease (a pull, a writer of the Volume API) makes its commit
fail with SQLITE_BUSY_SNAPSHOT, as one landing after a confirmation by round trip did.

A commit made under a lease may hand it over (``handing_over``): the owner releases the lease
as soon as the commit is written, before its WAL sync, so the next writer's transaction runs
while that sync is under way (and shares it: see ``LocalDB.wait_durable``).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from graft_client.shared.alarm import Alarm
from graft_client.shared.leasewords import LeaseWords
from graft_client.shared.link import OwnerLink
from graft_client.shared.node import SharedDir
from graft_core.errors import StorageError
from graft_core.ids import VolumeId
from graft_core.interrupts import interrupts_held

__all__ = ["HERE", "HandOver", "WriterLeases"]

log = logging.getLogger(__name__)

HERE = 0  # the holder key of the owner's own files (connections use id(connection))
# How long a lease taken ahead of a write keeps other writers out until it is confirmed, and
# how long a file waits for the lease as its transaction begins (then it begins without).
AHEAD_S = 0.02
AHEAD_WAIT_S = 0.05
# After a takeover, how long a free lease is kept for the process that held it at the last
# owner to hold it again (processes reattach within tens of milliseconds): another file that
# took it first would doom that holder's transaction.
REHOLD_S = 0.25


@dataclass
class HandOver:
    """A commit under ``file``'s lease of ``vid`` that releases it, or a pin that takes it
    ahead; ``done`` once it did. A lease taken ahead by an attached process: ``word``, the
    (slot, number) that confirms it, and ``lsn``, the latest LSN when it was taken."""

    vid: VolumeId
    file: int
    done: bool = False
    word: tuple[int, int] | None = None
    lsn: int = 0


@dataclass(eq=False)
class _Waiter:
    """A file waiting to take a lease ahead until ``until``; ``then(taken)`` once decided."""

    holder: int
    file: int
    until: float
    then: Callable[[bool], None]


@dataclass
class _Decided:
    """Waiters whose turn came (True) or whose time ran out (False), told once the guard is
    released; and when the next waiter's time runs out or its holder's lease lapses."""

    answers: list[tuple[_Waiter, bool]] = field(default_factory=list)
    due: float = math.inf


class WriterLeases:
    def __init__(
        self, shared: SharedDir, latest: Callable[[VolumeId], int], words: LeaseWords
    ) -> None:
        self._shared = shared
        self._latest = latest  # the owner's latest LSN of a volume
        self._words = words
        self._guard = threading.Lock()
        # Per volume: the files waiting to take its lease ahead, in turn. None waits while the
        # lease is free or lapsed: it goes to the first at once.
        self._queues: dict[VolumeId, deque[_Waiter]] = {}
        self._alarm = Alarm(self._ring, "graft-leases")
        # Owner: vid -> (holder, file id) of the file that writes it; and when a lease taken
        # ahead and not confirmed yet may go to another file.
        self._table: dict[VolumeId, tuple[int, int]] = {}
        self._ahead: dict[VolumeId, float] = {}
        self._reholding_until = 0.0  # after a takeover: free leases wait for their holders
        # Attached: the leases this process holds at the owner, and those a new owner had
        # given another process before this one could hold them again (until released).
        self._mine: set[tuple[VolumeId, int]] = set()
        self._lost: set[tuple[VolumeId, int]] = set()
        # Attached: the leases taken ahead, not confirmed yet: (slot, number, latest LSN).
        self._confirmable: dict[tuple[VolumeId, int], tuple[int, int, int]] = {}
        # .over: the hand-over of this thread's commit; .ahead: its pin's lease taken ahead.
        self._handing = threading.local()

    # --- any process ------------------------------------------------------------------------

    def acquire(self, vid: VolumeId, file: int) -> int | None:
        """Take the lease for ``file``: the volume's latest LSN then (0 before its first
        commit), which spares the writer a round trip; None if another file (of any process)
        holds it. A lease taken ahead by an attached process is confirmed through its word
        when the word says it is still the file's."""
        if not self._shared.is_owner:
            with self._guard:
                word = self._confirmable.pop((vid, file), None)
            if word is not None and self._words.confirm(word[0], word[1]):
                return word[2]
        local = partial(self.grant_at, HERE, vid, file)
        latest: int | None = self._shared.call(local, "lock_at", bytes(vid), file)
        if latest is not None and not self._shared.is_owner:
            with self._guard:
                self._mine.add((vid, file))
        return latest

    @contextmanager
    def taking_ahead(self, vid: VolumeId, file: int) -> Iterator[HandOver]:
        """A block that pins the latest snapshot of ``vid`` for a transaction that will likely
        write: the pin takes the lease for ``file`` first, waiting a little while another file
        holds it (``done``: it did; ``acquire`` confirms it). In an attached process the pin
        asks for both at once (see ``SharedState``)."""
        ahead = HandOver(vid, file)
        if self._shared.is_owner:
            ahead.done = self.grant_ahead(HERE, vid, file)
            yield ahead
            return
        self._handing.ahead = ahead
        try:
            yield ahead
        finally:
            self._handing.ahead = None
            if ahead.done:
                with self._guard:
                    self._mine.add((vid, file))
                    if ahead.word is not None:
                        self._confirmable[vid, file] = (*ahead.word, ahead.lsn)

    def taken_ahead(self, vid: VolumeId) -> HandOver | None:
        """The lease that a pin of ``vid`` on this thread takes ahead, if any."""
        ahead: HandOver | None = getattr(self._handing, "ahead", None)
        return ahead if ahead is not None and ahead.vid == vid else None

    def release(self, vid: VolumeId, file: int) -> None:
        with self._guard:
            self._mine.discard((vid, file))
            self._lost.discard((vid, file))
            self._confirmable.pop((vid, file), None)
        try:
            link = self._shared.link()
        except StorageError:  # nobody owns the dir (a takeover failed): the lease went too
            return
        if link is None:
            self.revoke(HERE, vid, file)
        else:
            link.notify("unlock", bytes(vid), file)

    def lost(self, vid: VolumeId, file: int) -> bool:
        """Whether ``file``'s lease went to another process during a takeover."""
        with self._guard:
            return (vid, file) in self._lost

    @contextmanager
    def handing_over(self, vid: VolumeId, file: int) -> Iterator[HandOver]:
        """The commits of ``vid`` that this thread makes in the block release ``file``'s lease
        once written (``done`` says whether one did: the file holds the lease no more)."""
        over = HandOver(vid, file)
        self._handing.over = over
        try:
            yield over
        finally:
            self._handing.over = None
            if over.done:
                with self._guard:
                    self._mine.discard((vid, file))

    def handed_over(self, vid: VolumeId) -> HandOver | None:
        """The hand-over that a commit of ``vid`` on this thread makes, if any."""
        over: HandOver | None = getattr(self._handing, "over", None)
        return over if over is not None and over.vid == vid else None

    def taken(self, vid: VolumeId) -> bool:
        return bool(self._shared.call(lambda: self.held(vid), "lock_taken", bytes(vid)))

    # --- the owner --------------------------------------------------------------------------

    def grant(self, holder: int, vid: VolumeId, file: int, *, rehold: bool = False) -> bool:
        """Whether ``file`` holds the lease now; ``rehold``: it held it at the last owner."""
        with self._guard:
            return self._take(holder, vid, file, ahead=False, rehold=rehold) == 0.0

    def _take(
        self, holder: int, vid: VolumeId, file: int, *, ahead: bool, rehold: bool = False
    ) -> float:
        """0.0 once ``file`` holds the lease; else how long until it may take it."""
        now = time.monotonic()
        current = self._table.get(vid)
        if current is None and not rehold and now < self._reholding_until:
            return self._reholding_until - now
        if current is not None and current != (holder, file):
            free_at = self._ahead.get(vid, now + AHEAD_WAIT_S)
            if now < free_at:
                return free_at - now
            if not self._words.withdraw(vid):  # its holder confirmed it through the word
                del self._ahead[vid]
                return AHEAD_WAIT_S
        self._table[vid] = (holder, file)
        if ahead and current != (holder, file):
            self._ahead[vid] = now + AHEAD_S
            if holder == HERE:
                self._words.forget(vid)  # the owner's own files confirm it here
            else:
                self._words.grant(vid)
        elif not ahead:
            self._ahead.pop(vid, None)
            self._words.forget(vid)
        return 0.0

    def grant_ahead(self, holder: int, vid: VolumeId, file: int) -> bool:
        """Whether ``file`` took the lease ahead, waiting for it up to ``AHEAD_WAIT_S``."""
        taken: list[bool] = []
        decided = threading.Event()

        def then(answer: bool) -> None:
            taken.append(answer)
            decided.set()

        self.grant_ahead_then(holder, vid, file, then)
        decided.wait()
        return taken[0]

    def grant_ahead_then(
        self, holder: int, vid: VolumeId, file: int, then: Callable[[bool], None]
    ) -> None:
        """``then(taken)`` once ``file`` took the lease ahead, or did not within
        ``AHEAD_WAIT_S``: at once, or from the thread that frees the lease for it, or from the
        alarm's. ``then`` must not raise: the thread running it has its own work to go on
        with."""
        with interrupts_held():  # what is decided is told: a waiter untold would wait on
            with self._guard:
                decided = self._hand_on([vid])
                taken = self._take(holder, vid, file, ahead=True) == 0.0
                if not taken:
                    until = time.monotonic() + AHEAD_WAIT_S
                    waiter = _Waiter(holder, file, until, then)
                    self._queues.setdefault(vid, deque()).append(waiter)
                    decided.due = min(decided.due, self._due(vid))
            self._tell(decided)
            if taken:
                then(True)

    def _hand_on(self, vids: Iterable[VolumeId]) -> _Decided:
        """Each free (or lapsed) lease of ``vids`` to its first waiter; waiters whose time ran
        out go without. The caller holds the guard and ``_tell``s the result once it is out."""
        now, decided = time.monotonic(), _Decided()
        for vid in vids:
            queue = self._queues.get(vid)
            if queue is None:
                continue
            while queue and self._take(queue[0].holder, vid, queue[0].file, ahead=True) == 0.0:
                decided.answers.append((queue.popleft(), True))
            for late in [waiter for waiter in queue if waiter.until <= now]:
                queue.remove(late)
                decided.answers.append((late, False))
            if queue:
                decided.due = min(decided.due, self._due(vid))
            else:
                del self._queues[vid]
        return decided

    def _due(self, vid: VolumeId) -> float:
        """When a waiter of ``vid`` must be told, or the lease may go to one (guard held)."""
        until = min(waiter.until for waiter in self._queues[vid])
        reholding = self._reholding_until
        return min(
            until,
            self._ahead.get(vid, math.inf),
            reholding if reholding > time.monotonic() else math.inf,
        )

    def _tell(self, decided: _Decided) -> None:
        for waiter, taken in decided.answers:
            waiter.then(taken)
        if decided.due < math.inf:
            self._alarm.set(decided.due)

    def _ring(self) -> None:
        """The alarm: the leases that lapsed go on, the waiters whose time ran out are told."""
        with self._guard:
            decided = self._hand_on(list(self._queues))
        self._tell(decided)

    def waiting(self, vid: VolumeId) -> int:
        """How many files wait to take ``vid``'s lease ahead of a write."""
        with self._guard:
            return len(self._queues.get(vid, ()))

    def word(self, holder: int, vid: VolumeId, file: int) -> tuple[int, int] | None:
        """(slot, number) through which ``file`` confirms the lease it took ahead, if it
        holds one so."""
        with self._guard:
            if self._table.get(vid) != (holder, file) or vid not in self._ahead:
                return None
            return self._words.word(vid)

    def grant_at(self, holder: int, vid: VolumeId, file: int) -> int | None:
        """``grant``, for a transaction that read before it writes, and the latest LSN then.
        A lease that may soon be free is waited for, once: one that another file took ahead
        and has not confirmed (its transaction may only read) until it lapses, or one that a
        takeover keeps for its last holder until the moment passes. SQLite's busy handler
        does not retry a transaction that read before it writes: SQLITE_BUSY fails it at once,
        where a native file's readers never keep a writer out."""
        for last in (False, True):
            with self._guard:
                wait = self._take(holder, vid, file, ahead=False)
                passing = self._passing(vid)
            if wait == 0.0:
                return self._latest(vid)
            if last or not passing:
                return None
            time.sleep(wait)
        return None

    def may_wait(self, vid: VolumeId) -> bool:
        """Whether ``grant_at`` may wait for ``vid``'s lease now (its request then runs where
        requests may wait: ``OwnerService.slow``)."""
        with self._guard:
            reholding = vid not in self._table and time.monotonic() < self._reholding_until
            return vid in self._ahead or reholding

    def _passing(self, vid: VolumeId) -> bool:
        """Whether ``vid``'s lease, which a file could not take, may be free soon: taken
        ahead and not confirmed, or kept for its last holder after a takeover (guard held)."""
        return vid in self._ahead or vid not in self._table

    def revoke(self, holder: int, vid: VolumeId, file: int) -> bool:
        """``file`` writes no more: the first file waiting takes the lease (told here).
        Whether it did while others wait behind it: the file it went to likely commits soon,
        and ``file``'s process is not next."""
        with interrupts_held():
            with self._guard:
                if self._table.get(vid) != (holder, file):
                    return False
                del self._table[vid]
                self._ahead.pop(vid, None)
                self._words.forget(vid)
                decided = self._hand_on([vid])
                queued = vid in self._queues
            self._tell(decided)
        return queued and any(taken for _, taken in decided.answers)

    def held(self, vid: VolumeId) -> bool:
        with self._guard:
            return vid in self._table

    def drop(self, holder: int) -> None:
        """A process went away: its leases go with it (to the next waiters), and its waits."""
        with self._guard:
            for queue in self._queues.values():
                for gone in [waiter for waiter in queue if waiter.holder == holder]:
                    queue.remove(gone)
            for vid in [vid for vid, (h, _) in self._table.items() if h == holder]:
                del self._table[vid]
                self._ahead.pop(vid, None)
                self._words.forget(vid)
            decided = self._hand_on(list(self._queues))
        self._tell(decided)

    # --- changing roles ---------------------------------------------------------------------

    def promote(self) -> None:
        """This process took over: its leases are held here now (the table starts empty),
        no word confirms a lease the last owner granted, and for ``REHOLD_S`` a free lease
        goes only to a process that held it there (``grant(rehold=True)``)."""
        self._words.clear()
        with self._guard:
            self._reholding_until = time.monotonic() + REHOLD_S
            self._table = {vid: (HERE, file) for vid, file in self._mine}
            self._mine.clear()
            self._confirmable.clear()

    def reattach(self, link: OwnerLink) -> None:
        """A new owner: hold there the leases this process held at the last one. One that
        another process took meanwhile is lost: its holder's transaction cannot commit."""
        with self._guard:
            mine = list(self._mine)
            self._confirmable.clear()  # the new owner cleared the words
        for vid, file in mine:
            if not link.call("lock", bytes(vid), file):
                log.warning("the writer lease of %s went to another process in a takeover", vid)
                with self._guard:
                    self._mine.discard((vid, file))
                    self._lost.add((vid, file))

    def close(self) -> None:
        self._words.close()

    def ops(self) -> dict[str, Any]:
        """The owner's handlers of the lease requests (holder: the connection's id)."""
        return {
            "lock": lambda conn, vid, file: self.grant(id(conn), VolumeId(vid), file, rehold=True),
            "lock_at": lambda conn, vid, file: self.grant_at(id(conn), VolumeId(vid), file),
            "unlock": lambda conn, vid, file: self.revoke(id(conn), VolumeId(vid), file),
            "lock_taken": lambda conn, vid: self.held(VolumeId(vid)),
        }
