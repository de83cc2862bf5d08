"""Blocking msgpack calls to a Graft service, for Spark tasks (the client's are async).

503s and dropped connections are retried with a short exponential backoff; any other error is
raised as the typed exception the server sent. Every Spark task opens its own clients, so the TLS
context (loading the CA bundle costs tens of milliseconds) is built once per process and shared.
"""

from __future__ import annotations

import time
from typing import TypeVar

import httpx

from graft_core.closing import Closing
from graft_core.errors import ServiceUnavailableError
from graft_core.transport import tls_context
from graft_core.wire import (
    CONTENT_TYPE,
    PAGESTORE_MAX_BODY,
    Message,
    answer_error,
    decode,
    encode,
)

__all__ = ["ServiceHttp"]

M = TypeVar("M", bound=Message)
_ATTEMPTS = 5


class ServiceHttp(Closing):
    PREFIX = ""

    def __init__(self, url: str, token: str | None = None, timeout: float = 60.0) -> None:
        headers = {"content-type": CONTENT_TYPE, "accept": CONTENT_TYPE}
        if token:
            headers["authorization"] = f"Bearer {token}"
        self._url = url.rstrip("/")
        self._http = httpx.Client(
            base_url=self._url + self.PREFIX,
            headers=headers,
            timeout=timeout,
            verify=tls_context(),
        )

    def _call(self, endpoint: str, msg: Message, kind: type[M]) -> M:
        body = encode(msg)
        for attempt in range(_ATTEMPTS):
            try:
                response = self._http.post(f"/{endpoint}", content=body)
            except httpx.TransportError as exc:
                error: Exception = ServiceUnavailableError(f"{self.PREFIX}/{endpoint}: {exc!r}")
            else:
                if response.status_code == 200:
                    return decode(response.content, kind, limit=PAGESTORE_MAX_BODY)
                path = f"{self.PREFIX}/{endpoint}"
                error = answer_error(self._url, path, response.status_code, response.content)
                if response.status_code != 503:
                    raise error
            if attempt + 1 < _ATTEMPTS:
                time.sleep(0.05 * 2**attempt)  # backoff before a retry, not synchronization
        raise error

    def close(self) -> None:
        self._http.close()
