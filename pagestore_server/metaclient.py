"""The pagestore's view of the metastore: ``pull_commits`` over HTTP.

Trouble reaching the metastore, or an error the pagestore's own caller did not cause (a bad
pagestore token, a metastore bug), is ``ServiceUnavailableError`` (503: retry later); only
"no such volume" is passed on as what it is. The token is a fixed string or a function that
gives the current one (a ``RenewingToken`` the pagestore signs itself).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import anyio.to_thread
import httpx

from graft_core.errors import NotFoundError, ServiceUnavailableError
from graft_core.ids import VolumeId
from graft_core.transport import LeanTransport
from graft_core.wire import (
    CONTENT_TYPE,
    PullCommitsRequest,
    PullCommitsResponse,
    decode,
    encode,
    error_from_body,
)
from pagestore_server.metrics import Metrics

__all__ = ["MetastoreClient"]

_TIMEOUT_S = 10.0
# Answers larger than this are decoded on a worker thread, off the event loop.
_INLINE_DECODE = 64 << 10


class MetastoreClient:
    def __init__(self, url: str, token: str | Callable[[], str] | None, metrics: Metrics) -> None:
        self._token = token
        self._http = httpx.AsyncClient(
            base_url=url.rstrip("/"),
            headers={"content-type": CONTENT_TYPE},
            timeout=_TIMEOUT_S,
            transport=LeanTransport(),
        )
        self._metrics = metrics

    async def pull_commits(self, vid: VolumeId, start: int) -> PullCommitsResponse:
        self._metrics.metastore_calls.inc()
        body = encode(PullCommitsRequest(vid=vid, start=start))
        try:
            response = await self._http.post(
                "/metastore/v1/pull_commits", content=body, headers=self._auth_header()
            )
        except httpx.HTTPError as exc:
            raise ServiceUnavailableError(f"metastore unreachable: {exc}") from exc
        if response.status_code != 200:
            error = error_from_body(response.status_code, response.content)
            if isinstance(error, NotFoundError):
                raise error
            raise ServiceUnavailableError(f"metastore answered {response.status_code}: {error}")
        body = response.content
        try:
            if len(body) <= _INLINE_DECODE:
                return _decode(body)
            return await anyio.to_thread.run_sync(_decode, body)
        except ValueError as exc:
            raise ServiceUnavailableError(f"metastore sent an invalid answer: {exc}") from exc

    def _auth_header(self) -> dict[str, str]:
        if not self._token:
            return {}
        token = self._token if isinstance(self._token, str) else self._token()
        return {"authorization": f"Bearer {token}"}

    async def cluster(self) -> uuid.UUID | None:
        """The metastore's cluster key from its ``/health``; None when it does not answer one."""
        try:
            response = await self._http.get("/health")
            return uuid.UUID(response.json()["cluster"]) if response.status_code == 200 else None
        except (httpx.HTTPError, ValueError, KeyError, TypeError):
            return None

    async def aclose(self) -> None:
        await self._http.aclose()


def _decode(body: bytes) -> PullCommitsResponse:
    return decode(body, PullCommitsResponse, limit=len(body))
