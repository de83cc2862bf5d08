"""Per-connection limits of a service, so idle or trickling sockets cannot exhaust it.

Without them every accepted socket holds a descriptor for as long as the peer likes: a few hundred
idle sockets use up ``RLIMIT_NOFILE``, after which ``accept()`` fails on every loop tick (and
asyncio logs each failure) and ``/health`` is never answered. Here:

- **A connection cap** below the descriptor limit (``{PREFIX}_MAX_CONNECTIONS``; by default
  ``RLIMIT_NOFILE`` less headroom for the server's own files). It is enforced in ``accept()``
  itself, before asyncio makes a transport: at the cap, the connection idle longest (no request
  in progress) is closed to make room; if every connection is serving a request, the new one is
  answered 503 and closed at once. asyncio accepts a whole backlog in one loop tick, and makes
  the connections (or frees the evicted ones' descriptors) only on the next, so accepting pauses
  for a tick when the cap's count depends on them. A new client therefore always gets through
  unless the server is really busy, and the process never runs out of descriptors.
- **An idle timeout** (``{PREFIX}_IDLE_TIMEOUT``, seconds): a connection that sends nothing for
  that long after it opened or after its last response is closed.
- **A client timeout** (``{PREFIX}_CLIENT_TIMEOUT``, seconds): once a request's first bytes
  arrived, its whole head must arrive within that time (slow-header, "slowloris", clients); a
  body may not pause for longer (unless the server stopped reading it), nor may the client stop
  reading an answer for longer (its unsent rest is then dropped). Heads are also bounded in size
  (a 400 beyond 16 KiB), bodies by each service's body limit.

The protocol is uvicorn's httptools one (llhttp, a C parser: h11's pure-Python parsing took about
1 ms of CPU per request, a quarter of a 64-page write), told by its parser callbacks where a
request stands.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import os
import resource
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from graft_core.errors import InvalidInputError
from graft_core.wire import CONTENT_TYPE, ErrorBody, encode

__all__ = ["ConnectionGuard", "ConnectionLimits", "descriptor_budget"]

log = logging.getLogger("graft.connections")

# Descriptors kept for the server itself (logs, segments, cache files, outgoing connections).
_MIN_HEADROOM = 32
_HEADROOM_DIVISOR = 4
# Evicted connections hold their descriptor until the next loop tick: room for a burst of them.
_EVICTION_SLACK = 16
_NO_LIMIT_NOFILE = 1 << 20


def descriptor_budget() -> int:
    """How many client connections fit under this process's ``RLIMIT_NOFILE`` with headroom."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = _NO_LIMIT_NOFILE if soft == resource.RLIM_INFINITY else soft
    headroom = max(_MIN_HEADROOM, limit // _HEADROOM_DIVISOR) + _EVICTION_SLACK
    return max(1, limit - headroom)


def _env_number(name: str, kind: Callable[[str], float], default: float) -> float:
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise InvalidInputError(f"{name}={text!r} is not a number") from None
    if value <= 0:
        raise InvalidInputError(f"{name} must be positive, not {text}")
    return value


@dataclass(frozen=True)
class ConnectionLimits:
    max_connections: int
    idle_timeout_s: int = 5
    client_timeout_s: float = 10.0

    @classmethod
    def from_env(cls, prefix: str) -> ConnectionLimits:
        """``{prefix}_MAX_CONNECTIONS``, ``_IDLE_TIMEOUT``, ``_CLIENT_TIMEOUT``; the cap may not
        exceed what the descriptor limit allows."""
        budget = descriptor_budget()
        cap = int(_env_number(f"{prefix}_MAX_CONNECTIONS", int, budget))
        if cap > budget:
            raise InvalidInputError(
                f"{prefix}_MAX_CONNECTIONS={cap} does not fit the descriptor limit "
                f"(RLIMIT_NOFILE allows {budget} connections; raise it with ulimit -n)"
            )
        return cls(
            max_connections=cap,
            idle_timeout_s=int(_env_number(f"{prefix}_IDLE_TIMEOUT", int, cls.idle_timeout_s)),
            client_timeout_s=_env_number(f"{prefix}_CLIENT_TIMEOUT", float, cls.client_timeout_s),
        )


def _refusal() -> bytes:
    body = encode(ErrorBody(code="unavailable", message="too many connections, retry later"))
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        f"content-type: {CONTENT_TYPE}\r\ncontent-length: {len(body)}\r\n"
        "retry-after: 1\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


_REFUSAL = _refusal()


def _refuse(conn: socket.socket) -> None:
    """Answer 503 and close without ever handing the socket to the event loop."""
    conn.setblocking(False)
    try:
        conn.send(_REFUSAL)
        conn.shutdown(socket.SHUT_WR)
        # Unread input makes close() send a reset, which could discard the 503 at the peer.
        conn.recv(65536)
    except OSError:
        pass
    finally:
        conn.close()


_MAX_HEAD = 16 * 1024  # bytes of a request head (line and headers) before it is refused 400


class _Phase(enum.Enum):
    """Where the parser is in the connection's current request."""

    IDLE = "idle"  # between requests (the last one may still be answered)
    HEAD = "head"  # a request's line and headers are arriving
    BODY = "body"  # its body is arriving


class _HeadTooLarge(ValueError):
    """Raised in a parser callback: httptools turns it into a parser error, which uvicorn
    answers 400."""


class _GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, reporting to the guard whether it waits for a request and
    bounding request heads (llhttp itself does not)."""

    guard: ClassVar[ConnectionGuard]
    _timer: asyncio.TimerHandle | None = None
    _write_timer: asyncio.TimerHandle | None = None
    _head_started = False
    _phase = _Phase.IDLE
    _head_parsed = 0  # bytes of the head's URL and headers parsed so far
    _head_pending = 0  # bytes of later chunks that all belong to the head (not parsed yet)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.guard.made(self)
        self._arm(self.guard.limits.idle_timeout_s, self._expire)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._writing_resumed()
        self.guard.closed(self)
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        super().pause_writing()
        limit = self.guard.limits.client_timeout_s
        self._write_timer = self.loop.call_later(limit, self._expire)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._writing_resumed()

    def _writing_resumed(self) -> None:
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None

    def data_received(self, data: bytes) -> None:
        was_head = self._phase is _Phase.HEAD
        super().data_received(data)
        if self._phase is _Phase.HEAD and was_head:
            # All of this chunk belongs to a head still open. One header can grow without bound
            # before its callback: the raw bytes count too (each count is at most the head).
            self._head_pending += len(data)
            if self._head_pending > _MAX_HEAD and not self.transport.is_closing():
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Request head too large.")
        self._track(got_data=True)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._phase = _Phase.HEAD
        self._head_parsed = self._head_pending = 0

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self._count_head(len(url))

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        self._count_head(len(name) + len(value) + 4)

    def _count_head(self, size: int) -> None:
        self._head_parsed += size
        if self._head_parsed > _MAX_HEAD:
            raise _HeadTooLarge(f"request head exceeds {_MAX_HEAD} bytes")

    def on_headers_complete(self) -> None:
        self._phase = _Phase.BODY
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._phase = _Phase.IDLE
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._track(got_data=False)

    def close(self) -> None:
        self._disarm()
        if self.flow.write_paused:
            self.transport.abort()  # close() would wait for a reader that does not read
        else:
            self.transport.close()

    def _track(self, *, got_data: bool) -> None:
        if self.transport.is_closing():
            return
        answering = self.cycle is not None and not self.cycle.response_complete
        if self._phase is not _Phase.BODY and not answering:
            self.guard.idle(self)
            # uvicorn's keep-alive timer covers a silent idle connection; from a request's first
            # byte on, its head has client_timeout_s to arrive.
            if self._phase is _Phase.HEAD and not self._head_started:
                self._head_started = True
                self._arm(self.guard.limits.client_timeout_s, self._expire)
            return
        self.guard.busy(self)
        self._head_started = False
        if self._phase is _Phase.BODY and got_data:
            self._arm(self.guard.limits.client_timeout_s, self._body_stalled)
        elif self._phase is not _Phase.BODY:
            self._disarm()

    def _expire(self) -> None:
        self.guard.expire(self)

    def _body_stalled(self) -> None:
        """No body bytes for a while: the client's fault, unless the app stopped reading."""
        if self.flow.read_paused:
            self._arm(self.guard.limits.client_timeout_s, self._body_stalled)
        else:
            self.guard.expire(self)

    def _arm(self, seconds: float, callback: Callable[[], None]) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, callback)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class _GuardedListener(socket.socket):
    """A listening socket whose ``accept()`` admits connections through a guard."""

    guard: ConnectionGuard

    def accept(self) -> tuple[socket.socket, Any]:
        while True:
            if self.guard.must_wait():
                # asyncio stops accepting for this tick and runs what it scheduled (closes,
                # connections made); the waiting connections are taken on the next one.
                raise BlockingIOError("accepted connections are still being made or closed")
            conn, address = super().accept()
            if self.guard.admit():
                return conn, address
            _refuse(conn)


