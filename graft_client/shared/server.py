"""OwnerServer: the owner's endpoint for the other processes of its data dir.

One thread accepts, one thread per connection reads requests. Quick requests are answered on
that thread in order; the ones that wait (network sync, long polls) run on a pool, and a
handler may answer later, from another thread (``Reply``: a request waiting its turn). What a
process holds at the owner (snapshot pins, SQLite locks) belongs to its connection and is
released when the connection drops, whether the process closed its client or died.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from graft_client.shared.wire import (
    NO_ANSWER,
    ConnectionLost,
    FrameReader,
    NotSentError,
    error_body,
    send_frame,
)

__all__ = ["LATER", "Connection", "OwnerServer", "Reply"]

log = logging.getLogger(__name__)

_PEERCRED = struct.Struct("3i")  # pid, uid, gid
# How long a closing owner waits for the quick requests it is running to be answered: a commit
# being written then gets its answer, where a dropped connection would leave its caller not
# knowing whether it landed. Bounded: the other processes wait that long to take over.
DRAIN_S = 0.5


def _closing() -> NotSentError:
    return NotSentError(
        "the process owning the data dir was closing and did not run the call (another "
        "process takes over: retry)"
    )


class Connection:
    """One attached process: its pid and what it holds (the handler keeps it in ``held``)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEERCRED.size)
        self.pid, self.uid, _ = _PEERCRED.unpack(creds)
        self.held: dict[str, Any] = {}
        # Held while what it holds changes: another thread than its own may answer it.
        self.guard = threading.Lock()
        self._send_guard = threading.Lock()

    def answer(self, request_id: int, ok: bool, value: Any) -> None:
        try:
            with self._send_guard:
                send_frame(self.sock, [request_id, ok, value])
        except OSError:
            pass  # it went away; its reader thread cleans up


class Reply:
    """Where the answer to one request goes: a handler that answers after it returns (from
    another thread, as its turn comes) keeps it and returns ``LATER``."""

    __slots__ = ("conn", "op", "request_id")

    def __init__(self, conn: Connection, request_id: int, op: str) -> None:
        self.conn = conn
        self.request_id = request_id
        self.op = op

    def send(self, value: Any) -> None:
        if self.request_id != NO_ANSWER:
            self.conn.answer(self.request_id, True, value)

    def fail(self, exc: Exception) -> None:
        if self.request_id == NO_ANSWER:
            log.warning("request %s of pid %d failed: %s", self.op, self.conn.pid, exc)
        else:
            self.conn.answer(self.request_id, False, error_body(exc))


# A handler's value when it answers by itself, later (through its ``Reply``).
LATER: Any = object()

Handler = Callable[[Reply, str, list[Any]], Any]


class OwnerServer:
    """Serves ``handler(connection, op, args)``; those that ``slow`` says may wait run on
    the pool."""

    def __init__(
        self,
        address: str,
        handler: Handler,
        dropped: Callable[[Connection], None],
        slow: Callable[[str, list[Any]], bool],
    ) -> None:
        self._handler = handler
        self._dropped = dropped
        self._slow = slow
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(address)
        self._listener.listen(64)
        self._pool = ThreadPoolExecutor(max_workers=32, thread_name_prefix="graft-owner-slow")
        self._connections: set[Connection] = set()
        self._guard = threading.Lock()
        self._closed = False
        # Quick requests being run on the connections' threads (``close`` waits for them).
        self._running = 0
        self._quiet = threading.Condition(self._guard)
        self._accepter = threading.Thread(target=self._accept, name="graft-owner", daemon=True)
        self._accepter.start()

    @property
    def attached(self) -> list[int]:
        """The pids of the attached processes."""
        with self._guard:
            return sorted(conn.pid for conn in self._connections)

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self._listener.accept()
            except OSError:
                return  # closed
            conn = Connection(sock)
            if conn.uid != os.getuid():
                # An abstract socket has no file permissions: only this user's processes attach.
                log.warning("refused a connection from pid %d of uid %d", conn.pid, conn.uid)
                sock.close()
                continue
            with self._guard:
                if self._closed:
                    sock.close()
                    return
                self._connections.add(conn)
            threading.Thread(
                target=self._serve, args=(conn,), name=f"graft-owner-{conn.pid}", daemon=True
            ).start()

    def _serve(self, conn: Connection) -> None:
        frames = FrameReader(conn.sock)
        try:
            while True:
                request_id, op, args = frames.next()
                if not self._admit():
                    if request_id != NO_ANSWER:  # a notice: what it releases goes as we close
                        conn.answer(request_id, False, error_body(_closing()))
                elif self._slow(op, args):
                    try:  # counted until submitted: ``close`` shuts the pool after
                        self._pool.submit(self._run, conn, request_id, op, args)
                    finally:
                        self._ran()
                else:
                    try:
                        self._run(conn, request_id, op, args)
                    finally:
                        self._ran()
        except (ConnectionLost, ValueError, TypeError):
            pass
        finally:
            with self._guard:
                self._connections.discard(conn)
            conn.sock.close()
            self._dropped(conn)

    def _admit(self) -> bool:
        """Whether a request that came may run: not once the server is closing (counted
        running until ``_ran``, so that ``close`` waits for it)."""
        with self._guard:
            if self._closed:
                return False
            self._running += 1
            return True

    def _ran(self) -> None:
        with self._guard:
            self._running -= 1
            if not self._running:
                self._quiet.notify_all()

    def _run(self, conn: Connection, request_id: int, op: str, args: list[Any]) -> None:
        reply = Reply(conn, request_id, op)
        try:
            value = self._handler(reply, op, args)
        except Exception as exc:  # answered, whatever it is: the caller waits for it
            reply.fail(exc)
            return
        if value is not LATER:
            reply.send(value)

    def abandon(self) -> None:
        """In a child forked from the owner: close its copies of the endpoint and of the
        connections, which stay the parent's (a copy closed neither stops nor hangs up)."""
        self._closed = True
        for sock in [self._listener, *(conn.sock for conn in self._connections)]:
            sock.close()

    def close(self) -> None:
        """Stop accepting, let the quick requests running finish (``DRAIN_S`` at most), and
        drop every connection (each process sees the owner go). A request that comes meanwhile
        is not run: its caller is told so, and runs it at the next owner."""
        with self._guard:
            self._closed = True
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        with self._guard:
            self._quiet.wait_for(lambda: not self._running, DRAIN_S)
            connections = list(self._connections)
        for conn in connections:
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)
        self._accepter.join()
        self._pool.shutdown(wait=False, cancel_futures=True)
