"""A plain web server on loopback, in a thread: something that answers HTTP but is no Graft
service (``GET /health`` is its 404 page, a ``POST`` its 501), for URLs given by mistake."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["plain_web_server"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # the test's output is about the client, not this server's access log


@contextmanager
def plain_web_server(root: Path) -> Iterator[str]:
    """The URL of a web server serving the (empty) directory ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a: _Quiet(*a, directory=str(root))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
