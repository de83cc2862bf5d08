"""A fault-injecting proxy in front of moto_server: the real S3 protocol, with chosen failures.

Modes: ``ok`` forwards; ``error`` answers 503 SlowDown to every request; ``stall`` holds requests
until the mode changes (so the client's timeout fires); ``garble`` flips a byte of every GET body.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

__all__ = ["FaultyS3", "faulty_s3"]

_HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length"}


class FaultyS3:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.mode = "ok"
        self.changed = threading.Condition()
        self.http = httpx.Client(base_url=upstream, timeout=30.0)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def set_mode(self, mode: str) -> None:
        with self.changed:
            self.mode = mode
            self.changed.notify_all()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                """Quiet."""

            def _forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                with proxy.changed:
                    # Held while stalled; released (and forwarded) when the test changes mode.
                    proxy.changed.wait_for(lambda: proxy.mode != "stall", timeout=30)
                    mode = proxy.mode
                if mode == "error":
                    self._answer(503, {}, b"<Error><Code>SlowDown</Code></Error>")
                    return
                headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP_HEADERS}
                upstream = proxy.http.request(
                    self.command, self.path, headers=headers, content=body
                )
                content = upstream.content
                if mode == "garble" and self.command == "GET" and content:
                    middle = len(content) // 2
                    content = (
                        content[:middle] + bytes([content[middle] ^ 0x40]) + content[middle + 1 :]
                    )
                self._answer(upstream.status_code, upstream.headers, content)

            def _answer(self, status: int, headers: object, content: bytes) -> None:
                self.send_response(status)
                if isinstance(headers, httpx.Headers):
                    for key, value in headers.items():
                        if key.lower() not in _HOP_HEADERS | {"date", "server"}:
                            self.send_header(key, value)
                self.send_header("content-length", str(len(content)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(content)

            do_GET = do_PUT = do_POST = do_HEAD = do_DELETE = _forward

        return Handler


@contextmanager
def faulty_s3(upstream: str) -> Iterator[FaultyS3]:
    proxy = FaultyS3(upstream)
    thread = threading.Thread(target=proxy.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        proxy.set_mode("ok")
        proxy.server.shutdown()
        proxy.server.server_close()
        proxy.http.close()
