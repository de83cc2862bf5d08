"""The async RPC client (the sync runtime, the lite client, the pagestore's metastore calls)."""

from __future__ import annotations

import uuid
from typing import TypeVar

import anyio
import anyio.to_thread
import httpx

from graft_core.rpcclient.base import BaseRpcClient, Token, unbind
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.health import HEALTH_PATH, read_health
from graft_core.rpcclient.retry import RetryPolicy
from graft_core.transport import LeanTransport
from graft_core.wire import PAGESTORE_MAX_BODY, Message, encode

__all__ = ["AsyncRpcClient"]

A = TypeVar("A", bound=Message)


class AsyncRpcClient(BaseRpcClient):
    """One pooled ``httpx.AsyncClient`` over ``LeanTransport``; ``http`` is it (for event
    hooks, say). Answers longer than ``offload_decode`` bytes are decoded on a worker thread,
    for a server that must keep its event loop responsive."""

    def __init__(
        self,
        base_url: str,
        token: Token = None,
        *,
        timeout: float = 30.0,
        connect_timeout: float = 5.0,
        retry: RetryPolicy | None = None,
        max_answer: int | None = PAGESTORE_MAX_BODY,
        offload_decode: int | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(
            base_url,
            token=token,
            timeout=timeout,
            connect_timeout=connect_timeout,
            retry=retry,
            max_answer=max_answer,
        )
        self._offload_decode = offload_decode
        self.http = httpx.AsyncClient(
            base_url=self.base_url,
            headers=self._headers(),
            timeout=self._timeout,
            transport=transport or LeanTransport(),
        )

    async def cluster(self) -> uuid.UUID | None:
        """The service's cluster key from its ``/health``; None when it does not answer one.
        ``InvalidInputError`` when the answer is another service's (see ``read_health``)."""
        try:
            response = unbind(
                await self.http.get(HEALTH_PATH, headers={"accept": "application/json"})
            )
        except httpx.HTTPError:
            return None
        health = read_health(self.base_url, self.SERVICE, response.status_code, response.content)
        return health.cluster if health is not None and health.ready else None

    async def call(self, call: Call[A]) -> A:
        body = encode(call.request)
        attempts = self._attempts(call)
        timeout = httpx.USE_CLIENT_DEFAULT if call.timeout is None else call.timeout
        while True:
            try:
                response = unbind(
                    await self.http.post(
                        self._path(call), content=body, headers=self._auth(), timeout=timeout
                    )
                )
            except httpx.TransportError as exc:
                delay = attempts.retry_after(self._failed(call, exc))
            else:
                if response.status_code == 200:
                    return await self._decoded(call, response.content)
                delay = attempts.retry_after(self._refused(call, response), answered=True)
            await anyio.sleep(delay)

    async def _decoded(self, call: Call[A], content: bytes) -> A:
        if self._offload_decode is None or len(content) <= self._offload_decode:
            return self._decode(call, content)
        return await anyio.to_thread.run_sync(self._decode, call, content)

    async def aclose(self) -> None:
        await self.http.aclose()
