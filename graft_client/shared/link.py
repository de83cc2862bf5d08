"""OwnerLink: an attached process's connection to the owner of its data dir.

Calls from any thread share one socket: each request carries an id, and the calls read the
answers themselves (see ``OwnerLink``). When the owner goes away, every call in flight fails
with ``OwnerGoneError`` (its outcome unknown) and ``on_lost`` runs (once, on the thread that saw
it).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import select
import socket
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from graft_client.shared.namespaces import another_pid_namespace, pid_namespace_differs
from graft_client.shared.wire import (
    NO_ANSWER,
    ConnectionLost,
    FrameReader,
    NotSentError,
    OwnerGoneError,
    encode_frame,
    send_whole,
)
from graft_core.errors import DataDirLockedError, error_from_wire
from graft_core.interrupts import WAKE_S, interrupts_deferred, interrupts_held

__all__ = ["SOON_S", "OwnerLink", "connect", "peer_pid", "process_stopped"]

log = logging.getLogger(__name__)

_PEERCRED = struct.Struct("3i")  # pid, uid, gid
# How long a release sent with ``notify_soon`` waits at most for a request to go along with.
SOON_S = 0.05
# How long a call waits for an owner found stopped before the process logs why it waits (after
# an opener's wait for a stopped owner ends: ``node.STOPPED_S``); how often the link looks.
STOPPED_WARN_S = 2.0
_LOOK_MS = 500


def process_stopped(pid: int) -> bool:
    """Whether process ``pid`` is stopped (SIGSTOP, Ctrl-Z, a debugger); False if unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rpartition(b")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"T", b"t")


def _peer(sock: socket.socket) -> tuple[int, int]:
    """(pid, uid) of the process at the other end of ``sock``, as the kernel saw it connect
    (pid 0: a process this one cannot see)."""
    pid, uid, _ = _PEERCRED.unpack(
        sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEERCRED.size)
    )
    return pid, uid


def peer_pid(sock: socket.socket) -> int:
    return _peer(sock)[0]


