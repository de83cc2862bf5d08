"""A loopback HTTP/1.1 proxy in front of one server that injects network faults per request.

Clients talk to ``proxy.url`` instead of the server. Each request either passes through or gets
one fault, chosen by a scripted ``Rule`` (matched by path, used up after ``times`` requests) or
else drawn from the seeded per-fault ``rates`` of the ``FaultPlan`` (API calls, i.e. POSTs, only).
The proxy runs its own asyncio loop in a background thread, so blocking tests and clients with
their own loops can share it.

It frames messages by Content-Length (what httpx and uvicorn send), keeps client connections
alive, and opens one upstream connection per forwarded request. When the server is unreachable
the client connection is reset, as if the client had tried the dead server itself.
"""

from __future__ import annotations

import asyncio
import random
import socket
import struct
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import TracebackType
from urllib.parse import urlsplit

from graft_core import wire
from graft_core.errors import ServiceUnavailableError

__all__ = ["Fault", "FaultPlan", "FaultProxy", "ProxyStats", "Rule"]

_NO_BODY_STATUSES = frozenset({204, 304})
_HEAD_LIMIT = 64 << 10


class Fault(StrEnum):
    DROP_RESPONSE = "drop_response"  # the server applies the request; its answer never arrives
    DELAY_REQUEST = "delay_request"  # the request reaches the server late
    DELAY_RESPONSE = "delay_response"  # the answer reaches the client late
    DUPLICATE = "duplicate"  # the server gets the request twice; the client the second answer
    RESET = "reset"  # the connection is reset before anything is forwarded
    UNAVAILABLE = "unavailable"  # 503 with a wire error body, nothing forwarded


@dataclass(frozen=True)
class Rule:
    """Inject ``fault`` into the next ``times`` requests whose path ends with ``path``.

    ``path`` is the request path or a tail of it starting at a ``/``: ``"/commit"`` matches
    ``/metastore/v1/commit`` but not ``/metastore/v1/pull_commits``. With ``method`` (such as
    ``"PUT"``) only requests of that method match: an object store's writes, not its reads.
    """

    path: str
    fault: Fault
    times: int = 1
    method: str | None = None

    def __post_init__(self) -> None:
        if not self.path.startswith("/") or self.times < 1:
            raise ValueError(f"a rule needs a path starting with '/' and times >= 1: {self}")

    def matches(self, method: str, path: str) -> bool:
        return path.endswith(self.path) and self.method in (None, method)


@dataclass(frozen=True)
class FaultPlan:
    """Seeded random faults (probability per request, at most one fault each) and scripted rules.

    Scripted rules are checked first, in order; the random draw only happens for POST requests
    no rule matched.
    """

    seed: int = 0
    rates: Mapping[Fault, float] = field(default_factory=dict)
    delay_s: tuple[float, float] = (0.001, 0.01)
    rules: Sequence[Rule] = ()

    def __post_init__(self) -> None:
        rates = self.rates.values()
        if any(not 0 <= rate <= 1 for rate in rates) or sum(rates) > 1:
            raise ValueError(f"rates must be probabilities with a sum of at most 1: {self.rates}")
        low, high = self.delay_s
        if not 0 <= low <= high:
            raise ValueError(f"delay_s must be (low, high) with 0 <= low <= high: {self.delay_s}")


@dataclass(frozen=True)
class ProxyStats:
    connections: int  # client connections accepted
    requests: int  # requests received from clients
    forwarded: int  # requests sent to the server (a duplicate counts twice)
    injections: tuple[tuple[str, Fault], ...]  # (path, fault), in the order they happened

    def count(self, fault: Fault, path: str = "") -> int:
        """How often ``fault`` was injected into requests whose path ends with ``path``."""
        return sum(1 for at, kind in self.injections if kind is fault and at.endswith(path))


@dataclass
class _Message:
    head: bytes
    body: bytes = b""

    @cached_property
    def start_line(self) -> list[str]:
        return self.head.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)

    @cached_property
    def headers(self) -> dict[str, str]:
        lines = self.head.decode("latin-1").split("\r\n")[1:]
        pairs = (line.partition(":") for line in lines if line)
        return {key.strip().lower(): value.strip() for key, _, value in pairs}

    @property
    def keep_alive(self) -> bool:
        first, *_, last = self.start_line
        connection = self.headers.get("connection", "").lower()
        if "HTTP/1.0" in (first, last):
            return "keep-alive" in connection
        return "close" not in connection

    @property
    def raw(self) -> bytes:
        return self.head + self.body


@dataclass
class _PendingRule:
    rule: Rule
    left: int


class _Unframed(ValueError):
    """A message this proxy cannot frame (it only knows Content-Length bodies)."""


# How reading or writing a message fails: the peer went away, or sent what is not HTTP/1.1 with
# Content-Length framing (ValueError covers _Unframed and a malformed length or status).
_BROKEN_OFF = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError)


class _Unreachable(Exception):
    """The server could not be reached, or broke off before answering."""


