"""LeanTransport against a scripted HTTP server on a real loopback socket: framing, keep-alive,
stale connections and failures, each surfacing as the httpx exception callers already handle."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import ssl
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from graft_core import transport as transport_module
from graft_core.transport import LeanTransport

pytestmark = pytest.mark.anyio

Reply = Callable[[bytes], bytes | None]  # request -> raw answer; None hangs up, b"" stays silent


def answer(body: bytes, *extra: bytes, status: bytes = b"200 OK") -> bytes:
    head = [b"HTTP/1.1 " + status, b"content-length: %d" % len(body), *extra]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


@dataclass
class Script:
    replies: list[Reply]
    requests: list[bytes] = field(default_factory=list)
    connections: int = 0


async def _read_request(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return head + await reader.readexactly(length)


@asynccontextmanager
async def scripted(
    *replies: Reply, tls: ssl.SSLContext | None = None
) -> AsyncIterator[tuple[str, Script]]:
    """A server answering successive requests (over any connections) with ``replies``."""
    script = Script(list(replies))

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        script.connections += 1
        try:
            while script.replies:
                request = await _read_request(reader)
                script.requests.append(request)
                raw = script.replies.pop(0)(request)
                if raw is None:
                    break
                if not raw:
                    await reader.read()  # until the client gives up
                writer.write(raw)
                await writer.drain()
                if raw.startswith(b"HTTP/1.0"):
                    break  # an HTTP/1.0 answer without a length ends where the connection does
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=tls)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"{'https' if tls else 'http'}://127.0.0.1:{port}", script
    finally:
        server.close()


def always(raw: bytes) -> Reply:
    return lambda request: raw


@asynccontextmanager
async def client(url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=url, transport=LeanTransport(), timeout=2.0) as http:
        yield http


async def test_keep_alive_reuses_one_connection_and_sends_the_body() -> None:
    replies = always(answer(b"one")), always(answer(b"two"))
    async with scripted(*replies) as (url, script), client(url) as http:
        first = await http.post("/a?x=1", content=b"payload", headers={"x-k": "v"})
        second = await http.get("/b")
    assert (first.status_code, first.content, second.content) == (200, b"one", b"two")
    assert script.connections == 1
    head, _, body = script.requests[0].partition(b"\r\n\r\n")
    assert head.startswith(b"POST /a?x=1 HTTP/1.1\r\n") and body == b"payload"
    assert b"\r\nx-k: v" in head and b"\r\ncontent-length: 7" in head.lower()


async def test_chunked_and_close_delimited_answers() -> None:
    chunked = (
        b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
    )
    closed = b"HTTP/1.0 503 Service Unavailable\r\n\r\nbusy"
    async with (
        scripted(always(chunked), always(closed), always(answer(b"fresh"))) as (
            url,
            script,
        ),
        client(url) as http,
    ):
        assert (await http.get("/")).content == b"abcde"
        busy = await http.get("/")
        assert (busy.status_code, busy.content) == (503, b"busy")
        assert (await http.get("/")).content == b"fresh"
    assert script.connections == 2, "a close-delimited answer ends its connection"


async def test_no_body_for_head_and_204_and_connection_close_is_honoured() -> None:
    replies = [
        always(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n"),
        always(b"HTTP/1.1 204 No Content\r\n\r\n"),
        always(answer(b"bye", b"connection: close")),
        always(answer(b"again")),
    ]
    async with scripted(*replies) as (url, script), client(url) as http:
        assert (await http.head("/")).content == b""
        assert (await http.delete("/")).status_code == 204
        assert (await http.get("/")).content == b"bye"
        assert (await http.get("/")).content == b"again"
    assert script.connections == 2


async def test_a_connection_the_server_closed_while_idle_is_not_reused() -> None:
    async with scripted(always(answer(b"first"))) as (url, script), client(url) as http:
        assert (await http.get("/")).content == b"first"
        # Out of replies, the server hangs up on the idle connection (as a keep-alive timeout
        # would); wait (with a deadline) until the client's loop has seen it.
        (idle,) = http._transport._idle.values()  # type: ignore[attr-defined]
        for _ in range(200):
            if not idle[0].usable():
                break
            await asyncio.sleep(0.005)
        assert not idle[0].usable()
        script.replies.append(always(answer(b"second")))
        assert (await http.get("/")).content == b"second"
    assert script.connections == 2


async def test_failures_raise_the_httpx_errors_callers_retry_or_report() -> None:
    async with scripted(lambda request: None) as (url, _), client(url) as http:
        with pytest.raises(httpx.RemoteProtocolError):
            await http.get("/")  # hung up before answering
    cut = always(b"HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\nshort")
    async with scripted(cut) as (url, _), client(url) as http:
        with pytest.raises(httpx.RemoteProtocolError):
            await http.get("/")  # hung up mid-body (the script ends, the server closes)
    async with scripted(always(b"garbage\r\n\r\n")) as (url, _), client(url) as http:
        with pytest.raises(httpx.RemoteProtocolError):
            await http.get("/")
    async with scripted() as (url, _):
        pass  # the port is free again once the server is closed
    async with client(url) as http:
        with pytest.raises(httpx.ConnectError):
            await http.get("/")
    with pytest.raises(httpx.UnsupportedProtocol):
        await LeanTransport().handle_async_request(httpx.Request("GET", "ftp://127.0.0.1/x"))


async def test_a_silent_server_times_out_as_a_read_timeout() -> None:
    async with scripted(always(b"")) as (url, _), client(url) as http:
        with pytest.raises(httpx.ReadTimeout):
            await http.get("/", timeout=0.2)


def self_signed_certificate(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 that is its own CA, and its key (PEM files)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "graft test")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "cert.pem", directory / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


async def test_https_verifies_the_server_against_the_ca_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = self_signed_certificate(tmp_path)
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    replies = always(answer(b"over tls")), always(answer(b"unreached"))
    async with scripted(*replies, tls=server_tls) as (url, script):
        monkeypatch.delenv("SSL_CERT_FILE", raising=False)
        monkeypatch.delenv("SSL_CERT_DIR", raising=False)
        transport_module.tls_context.cache_clear()  # the default bundle does not know it
        async with client(url) as http:
            with pytest.raises(httpx.ConnectError, match="certificate verify failed"):
                await http.get("/")
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # trusted as httpx would trust it
        transport_module.tls_context.cache_clear()
        try:
            async with client(url) as http:
                assert (await http.get("/")).content == b"over tls"
        finally:
            transport_module.tls_context.cache_clear()
    assert len(script.requests) == 1
