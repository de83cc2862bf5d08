"""The pagestore's view of the metastore: ``pull_commits``, on the one RPC core.

Trouble reaching the metastore, or an error the pagestore's own caller did not cause (a bad
pagestore token, a metastore bug, a URL that is not a metastore), is ``ServiceUnavailableError``
(503: retry later); only "no such volume" is passed on as what it is. Nothing is retried here:
the pagestore's caller retries its whole request. The token is a fixed string or a function
that gives the current one (a ``RenewingToken`` the pagestore signs itself).
"""

from __future__ import annotations

import httpx

from graft_core.errors import GraftError, NotFoundError, ServiceUnavailableError
from graft_core.ids import VolumeId
from graft_core.rpcclient import NO_RETRY, AsyncMetastoreClient, Token
from graft_core.wire import PullCommitsResponse
from pagestore_server.metrics import Metrics

__all__ = ["MetastoreClient"]

_TIMEOUT_S = 10.0
# Answers larger than this are decoded on a worker thread, off the event loop.
_INLINE_DECODE = 64 << 10


class MetastoreClient(AsyncMetastoreClient):
    def __init__(
        self,
        url: str,
        token: Token,
        metrics: Metrics,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(
            url,
            token,
            timeout=_TIMEOUT_S,
            retry=NO_RETRY,
            max_answer=None,
            offload_decode=_INLINE_DECODE,
            transport=transport,
        )
        self._metrics = metrics

    async def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> PullCommitsResponse:
        self._metrics.metastore_calls.inc()
        try:
            return await super().pull_commits(vid, start, end)
        except NotFoundError:
            raise
        except GraftError as exc:
            raise ServiceUnavailableError(f"metastore: {exc}") from exc
