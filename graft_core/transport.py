"""A lean HTTP/1.1 transport for ``httpx.AsyncClient``, on asyncio streams.

httpx's default async transport (httpcore over anyio) spends about a millisecond of Python per
request on a small machine: more than a loopback round trip, and a push makes two requests. This
one writes each request with one call and reads the answer with two or three, keeping idle
connections per origin for reuse. It speaks what the Graft services need: any method, a body of
bytes, answers framed by ``Content-Length``, chunked, or by the server closing the connection;
``http`` and ``https``. Failures raise httpx's own exception types, so callers handle them the
same way whichever transport is in use.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import httpx

__all__ = ["LeanTransport", "tls_context"]

T = TypeVar("T")
_Origin = tuple[str, str, int]
_NO_BODY = frozenset({204, 304})
_MAX_HEAD = 64 << 10


@cache
def tls_context() -> ssl.SSLContext:
    """httpx's default TLS context, built once per process: loading the CA bundle takes tens of
    milliseconds, and every client of a process can share it."""
    return httpx.create_ssl_context()


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    def usable(self) -> bool:
        """False once the server has closed it (an idle keep-alive timed out) or it broke."""
        return not (self.reader.at_eof() or self.writer.is_closing())

    def close(self) -> None:
        self.writer.close()


@dataclass
class _Answer:
    status: int
    headers: list[tuple[bytes, bytes]]
    content: bytes
    keep_alive: bool


class LeanTransport(httpx.AsyncBaseTransport):
    """Connections are opened on demand; up to ``max_idle`` per origin wait for reuse."""

    def __init__(self, *, max_idle: int = 32) -> None:
        self._max_idle = max_idle
        self._idle: dict[_Origin, list[_Connection]] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        timeouts = request.extensions.get("timeout", {})
        origin = _origin(request.url)
        data = _head(request) + await request.aread()
        conn = self._checkout(origin) or await self._connect(origin, timeouts.get("connect"))
        try:
            answer = await self._exchange(conn, request.method, data, timeouts)
        except BaseException:
            conn.close()  # cancelled or failed mid-exchange: its state is unknown
            raise
        if answer.keep_alive and len(self._idle.setdefault(origin, [])) < self._max_idle:
            self._idle[origin].append(conn)
        else:
            conn.close()
        return httpx.Response(
            answer.status,
            headers=answer.headers,
            content=answer.content,
            request=request,
            extensions={"http_version": b"HTTP/1.1"},
        )

    def _checkout(self, origin: _Origin) -> _Connection | None:
        idle = self._idle.get(origin, [])
        while idle:
            conn = idle.pop()
            if conn.usable():
                return conn
            conn.close()
        return None

    async def _connect(self, origin: _Origin, timeout: float | None) -> _Connection:
        scheme, host, port = origin
        tls = tls_context() if scheme == "https" else None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(
                    host, port, ssl=tls, server_hostname=host if tls else None, limit=_MAX_HEAD
                ),
                timeout,
            )
        except TimeoutError as exc:
            raise httpx.ConnectTimeout(f"connecting to {host}:{port} timed out") from exc
        except OSError as exc:
            raise httpx.ConnectError(f"cannot connect to {host}:{port}: {exc}") from exc
        return _Connection(reader, writer)

    async def _exchange(
        self, conn: _Connection, method: str, data: bytes, timeouts: dict[str, float | None]
    ) -> _Answer:
        try:
            conn.writer.write(data)
            await _timed(conn.writer.drain(), timeouts.get("write"), httpx.WriteTimeout)
        except OSError as exc:
            raise httpx.WriteError(f"sending the request failed: {exc}") from exc
        read = timeouts.get("read")
        try:
            return await _timed(_read_answer(conn.reader, method), read, httpx.ReadTimeout)
        except asyncio.IncompleteReadError as exc:
            raise httpx.RemoteProtocolError("the server closed the connection mid-answer") from exc
        except (asyncio.LimitOverrunError, ValueError) as exc:
            raise httpx.RemoteProtocolError(f"malformed answer: {exc}") from exc
        except OSError as exc:
            raise httpx.ReadError(f"reading the answer failed: {exc}") from exc

    async def aclose(self) -> None:
        for idle in self._idle.values():
            for conn in idle:
                conn.close()
        self._idle.clear()


def _origin(url: httpx.URL) -> _Origin:
    if url.scheme not in ("http", "https"):
        raise httpx.UnsupportedProtocol(f"unsupported scheme {url.scheme!r} in {url}")
    return url.scheme, url.host, url.port or (443 if url.scheme == "https" else 80)


def _head(request: httpx.Request) -> bytes:
    target = request.url.raw_path
    lines = [b"%s %s HTTP/1.1" % (request.method.encode(), target)]
    lines += [b"%s: %s" % (name, value) for name, value in request.headers.raw]
    return b"\r\n".join(lines) + b"\r\n\r\n"


async def _timed(
    work: Awaitable[T], timeout: float | None, error: type[httpx.TimeoutException]
) -> T:
    try:
        return await asyncio.wait_for(work, timeout)
    except TimeoutError as exc:
        raise error(f"no progress in {timeout} s") from exc


async def _read_answer(reader: asyncio.StreamReader, method: str) -> _Answer:
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *header_lines = head[:-4].split(b"\r\n")
    version, status_text = status_line.split(b" ", 2)[:2]
    if not version.startswith(b"HTTP/1."):
        raise ValueError(f"not an HTTP/1.x status line: {status_line[:80]!r}")
    status = int(status_text)
    headers = [_header(line) for line in header_lines]
    fields = {name.lower(): value.strip().lower() for name, value in headers}
    keep_alive = version == b"HTTP/1.1" and fields.get(b"connection") != b"close"
    if method == "HEAD" or status in _NO_BODY or status < 200:
        content = b""
    elif fields.get(b"transfer-encoding") == b"chunked":
        content = await _read_chunked(reader)
    elif b"content-length" in fields:
        content = await reader.readexactly(int(fields[b"content-length"]))
    else:
        content, keep_alive = await reader.read(), False  # framed by the server closing
    return _Answer(status, headers, content, keep_alive)


def _header(line: bytes) -> tuple[bytes, bytes]:
    name, colon, value = line.partition(b":")
    if not colon or not name:
        raise ValueError(f"malformed header line {line[:80]!r}")
    return name, value.strip()


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    chunks: list[bytes] = []
    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
        chunks.append((await reader.readexactly(size + 2))[:-2])
    while await reader.readuntil(b"\r\n") != b"\r\n":
        pass  # trailer fields, unused
    return b"".join(chunks)
