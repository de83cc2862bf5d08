"""SharedDir: which process owns a data dir, and the hand-over when the owner goes away.

The owner holds ``flock`` on the directory (the kernel drops it when the process dies, even by
SIGKILL) and serves an ``OwnerServer``; every other process holds an ``OwnerLink`` to it. When
a link breaks, its process races for the lock: the winner recovers the database as a fresh
start would and serves, the others connect to it and hold again what they held.
"""

from __future__ import annotations

import fcntl
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from graft_client.shared.link import OwnerLink, connect, peer_pid, process_stopped
from graft_client.shared.namespaces import ForeignOwnerWatch
from graft_client.shared.server import Connection, OwnerServer, Reply
from graft_client.shared.wire import WIRE_VERSION, NotSentError, address
from graft_client.storage.db import FULL_ADVICE
from graft_core.datadir import live_server
from graft_core.errors import (
    ClosedError,
    DataDirLockedError,
    StorageError,
    StorageFullError,
    StorageUnavailableError,
)

__all__ = ["Roles", "SharedDir"]

T = TypeVar("T")

log = logging.getLogger(__name__)

# How long an opener waits for an owner that holds the lock but does not answer yet (starting).
ATTACH_TIMEOUT_S = 30.0
# How long an owner found stopped may stay so before an opener says it is; how often it looks.
STOPPED_S = 1.0
_LOOK_S = 0.2
_RETRY_S = 0.001
# After a takeover that failed (a full disk, say): the first wait before the next, doubled
# after each failure up to the last.
TAKEOVER_BACKOFF_S = (0.05, 2.0)


@dataclass(frozen=True)
class Roles:
    """What a process does on becoming owner and on attaching to a new one."""

    promote: Callable[[], None]
    reattach: Callable[[OwnerLink], None]
    handle: Callable[[Reply, str, list[Any]], Any]
    dropped: Callable[[Connection], None]
    slow: Callable[[str, list[Any]], bool]  # whether a request may wait (it runs on a pool)


def _owner_said(found: Any) -> tuple[int, bytes]:
    """(pid, client id) from the owner's answer to ``hello``; ``DataDirLockedError`` if the
    owner speaks another version of the messages (another graft version runs it)."""
    if isinstance(found, list) and len(found) == 3 and found[2] == WIRE_VERSION:
        return found[0], found[1]
    pid = found[0] if isinstance(found, list) and found else "?"
    raise DataDirLockedError(
        f"the process that owns the data dir (pid {pid}) runs another graft version; stop it, "
        "or this one, and run both on one version"
    )


def _hello(link: OwnerLink, pid: int, data_dir: Path, deadline: float) -> Any:
    """The answer to ``hello`` of the owner, process ``pid``; ``StorageUnavailableError`` if
    none comes by ``deadline``: an owner that accepts but never answers must not hold an
    opening process for good. One found stopped for ``STOPPED_S`` is told at once
    (``DataDirLockedError``), with what would make it answer."""
    guard = threading.Lock()
    ended: list[str] = []  # "answered", or why the wait ended
    stopped_since: list[float] = []

    def look() -> None:
        with guard:
            if ended:
                return
            now = time.monotonic()
            if not process_stopped(pid):
                stopped_since.clear()
            elif not stopped_since:
                stopped_since.append(now)
            if now >= deadline or (stopped_since and now - stopped_since[0] >= STOPPED_S):
                ended.append("stopped" if stopped_since else "late")
                link.close()  # the call fails, or its answer is not taken
                return
        again = threading.Timer(min(_LOOK_S, max(0.0, deadline - now)), look)
        again.daemon = True
        again.start()

    look()
    try:
        found = link.call("hello")
    except StorageUnavailableError:
        if ended == ["stopped"]:
            raise DataDirLockedError(
                f"data dir {data_dir} is owned by pid {pid}, which is stopped (Ctrl-Z, SIGSTOP "
                f"or a debugger) and answers no process: continue it (fg, or kill -CONT {pid}) "
                "or end it; the processes attached to it wait until then"
            ) from None
        raise
    finally:
        with guard:  # the looking stops, however the call ended
            in_time = not ended
            ended.append("done")
    if not in_time:
        raise StorageUnavailableError("the owner answered as the wait for it ended")
    return found