class ConnectionGuard:
    """The open connections of one server, the cap on them, and who is evicted at the cap."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self._open = 0  # accepted and not yet lost: descriptors in use
        self._unmade = 0  # accepted, their protocol not made yet (on the loop's next tick)
        self._idle: dict[_GuardedProtocol, None] = {}  # waiting for a request, longest first
        self._closing: set[_GuardedProtocol] = set()
        self.protocol: type[HttpToolsProtocol] = type(
            "GuardedHttpToolsProtocol", (_GuardedProtocol,), {"guard": self}
        )

    def listener(self, sock: socket.socket) -> socket.socket:
        """``sock`` (bound, not yet listening) as a socket that admits through this guard."""
        guarded = _GuardedListener(sock.family, sock.type, sock.proto, fileno=sock.detach())
        guarded.guard = self
        return guarded

    def uvicorn_options(self) -> dict[str, Any]:
        return {"http": self.protocol, "timeout_keep_alive": self.limits.idle_timeout_s}

    def must_wait(self) -> bool:
        """Whether the next connection must wait for the loop's next tick. A tick takes a whole
        backlog at once, but its connections join the idle ones, and the descriptors of those
        evicted are freed, only on the next: until then, the cap would refuse what eviction
        admits later."""
        if len(self._closing) >= _EVICTION_SLACK:
            return True
        at_cap = self._open - len(self._closing) >= self.limits.max_connections
        return at_cap and not self._idle and self._unmade > 0

    def admit(self) -> bool:
        cap = self.limits.max_connections
        if self._open - len(self._closing) >= cap:
            victim = next(iter(self._idle), None)
            if victim is None:
                log.warning("refusing connections: all %d are serving requests", cap)
                return False
            self._close(victim)
        self._open += 1
        self._unmade += 1
        return True

    def made(self, conn: _GuardedProtocol) -> None:
        """An admitted connection has its protocol: idle until its first request."""
        self._unmade -= 1
        assert self._unmade >= 0, "a connection was made twice"
        self.idle(conn)

    def idle(self, conn: _GuardedProtocol) -> None:
        self._idle.setdefault(conn, None)

    def busy(self, conn: _GuardedProtocol) -> None:
        self._idle.pop(conn, None)

    def expire(self, conn: _GuardedProtocol) -> None:
        """A timeout: the peer was idle, slow to send a request, or stopped reading an answer."""
        self._close(conn)

    def closed(self, conn: _GuardedProtocol) -> None:
        self._open -= 1
        self._idle.pop(conn, None)
        self._closing.discard(conn)
        assert self._open >= 0, "a connection was lost twice"

    def _close(self, conn: _GuardedProtocol) -> None:
        self._idle.pop(conn, None)
        self._closing.add(conn)
        conn.close()