class FaultProxy:
    def __init__(self, upstream: str, plan: FaultPlan | None = None) -> None:
        target = urlsplit(upstream)
        if target.scheme != "http" or target.hostname not in ("127.0.0.1", "localhost"):
            raise ValueError(
                f"the fault proxy forwards to http:// loopback servers only: {upstream}"
            )
        self._upstream = (target.hostname, target.port or 80)
        self._lock = threading.Lock()
        self._set_plan(plan or FaultPlan())
        self._connections = self._requests = self._forwarded = 0
        self._injections: list[tuple[str, Fault]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.url = ""

    # --- control, from any thread ---------------------------------------------------------------

    def start(self) -> str:
        assert self._loop is None, "already started"
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        port = asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(timeout=10)
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    def stop(self) -> None:
        if self._loop is None or self._thread is None:
            return
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()
        self._loop = self._thread = None

    def set_plan(self, plan: FaultPlan) -> None:
        """Replace the plan: a fresh random stream from its seed, its rules instead of the old."""
        with self._lock:
            self._set_plan(plan)

    def script(self, *rules: Rule) -> None:
        """Add one-shot rules after those still pending."""
        with self._lock:
            self._rules.extend(_PendingRule(rule, rule.times) for rule in rules)

    def stats(self) -> ProxyStats:
        with self._lock:
            return ProxyStats(
                self._connections, self._requests, self._forwarded, tuple(self._injections)
            )

    def __enter__(self) -> FaultProxy:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _set_plan(self, plan: FaultPlan) -> None:
        self._plan = plan
        self._random = random.Random(plan.seed)
        self._rules = [_PendingRule(rule, rule.times) for rule in plan.rules]

    # --- on the proxy's loop --------------------------------------------------------------------

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    async def _close(self) -> None:
        assert self._server is not None
        self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        with self._lock:
            self._connections += 1
        try:
            while (request := await _read_request(reader)) is not None:
                if not await self._answer(request, writer):
                    break
        except _BROKEN_OFF:
            pass  # the client went away mid-request, or sent what this proxy cannot frame
        except asyncio.CancelledError:
            # stop() ends every connection. Ending quietly, not cancelled, because Python 3.11's
            # start_server callback calls task.exception(), which raises on a cancelled task.
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _answer(self, request: _Message, client: asyncio.StreamWriter) -> bool:
        """Answer one request, or not; False when the client connection has to end."""
        fault = self._choose(request)
        if fault is Fault.RESET:
            _reset(client)
            return False
        if fault is Fault.UNAVAILABLE:
            client.write(_unavailable())
            await client.drain()
            return request.keep_alive
        if fault is Fault.DELAY_REQUEST:
            await asyncio.sleep(self._delay())
        try:
            response = await self._forward(request)
            if fault is Fault.DUPLICATE:
                response = await self._forward(request)
        except _Unreachable:
            _reset(client)
            return False
        if fault is Fault.DROP_RESPONSE:
            return False
        if fault is Fault.DELAY_RESPONSE:
            await asyncio.sleep(self._delay())
        client.write(response.raw)
        await client.drain()
        return request.keep_alive and response.keep_alive

    def _choose(self, request: _Message) -> Fault | None:
        method, target = request.start_line[:2]
        path = target.split("?", 1)[0]
        with self._lock:
            self._requests += 1
            fault = self._scripted(method, path) or (self._drawn() if method == "POST" else None)
            if fault is not None:
                self._injections.append((path, fault))
        return fault

    def _scripted(self, method: str, path: str) -> Fault | None:
        for pending in self._rules:
            if pending.left > 0 and pending.rule.matches(method, path):
                pending.left -= 1
                return pending.rule.fault
        return None

    def _drawn(self) -> Fault | None:
        draw = self._random.random()
        for fault, rate in self._plan.rates.items():
            if draw < rate:
                return fault
            draw -= rate
        return None

    def _delay(self) -> float:
        with self._lock:
            return self._random.uniform(*self._plan.delay_s)

    async def _forward(self, request: _Message) -> _Message:
        try:
            reader, writer = await asyncio.open_connection(*self._upstream, limit=_HEAD_LIMIT)
        except OSError as exc:
            raise _Unreachable from exc
        try:
            with self._lock:
                self._forwarded += 1
            writer.write(request.raw)
            await writer.drain()
            method = request.start_line[0]
            return await _read_response(reader, body_expected=method != "HEAD")
        except _BROKEN_OFF as exc:
            raise _Unreachable from exc
        finally:
            writer.close()


async def _read_head(reader: asyncio.StreamReader) -> bytes | None:
    """The start line and headers, or None when the peer closed between messages."""
    try:
        return await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise
        return None


async def _read_request(reader: asyncio.StreamReader) -> _Message | None:
    head = await _read_head(reader)
    if head is None:
        return None
    message = _framed(head)
    message.body = await reader.readexactly(int(message.headers.get("content-length", 0)))
    return message


async def _read_response(reader: asyncio.StreamReader, *, body_expected: bool) -> _Message:
    head = await _read_head(reader)
    if head is None:
        raise asyncio.IncompleteReadError(b"", None)
    message = _framed(head)
    status = int(message.start_line[1])
    length = message.headers.get("content-length")
    if not body_expected or status < 200 or status in _NO_BODY_STATUSES:
        return message
    message.body = await (reader.readexactly(int(length)) if length else reader.read())
    return message


def _framed(head: bytes) -> _Message:
    message = _Message(head)
    if "transfer-encoding" in message.headers:
        raise _Unframed("faultproxy frames bodies by Content-Length only, not Transfer-Encoding")
    return message


def _unavailable() -> bytes:
    body = wire.encode_error(ServiceUnavailableError("injected by the fault proxy"))
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        f"content-type: {wire.CONTENT_TYPE}\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _reset(client: asyncio.StreamWriter) -> None:
    """Close with an RST (linger 0), as a crashed peer or a middlebox would."""
    sock = client.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.transport.abort()