def connect(address: str, data_dir: Path) -> socket.socket | None:
    """A connection to the owner of ``data_dir``, listening at ``address``; None if nobody
    listens there."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(address)
    except (ConnectionRefusedError, FileNotFoundError):
        sock.close()
        return None
    # An abstract socket has no file permissions: another user could listen at the address
    # first. Nothing (pages, keys) goes to a process of another user.
    pid, uid = _peer(sock)
    if uid != os.getuid():
        sock.close()
        raise DataDirLockedError(
            f"the endpoint of this data dir ({address[1:]!r}) is held by pid {pid} of uid "
            f"{uid}, not this user's: not attaching"
        )
    if pid == 0 or pid_namespace_differs(pid):  # 0: a process this one cannot see
        sock.close()
        raise another_pid_namespace(data_dir)
    return sock


class _Call:
    """One call waiting for its answer. Its thread sleeps on a lock (lighter than an ``Event``,
    which builds a condition per call) until it is answered or its turn to read comes."""

    __slots__ = ("_wake", "done", "ok", "request_id", "since", "value", "woken")

    def __init__(self) -> None:
        self._wake = threading.Lock()
        self._wake.acquire()
        self.since = time.monotonic()
        self.request_id = NO_ANSWER
        self.woken = False  # released since its thread last slept (the link's guard)
        self.done = False
        self.ok = False
        self.value: Any = None

    def sleep(self) -> None:
        while not self._wake.acquire(timeout=WAKE_S):  # wakes to hear a Ctrl-C
            pass

    def wake(self) -> None:
        """(The link's guard held.) Wake the call's thread once, whatever the reason."""
        if not self.woken:
            self.woken = True
            self._wake.release()


class OwnerLink:
    """Calls read their own answers: the first caller to wait reads the socket for every call
    until its own answer comes, answering the others' on the way, then hands the socket to a
    caller still waiting. A lone call thus wakes once per answer, not twice (a reader thread,
    then the caller). A watcher thread sleeps until the owner hangs up (``POLLRDHUP``, which
    does not fire as answers arrive) and then reads to the end, so a link nobody calls on still
    notices its owner going away. It also looks, every ``_LOOK_MS``, whether a call has waited
    ``STOPPED_WARN_S`` for an owner that is stopped, and logs so once: the calls wait for it."""

    def __init__(
        self, sock: socket.socket, on_lost: Callable[[OwnerLink], None], data_dir: Path
    ) -> None:
        self._sock = sock
        self._data_dir = data_dir
        self._owner_pid = peer_pid(sock)
        self._said_stopped = False  # the watcher's: whether it logged the owner stopped
        self._frames = FrameReader(sock)
        self._on_lost = on_lost
        self._ids = itertools.count(NO_ANSWER + 1)
        self._calls: dict[int, _Call] = {}
        self._guard = threading.Lock()
        self._send_guard = threading.Lock()
        self._reader: _Call | None = None  # the call whose thread reads the socket
        self._lost = False
        self._closing = False
        self._watcher = threading.Thread(target=self._watch, name="graft-owner-link", daemon=True)
        self._watcher.start()
        # Releases waiting to go along with the next request (``notify_soon``).
        self._later: list[bytes] = []
        self._flush_due = False
        self._flush_wanted = threading.Lock()
        self._flush_wanted.acquire()
        threading.Thread(target=self._flush_soon, name="graft-owner-link-soon", daemon=True).start()

    def call(self, op: str, *args: Any) -> Any:
        """Run ``op`` at the owner; its answer, or the error it raised (same class). A call
        interrupted (a Ctrl-C) stops waiting; its answer, if one comes, is dropped."""
        call = _Call()
        try:
            with self._guard:
                if self._lost:
                    raise self._not_sent()
                call.request_id = next(self._ids)
                self._calls[call.request_id] = call
            if not self._send([call.request_id, op, list(args)]):
                self._break()
                raise self._not_sent()
            self._wait(call)
        except BaseException:
            self._abandon(call)
            raise
        if call.ok:
            return call.value
        if call.value is None:
            raise self._gone()
        code, message = call.value
        raise error_from_wire(code, message)

    def _abandon(self, call: _Call) -> None:
        """``call`` waits no more: the socket goes to another call waiting, if nobody reads."""
        with self._guard:
            if self._calls.get(call.request_id) is call:
                del self._calls[call.request_id]
            if self._reader is call:
                self._reader = None
            if self._reader is None:
                self._pass_turn()

    def _pass_turn(self) -> None:
        """(The guard held, nobody reading.) Wake a call waiting, whose turn to read it is."""
        waiting = next(iter(self._calls.values()), None)
        if waiting is not None:
            waiting.wake()

    def notify(self, op: str, *args: Any) -> None:
        """Run ``op`` at the owner without waiting for it (nor hearing of its failure): for
        releases, which the owner also does by itself if this process goes away."""
        self._send([NO_ANSWER, op, list(args)])

    def notify_soon(self, op: str, *args: Any) -> None:
        """``notify``, sent with this process's next request, or ``SOON_S`` later at most: for
        releases that may wait a little (a snapshot unpinned a little later keeps a few page
        versions from reclaim a little longer), which saves the owner a wake-up each. Requests
        still reach the owner in the order they were made."""
        with self._send_guard:
            self._later.append(encode_frame([NO_ANSWER, op, list(args)]))
            if self._flush_due:
                return
            self._flush_due = True
        self._flush_wanted.release()

    def _send(self, message: Any) -> bool:
        """Send ``message`` after the releases waiting; whether it went. The owner's end is
        closed when it did not, with what it had not read (a release released went with
        it)."""
        frame = encode_frame(message)
        with self._send_guard:
            if self._later:
                self._later.append(frame)
                frame = b"".join(self._later)
                self._later.clear()
            try:
                send_whole(self._sock, frame)
            except OSError:
                return False
        return True

    def _flush_soon(self) -> None:
        while True:
            self._flush_wanted.acquire()
            if self._closing:
                return
            time.sleep(SOON_S)
            with self._send_guard:
                self._flush_due = False
                frames, self._later = b"".join(self._later), []
                if frames:
                    with contextlib.suppress(OSError):
                        send_whole(self._sock, frames)
            if self._closing:
                return

    def _not_sent(self) -> NotSentError:
        return NotSentError(
            "the process owning the data dir went away before the call reached it (another "
            "process takes over: retry)"
        )

    def _gone(self) -> OwnerGoneError:
        return OwnerGoneError(
            "the process owning the data dir went away during the call; its outcome is "
            "unknown (another process takes over: retry)"
        )

    def _wait(self, call: _Call) -> None:
        while True:
            with self._guard:
                if call.done:
                    return
                lead = self._reader is None
                if lead:
                    self._reader = call
                else:
                    call.woken = False
            if lead:
                self._read_until(call)
                return
            call.sleep()

    def _read_until(self, call: _Call) -> None:
        """Read answers (this thread has the socket) until ``call``'s came or the link broke.
        Each chunk read is handed out whole before a Ctrl-C comes: an answer taken from the
        socket and lost would leave its call waiting for good."""
        try:
            while not call.done:
                if not interrupts_deferred():  # a Ctrl-C may come: nothing taken until data is
                    while not self._frames.wait(WAKE_S):  # wakes to hear a Ctrl-C
                        pass
                with interrupts_held():
                    for request_id, ok, value in self._frames.read():
                        self._deliver(request_id, ok, value)
        except ConnectionLost:
            self._break()
        finally:
            with self._guard:
                self._reader = None
                self._pass_turn()

    def _deliver(self, request_id: int, ok: bool, value: Any) -> None:
        with self._guard:
            answered = self._calls.pop(request_id, None)
            if answered is not None:  # else its caller was interrupted: nobody wants it
                answered.ok, answered.value, answered.done = ok, value, True
                answered.wake()

    def _break(self) -> None:
        with self._guard:
            if self._lost:
                return
            self._lost = True
            pending, self._calls = list(self._calls.values()), {}
            for call in pending:
                call.ok, call.value, call.done = False, None, True  # gone
                call.wake()
        if not self._closing:
            self._on_lost(self)

    def _watch(self) -> None:
        poller = select.poll()
        poller.register(self._sock, select.POLLRDHUP)
        with contextlib.suppress(OSError, ValueError):  # the socket closed under it
            while not poller.poll(_LOOK_MS):
                self._look_at_owner()
        if self._closing:
            return
        ending = _Call()  # reads, when its turn comes, up to the end of the connection
        with self._guard:
            if self._lost:
                return  # a call read to the end already
            self._calls[ending.request_id] = ending
        self._wait(ending)

    def _look_at_owner(self) -> None:
        """Log once that the calls wait for a stopped owner (an app would hang with nothing
        said), and once that it continued."""
        # One copy of the calls (atomic under the GIL), not the guard: a daemon thread ended
        # by the interpreter's exit while holding it would leave the link's close waiting.
        since = min((call.since for call in list(self._calls.values())), default=None)
        waiting = since is not None and time.monotonic() - since >= STOPPED_WARN_S
        if not (waiting or self._said_stopped):
            return
        stopped = process_stopped(self._owner_pid)
        if stopped and not self._said_stopped:
            pid = self._owner_pid
            log.warning(
                "the process that owns data dir %s (pid %d) is stopped (Ctrl-Z, SIGSTOP or a "
                "debugger): this process's calls to it wait until it continues (fg, or kill "
                "-CONT %d) or ends",
                self._data_dir,
                pid,
                pid,
            )
        elif not stopped and self._said_stopped:
            log.info("the process that owns data dir %s continued", self._data_dir)
        self._said_stopped = stopped

    @property
    def lost(self) -> bool:
        return self._lost

    def abandon(self) -> None:
        """In a child forked from this process: close its copy of the socket, which stays the
        parent's link (no hang-up, no thread to stop: none came along)."""
        self._lost = self._closing = True
        self._sock.close()

    def close(self) -> None:
        self._closing = True
        with self._send_guard:
            if not self._flush_due:
                self._flush_wanted.release()  # the flusher ends
            self._flush_due = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        if threading.current_thread() is not self._watcher:
            self._watcher.join()
        self._sock.close()
