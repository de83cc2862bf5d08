"""The blocking RPC client (the pipeline's Spark tasks)."""

from __future__ import annotations

import time
from typing import TypeVar

import httpx

from graft_core.closing import Closing
from graft_core.rpcclient.base import BaseRpcClient, Token, unbind
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.retry import RetryPolicy
from graft_core.transport import tls_context
from graft_core.wire import PAGESTORE_MAX_BODY, Message, encode

__all__ = ["SyncRpcClient"]

A = TypeVar("A", bound=Message)


class SyncRpcClient(BaseRpcClient, Closing):
    """One pooled ``httpx.Client``; ``http`` is it (for event hooks, say)."""

    def __init__(
        self,
        base_url: str,
        token: Token = None,
        *,
        timeout: float = 60.0,
        connect_timeout: float = 5.0,
        retry: RetryPolicy | None = None,
        max_answer: int | None = PAGESTORE_MAX_BODY,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        super().__init__(
            base_url,
            token=token,
            timeout=timeout,
            connect_timeout=connect_timeout,
            retry=retry,
            max_answer=max_answer,
        )
        # Every Spark task opens its own clients: they share one TLS context per process.
        self.http = httpx.Client(
            base_url=self.base_url,
            headers=self._headers(),
            timeout=self._timeout,
            verify=tls_context(),
            transport=transport,
        )

    def call(self, call: Call[A]) -> A:
        body = encode(call.request)
        attempts = self._attempts(call)
        timeout = httpx.USE_CLIENT_DEFAULT if call.timeout is None else call.timeout
        while True:
            try:
                response = unbind(
                    self.http.post(
                        self._path(call), content=body, headers=self._auth(), timeout=timeout
                    )
                )
            except httpx.TransportError as exc:
                delay = attempts.retry_after(self._failed(call, exc))
            else:
                if response.status_code == 200:
                    return self._decode(call, response.content)
                delay = attempts.retry_after(self._refused(call, response), answered=True)
            time.sleep(delay)  # backoff, not synchronization

    def close(self) -> None:
        self.http.close()
