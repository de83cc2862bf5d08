"""HTTP/1.1 POST over a bare loopback socket, for requests whose framing httpx will not send."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["raw_post"]


def raw_post(
    url: str, path: str, headers: dict[str, str], body: Iterable[bytes]
) -> tuple[int, bytes]:
    """POST over a bare socket, so the framing can lie; the server may answer before the body
    is all sent, which is the point."""
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1" and parts.port is not None
    head = f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
    with socket.create_connection((parts.hostname, parts.port), timeout=60) as sock:
        sock.sendall(head.encode())
        try:
            for piece in body:
                sock.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused early and closed: the answer is already in our receive buffer
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.read()