class SharedDir:
    def __init__(self, data_dir: Path, kept: int | None = None) -> None:
        """``kept``: the lock as ``keep_lock`` kept it from this process's last owner (taken
        over here: this one owns the data dir, and releases the lock)."""
        self.data_dir = data_dir
        self._address = address(data_dir)
        self._fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY) if kept is None else kept
        self._guard = threading.Condition()
        self._link: OwnerLink | None = None
        self._server: OwnerServer | None = None
        self._roles: Roles | None = None
        self._changing = False
        self._stopping = False  # closing: no takeover starts (``stop_changes``)
        self._closed = False
        self._closed_why = f"client for {data_dir} is closed"
        self._backoff = 0.0  # before the next takeover, after one failed
        # Why the last takeover failed, until one succeeds: calls meanwhile raise it.
        self._failed: tuple[type[StorageError], str] | None = None
        self.owner_pid = os.getpid()
        self.owner_client_id = b""  # attached: the data dir's client id, as the owner said
        self.failovers: list[float] = []  # seconds from losing the owner to working again
        try:
            self._claim(time.monotonic() + ATTACH_TIMEOUT_S)
        except BaseException:
            os.close(self._fd)
            raise

    @property
    def is_owner(self) -> bool:
        return self._link is None

    def _claim(self, deadline: float) -> None:
        """Take the lock, or connect to the process that has it."""
        foreign = ForeignOwnerWatch(self.data_dir, self._fd)
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._link = None
                self.owner_pid = os.getpid()
                return
            except BlockingIOError:
                pass
            sock = connect(self._address, self.data_dir)
            if sock is not None:
                link = OwnerLink(sock, self._lost, self.data_dir)
                try:
                    found = _hello(link, peer_pid(sock), self.data_dir, deadline)
                    self.owner_pid, self.owner_client_id = _owner_said(found)
                except StorageUnavailableError:
                    link.close()
                except DataDirLockedError:
                    link.close()
                    raise
                else:
                    self._link = link
                    return
            elif (server := live_server(self.data_dir)) is not None:
                raise DataDirLockedError(
                    f"data dir {self.data_dir} is a graft server's{server}; a client keeps a "
                    "data dir of its own: give it another, with the servers' URLs as "
                    "--metastore and --pagestore (GRAFT_METASTORE, GRAFT_PAGESTORE)"
                )
            else:
                foreign.check()
            if time.monotonic() > deadline:
                raise DataDirLockedError(
                    f"data dir {self.data_dir} is locked by a process that does not answer "
                    f"on its endpoint within {ATTACH_TIMEOUT_S:.0f} s"
                )
            time.sleep(_RETRY_S)

    def serve(self, roles: Roles) -> None:
        """Start serving (the owner) or be ready to take over (attached). Until then, an
        attached process must not call the owner: a takeover could not complete."""
        with self._guard:
            self._roles = roles
            if self._link is None:
                self._start_server(roles)
            elif self._link.lost:
                self._start_failover()

    def _start_server(self, roles: Roles) -> None:
        self._server = OwnerServer(self._address, roles.handle, roles.dropped, roles.slow)

    @property
    def attached_pids(self) -> list[int]:
        server = self._server
        return [] if server is None else server.attached

    def link(self) -> OwnerLink | None:
        """The link to the owner; None when this process owns the dir. Waits out a takeover;
        while a failed one is tried again, raises why it failed (``StorageError``)."""
        if self._closed:  # first, unguarded: in a forked child the guard may stay held
            raise ClosedError(self._closed_why)
        with self._guard:
            self._guard.wait_for(
                lambda: not self._changing or self._closed or self._failed is not None
            )
            if self._closed:
                raise ClosedError(self._closed_why)
            if self._changing and self._failed is not None:
                kind, why = self._failed  # tried again in the background: not a wait for good
                raise kind(why)
            return self._link

    def call(self, local: Callable[[], T], op: str, *args: Any, retry: bool = True) -> T | Any:
        """``local()`` when this process owns the dir, else ``op`` at the owner. A call cut off
        by the owner going away runs again (at the next owner, or locally) when ``retry``
        (reads and idempotent requests), or when it had not reached the owner; else it raises
        ``StorageUnavailableError``."""
        while True:
            link = self.link()
            if link is None:
                return local()
            try:
                return link.call(op, *args)
            except StorageUnavailableError as exc:
                not_run = isinstance(exc, NotSentError)  # the owner may be closing, not gone
                if not (link.lost or not_run):
                    raise
                self._lost(link)
                if not (retry or not_run):
                    raise

    def _lost(self, link: OwnerLink) -> None:
        with self._guard:
            if self._closed or self._stopping or self._changing or self._link is not link:
                return
            self._start_failover()

    def _start_failover(self) -> None:
        self._changing = True
        if self._roles is not None:  # else serve() starts it
            threading.Thread(target=self._failover, name="graft-failover", daemon=True).start()

    def _failover(self) -> None:
        started = time.monotonic()
        roles = self._roles
        assert roles is not None
        old = self._link
        changed = False  # else the client closed first, or the takeover failed
        try:
            while not (self._closed or self._stopping):
                try:
                    fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    pass
                else:
                    try:
                        roles.promote()
                    except Exception:
                        fcntl.flock(self._fd, fcntl.LOCK_UN)  # another process may succeed
                        raise
                    with self._guard:
                        self._link = None
                        self.owner_pid = os.getpid()
                        self._start_server(roles)
                    changed = True
                    break
                sock = connect(self._address, self.data_dir)
                if sock is not None and self._attach_to(sock, roles):
                    changed = True
                    break
                time.sleep(_RETRY_S)
        except Exception as exc:
            self._back_off(exc)
        finally:
            if old is not None:
                old.close()
            with self._guard:
                self._changing = False
                if changed:
                    self._failed = None
                self._guard.notify_all()
            if self._link is not None and self._link.lost:
                self._lost(self._link)  # the new owner went away too
        if not changed:
            return
        self._backoff = 0.0
        elapsed = time.monotonic() - started
        self.failovers.append(elapsed)
        role = "owner" if self._link is None else f"attached to pid {self.owner_pid}"
        log.info(
            "data dir %s: owner changed in %.1f ms; now %s", self.data_dir, elapsed * 1e3, role
        )

    def _back_off(self, exc: Exception) -> None:
        """A takeover failed: say so in one line, and wait longer after each failure before
        the next (every one would fail alike, as fast as it can, until what failed is
        mended). Calls meanwhile raise why, rather than wait for a mend that may never come."""
        first, most = TAKEOVER_BACKOFF_S
        self._backoff = min(most, max(first, 2 * self._backoff))
        log.warning(
            "taking over data dir %s failed: %s; trying again in %.2f s",
            self.data_dir,
            exc,
            self._backoff,
        )
        log.debug("the takeover failed here", exc_info=True)
        kind = StorageFullError if isinstance(exc, StorageFullError) else StorageUnavailableError
        why = (
            f"no process owns data dir {self.data_dir}: its owner went away and taking it over "
            f"here failed: {str(exc).replace(FULL_ADVICE, 'free space')}; this process tries "
            f"again by itself, every {most:g} s at most"
        )
        with self._guard:
            self._failed = (kind, why)
            self._guard.notify_all()
            self._guard.wait_for(lambda: self._closed or self._stopping, timeout=self._backoff)

    def _attach_to(self, sock: socket.socket, roles: Roles) -> bool:
        link = OwnerLink(sock, self._lost, self.data_dir)
        try:
            pid, _ = _owner_said(link.call("hello"))
            roles.reattach(link)
        except DataDirLockedError as exc:  # waits for an owner of this version
            log.error("data dir %s: %s", self.data_dir, exc)
            link.close()
            return False
        except StorageUnavailableError:
            link.close()
            return False
        with self._guard:
            self._link = link
            self.owner_pid = pid
        return True

    def stop_changes(self) -> None:
        """No takeover starts from now on, and one under way ends first: the client closes, and
        a takeover still opening the primary as it closed its storage would leave the primary
        open, and the data dir locked, for as long as this process lives."""
        with self._guard:
            self._stopping = True
            self._guard.notify_all()
            # Before ``serve`` no takeover thread runs, though one may be due.
            self._guard.wait_for(lambda: not self._changing or self._roles is None)

    def close(self) -> None:
        """Stop serving or drop the link; the lock goes with the fd (call last)."""
        with self._guard:
            if self._closed:
                return
            self._closed = True
            self._guard.notify_all()
            link, server = self._link, self._server
        if link is not None:
            link.close()
        if server is not None:
            server.close()

    def abandon(self, why: str) -> None:
        """In a child forked from this process: close its copies of the lock, the endpoint
        and its connections, or the link, without a word to anyone: they stay the parent's,
        whose takeover by another process they no longer hold up. Calls raise ``ClosedError``
        saying ``why``. No lock is taken: a thread of the parent may have held one as it
        forked, and none of them came along."""
        self._closed, self._closed_why = True, why
        if self._link is not None:
            self._link.abandon()
        if self._server is not None:
            self._server.abandon()
        self.release()

    def keep_lock(self) -> int | None:
        """The owner: its lock, held on past ``release`` (an fd of the same open file, which
        ``flock`` locks) until a new ``SharedDir`` takes it over; None if attached."""
        return os.dup(self._fd) if self.is_owner and self._fd >= 0 else None

    def release(self) -> None:
        """Give up the lock (after the database is closed). Idempotent."""
        fd, self._fd = self._fd, -1
        if fd >= 0:
            os.close(fd)
