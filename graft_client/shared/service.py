"""OwnerService: what the owner does for the attached processes, one handler per request.

Each request runs the owner's own ``SharedState`` / ``SharedSession`` method, so a change from
another process is the same transition, under the same volume lock, as one made here. What a
connection holds (pins; autosync asked for) is released when it drops.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import astuple
from functools import partial
from typing import Any

from graft_client.shared.changes import Changed
from graft_client.shared.leases import WriterLeases
from graft_client.shared.server import LATER, Connection, Reply
from graft_client.shared.session import SharedSession, key_from_wire, push_to_wire
from graft_client.shared.state import (
    SharedState,
    committed_to_wire,
    config_from_wire,
    fork_from_wire,
    pinned_to_wire,
    stats_to_wire,
)
from graft_client.shared.versions import CACHED_COMMIT_PAGES, HeldVersions
from graft_client.shared.view import read_unless_inherited
from graft_client.shared.wire import WIRE_VERSION, snapshot_from_wire, snapshot_to_wire
from graft_client.storage.db import FULL_ADVICE, UNUSABLE
from graft_client.storage.records import SyncMode, encode
from graft_client.storage.state import LocalState
from graft_client.storage.view import NotFetched, not_fetched
from graft_client.sync.session import SyncSession
from graft_core.errors import (
    InvalidInputError,
    InvalidPageError,
    KeyRequiredError,
    SnapshotNotFoundError,
    StorageError,
)
from graft_core.ids import VolumeId
from graft_core.types import (
    LSN,
    LocalLSN,
    PageCount,
    Snapshot,
    check_page,
    check_page_count,
    check_pageidx,
)

__all__ = ["SLOW_OPS", "OwnerService"]

log = logging.getLogger(__name__)

# Requests that wait on the network or on other processes: they run on the server's pool.
SLOW_OPS = frozenset(
    {
        "push",
        "pull",
        "reset",
        "fetch_all",
        "fetch_pending",
        "fetch_inherited",
        "fork",
        "clone",
        "wait_remote_lsn",
    }
)

# Requests that sync through the owner's servers: it syncs for every process of the data dir.
_SYNCING = frozenset({"push", "pull", "reset", "fetch_all", "clone", "autosync"})

_PINS = "pins"
_AUTOSYNC = "autosync"
_HELD = "held versions"
_GONE = "gone"
_LENT = "lent servers"
# A pin's changed pages that the asker lacks go with it (it would ask for each next), this
# many at most.
SENT_PAGES = 16


def _explained(exc: Exception) -> Exception:
    """An error whose remedy lies in this process says so, for the caller's: a missing key
    says which process lacks it (the caller's may well have it); local storage that only a
    reopening brings back says whose client that is."""
    if isinstance(exc, KeyRequiredError):
        return type(exc)(
            f"{exc} [in the owner of the data dir, pid {os.getpid()}, which syncs for "
            f"every process: a process gives it its key by opening the volume with one]"
        )
    if isinstance(exc, StorageError):
        told = _as_told_elsewhere(str(exc))
        return exc if told == str(exc) else type(exc)(told)
    return exc


def _as_told_elsewhere(message: str) -> str:
    """``message``, of local storage that refuses writes until it is reopened, as another
    process of the data dir must read it: only this process's instance writes, so reopening
    the client of the process that got the error changes nothing; this one reopening its
    client (or stopping: another process then takes over, opening the database anew) does."""
    owner = f"the process that owns the data dir (pid {os.getpid()})"
    then = "(another process then takes over)"
    return message.replace(
        FULL_ADVICE,
        f"free space, then {owner} must reopen its client, or stop {then}; no process of the "
        "data dir can write until then",
    ).replace(UNUSABLE, f"is unusable until {owner} reopens its client, or stops {then}")


def _checked_pages(dirty: object, page_count: object) -> dict[int, bytes]:
    """A commit's pages as an attached process sent them, checked as ``VolumeWriter`` checks
    an app's: nothing else may be stored (a page of another size is unreadable)."""
    if not isinstance(dirty, dict):
        kind = type(dirty).__name__
        raise InvalidPageError(f"a commit's pages are a map of page index to page, not a {kind}")
    count = check_page_count(page_count)
    pages: dict[int, bytes] = {check_pageidx(i): check_page(page) for i, page in dirty.items()}
    above = [idx for idx in pages if idx > count]
    if above:
        raise InvalidPageError(f"page {max(above)} is above the commit's page count {count}")
    return pages


def _no_servers() -> InvalidInputError:
    """An attached process with no servers asked to sync: the owner syncs for every process
    (with servers that an asker lends it, see ``_lend``)."""
    return InvalidInputError(
        f"no servers configured in the process that owns the data dir (pid {os.getpid()}), "
        "which syncs for every process of it: give this process the servers (metastore= and "
        "pagestore=, or GRAFT_METASTORE and GRAFT_PAGESTORE), which it lends the owner, or "
        "give them to the owner"
    )


def _pins(conn: Connection) -> Counter[tuple[VolumeId, int]]:
    pins: Counter[tuple[VolumeId, int]] | None = conn.held.get(_PINS)
    if pins is None:  # built once per connection, not per request; by one thread of two
        pins = conn.held.setdefault(_PINS, Counter())
    return pins


def _held(conn: Connection) -> HeldVersions:
    held: HeldVersions | None = conn.held.get(_HELD)
    if held is None:
        held = conn.held.setdefault(_HELD, HeldVersions())
    return held


class OwnerService:
    def __init__(self, state: SharedState, session: SharedSession, leases: WriterLeases) -> None:
        self._state = state
        self._session = session
        self._leases = leases
        self._autosync_users = 0
        self._holding: set[Connection] = set()  # connections that held a pin, until dropped
        self._ops: dict[str, Callable[..., Any]] = {
            "hello": lambda conn: [os.getpid(), bytes(session.client_id), WIRE_VERSION],
            "mark": self._mark,
            "storage_refusing": self._storage_refusing,
            "snapshot": lambda conn, vid: snapshot_to_wire(state.snapshot(VolumeId(vid))),
            "wait_remote_lsn": lambda conn, vid, lsn, timeout: LocalState.wait_remote_lsn(
                state, VolumeId(vid), lsn, timeout
            ),
            "pin": self._pin,
            "read": self._read,
            "unpin": self._unpin,
            "repin": self._repin,
            "commit": self._commit,
            "landed": lambda conn, vid, base, commit_id: snapshot_to_wire(
                state.landed(VolumeId(vid), snapshot_from_wire(base), commit_id)
            ),
            "set_config": lambda conn, vid, raw: state.set_config(
                VolumeId(vid), config_from_wire(raw)
            ),
            "delete_volume": lambda conn, vid: state.delete_here(VolumeId(vid)),
            "create_filled": lambda conn, vid, sync, pages: snapshot_to_wire(
                LocalState.create_filled(state, VolumeId(vid), SyncMode(sync), [pages])
            ),
            "tokens": lambda conn, vids: state.tokens(VolumeId(vid) for vid in vids),
            "tag": lambda conn, name, vid, move: state.tag(name, VolumeId(vid), move=move),
            "untag": lambda conn, name: state.untag(name),
            "create_fork": lambda conn, vid, *wire: state.create_fork(
                VolumeId(vid), *fork_from_wire(*wire)
            ),
            "reclaim": lambda conn, vid: stats_to_wire(state.reclaim(VolumeId(vid))),
            "compact": lambda conn: stats_to_wire(state.compact()),
            "push": lambda conn, vid: push_to_wire(SyncSession.push(session, VolumeId(vid))),
            "pull": lambda conn, vid, wait_ms: (
                SyncSession.pull(session, VolumeId(vid), wait_ms).value
            ),
            "reset": lambda conn, vid: SyncSession.reset_to_remote(session, VolumeId(vid)),
            "fetch_all": lambda conn, vid: SyncSession.fetch_all(session, VolumeId(vid)),
            "fetch_pending": lambda conn, vid, idx, lsn, count: session.fetched_page(
                VolumeId(vid), idx, lsn, count
            ),
            "fetch_inherited": lambda conn, vid, idx, lsn, count: session.inherited_page(
                VolumeId(vid), idx, lsn, count
            ),
            "fork": lambda conn, vid, parent, lsn, keyring: SyncSession.fork(
                session, VolumeId(vid), VolumeId(parent), lsn, keyring
            ),
            "clone": lambda conn, vid, sync, encrypt_local: SyncSession.clone(
                session, VolumeId(vid), SyncMode(sync), encrypt_local=encrypt_local
            ),
            "resume": lambda conn, vid: SyncSession.resume_in_background(session, VolumeId(vid)),
            "key": lambda conn, vid, raw, passphrase, given: session.keys.adopt(
                VolumeId(vid), key_from_wire(raw, passphrase), replace=given
            ),
            "autosync": self._autosync,
            "autosync_running": lambda conn: session.autosync_running,
            "has_remote": lambda conn: session.has_remote,
            "servers": lambda conn: [session.metastore, session.pagestore, session.remote],
            "lend": self._lend,
            "push_state": lambda conn, vid: list(SyncSession.push_state(session, VolumeId(vid))),
            "errors": lambda conn, vid: [
                encode(e) for e in SyncSession.recent_errors(session, VolumeId(vid))
            ],
            "last_sync_ms": lambda conn, vid: SyncSession.last_sync_ms(session, VolumeId(vid)),
            "requests": lambda conn, vid: list(
                astuple(SyncSession.requests(session, VolumeId(vid)))
            ),
            **leases.ops(),
        }
        # Requests answered once their turn comes, from the thread whose work gives it.
        self._later: dict[str, Callable[..., None]] = {"pin_ahead": self._pin_ahead}

    def handle(self, reply: Reply, op: str, args: list[Any]) -> Any:
        try:
            if op in _SYNCING and not self._session.has_remote:
                raise _no_servers()
            later = self._later.get(op)
            if later is None:
                return self._ops[op](reply.conn, *args)
            later(reply, *args)
            return LATER
        except (KeyRequiredError, StorageError) as exc:
            raise _explained(exc) from exc

    def slow(self, op: str, args: list[Any]) -> bool:
        """Whether the request may wait (a pin ahead of a write waits its turn without)."""
        if op == "lock_at" and args and isinstance(args[0], bytes):
            try:
                return self._leases.may_wait(VolumeId(args[0]))
            except ValueError:  # not a volume id: answered as bad input where it runs
                return False
        return op in SLOW_OPS

    def dropped(self, conn: Connection) -> None:
        """The process closed its client or died: what it held goes (the servers it lent)."""
        self._leases.drop(id(conn))
        if conn.held.get(_LENT):
            log.info("pid %d, which lent this process its servers, went: syncing stops", conn.pid)
            SyncSession.forget_servers(self._session)
        with conn.guard:
            conn.held[_GONE] = True  # a pin made for it by another thread is undone
            pins = _pins(conn).copy()
        self._holding.discard(conn)
        for (vid, lsn), count in pins.items():
            for _ in range(count):
                self._state.unpin(vid, lsn)
        if conn.held.get(_AUTOSYNC):
            self._autosync_users -= 1
            if self._autosync_users == 0 and self._session.autosync_wanted is None:
                SyncSession.stop_autosync(self._session)
        log.debug("process %d detached", conn.pid)

    def _storage_refusing(self, conn: Connection) -> str | None:
        refusing = LocalState.storage_refusing(self._state)
        return None if refusing is None else _as_told_elsewhere(refusing)

    def _mark(self, conn: Connection) -> int | None:
        return self._state.write_mark()

    def _pin(
        self,
        conn: Connection,
        vid: bytes,
        lsn: int | None,
        token: int | None,
        since: int,
        hint: int | None,
    ) -> Any:
        at = None if lsn is None else LocalLSN(LSN(lsn))
        snapshot, changed, pinned = self._state.pin_since(VolumeId(vid), at, token, since, hint)
        if snapshot is None:
            return pinned_to_wire(None, None, False)
        if pinned:
            self._hold(conn, snapshot.vid, snapshot.lsn)
        pages = self._changed_pages(conn, snapshot, changed)
        as_of = None if at is not None else self._state.latest_as_of(snapshot.vid, snapshot.lsn)
        return pinned_to_wire(snapshot, changed, pinned, pages, as_of)

    def _hold(self, conn: Connection, vid: VolumeId, lsn: int) -> None:
        """Count a pin made for ``conn``'s process; undone if the process went away (a pin
        answered later is made by another thread than the connection's)."""
        with conn.guard:
            if not conn.held.get(_GONE):
                _pins(conn)[vid, lsn] += 1
                self._holding.add(conn)
                return
        self._state.unpin(vid, lsn)

    def pins_by_pid(self, vid: VolumeId) -> Counter[int]:
        """The pins of ``vid`` that each attached process holds here, by its pid."""
        found: Counter[int] = Counter()
        for conn in list(self._holding):  # copied at once: other threads add and drop
            with conn.guard:
                found[conn.pid] += sum(n for (v, _), n in _pins(conn).items() if v == vid)
        return +found

    def _pin_ahead(
        self,
        reply: Reply,
        vid: bytes,
        token: int | None,
        since: int,
        hint: int | None,
        file: int,
    ) -> None:
        """Answers ``_pin`` of the latest snapshot once the writer lease is taken for
        ``file`` (or not, after a short wait), whether it was, and the word that confirms it
        (``LeaseWords``): from the thread that freed the lease for it (no thread waits per
        waiter)."""

        def then(taken: bool) -> None:
            try:
                word = self._leases.word(id(reply.conn), VolumeId(vid), file) if taken else None
                pinned = self._pin(reply.conn, vid, None, token, since, hint)
                reply.send([*pinned, taken, word])
            except Exception as exc:  # answered, whatever it is: the caller waits for it
                reply.fail(_explained(exc))

        self._leases.grant_ahead_then(id(reply.conn), VolumeId(vid), file, then)

    def _changed_pages(
        self, conn: Connection, snapshot: Snapshot, changed: Changed | None
    ) -> dict[int, bytes]:
        """The pages to send with a pin of ``snapshot`` (pinned: they stay readable)."""
        if changed is None:
            return {}
        token, lsns = changed
        held, pages = _held(conn), {}
        for idx in held.lacking(token, snapshot.vid, lsns):
            page = self._state.newest_page(snapshot.vid, lsns[idx], idx)
            try:
                if page is None:
                    page = read_unless_inherited(
                        self._state, snapshot.vid, snapshot, idx, not_fetched
                    )
            except NotFetched:  # on the servers only: not sent with a pin
                continue
            if page is not None:
                pages[idx] = page
                if len(pages) == SENT_PAGES:
                    break
        if pages:
            held.note(token, snapshot.vid, {idx: lsns[idx] for idx in pages})
        return pages

    def _read(
        self, conn: Connection, vid: bytes, lsn: int, count: int, pageidx: int
    ) -> bytes | None:
        volume = VolumeId(vid)
        snapshot = Snapshot(volume, LSN(lsn), PageCount(count))
        fetch = partial(SyncSession.fetch_pending, self._session, volume)
        return read_unless_inherited(self._state, volume, snapshot, pageidx, fetch)

    def _unpin(self, conn: Connection, vid: bytes, lsn: int) -> None:
        key = (VolumeId(vid), lsn)
        with conn.guard:
            pins = _pins(conn)
            if pins[key] <= 0:
                return
            pins[key] -= 1
        self._state.unpin(*key)

    def _repin(self, conn: Connection, pins: list[list[Any]]) -> None:
        """A process whose owner went away holds its readers' snapshots here now. They were
        pinned at the last owner, so reclaim (which keeps every pinned LSN) kept them."""
        for vid, lsn, count in pins:
            key = (VolumeId(vid), lsn)
            try:
                for _ in range(count):
                    LocalState.pin(self._state, key[0], LocalLSN(LSN(lsn)))
                    self._hold(conn, *key)
            except SnapshotNotFoundError:
                # Reclaimed after the grace period: its readers read what their secondary
                # still has, and get SnapshotNotFoundError where it has not.
                log.warning("pid %d: snapshot %s@%d is gone; not pinned again", conn.pid, *key)

    def _commit(
        self,
        conn: Connection,
        vid: bytes,
        base: Any,
        dirty: dict[int, bytes],
        page_count: int,
        shrunk_to: int,
        commit_id: bytes,
        pin: list[Any],
        lease: int | None,
    ) -> Any:
        spare, token, since = pin
        volume = VolumeId(vid)
        found = self._state.commit_here(
            volume,
            snapshot_from_wire(base),
            _checked_pages(dirty, page_count),
            page_count,
            check_page_count(shrunk_to),
            (token, since) if spare else None,
            lease,
            id(conn),
            commit_id,
        )
        snapshot, log_token, _ = found
        if spare:
            self._hold(conn, volume, snapshot.lsn)
        if len(dirty) <= CACHED_COMMIT_PAGES:
            _held(conn).note_commit(log_token, volume, dirty.keys(), snapshot.lsn)
        return committed_to_wire(*found, self._state.latest_as_of(volume, snapshot.lsn))

    def _lend(self, conn: Connection, lent: object) -> list[str | None]:
        """An attached process with servers asks this owner, which has none, to sync with
        its (metastore, pagestore, token, remote): it syncs with them for every process until
        that process goes (lent servers that are wrong, given to a `graft push` that failed
        on them, stayed the owner's and refused the right ones until it exited). The servers
        it syncs with then."""
        if not (
            isinstance(lent, list)
            and len(lent) == 4
            and all(item is None or isinstance(item, str) for item in lent)
        ):
            raise InvalidInputError("lent servers: expected [metastore, pagestore, token, remote]")
        session = self._session
        if SyncSession.adopt_servers(session, *lent):
            conn.held[_LENT] = True
            log.info(
                "no servers were configured here: syncing the data dir with those of pid %d "
                "(metastore %s, pagestore %s, remote %s)",
                conn.pid,
                *(lent[i] or "-" for i in (0, 1, 3)),
            )
        return [session.metastore, session.pagestore, session.remote]

    def _autosync(self, conn: Connection, wait_ms: int) -> None:
        if not conn.held.get(_AUTOSYNC):
            conn.held[_AUTOSYNC] = True
            self._autosync_users += 1
        SyncSession.start_autosync(self._session, wait_ms=wait_ms)
