"""Async HTTP clients for the metastore and the pagestore.

One pooled ``httpx.AsyncClient`` per service. Requests are msgpack ``wire`` messages; an error
body becomes the same typed ``graft_core.errors`` exception the server raised. Only 503 answers
and connection failures are retried (with exponential backoff and jitter): everything else is an
answer, and retrying a 409 or a 400 would only repeat it.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import TypeVar

import anyio
import httpx

from graft_core import wire
from graft_core.errors import GraftError, ServiceUnavailableError
from graft_core.graft import Graft
from graft_core.ids import ClientId, VolumeId
from graft_core.transport import LeanTransport

__all__ = ["MetastoreClient", "PagestoreClient", "RetryPolicy"]

log = logging.getLogger(__name__)

M = TypeVar("M", bound=wire.Message)


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    first_delay: float = 0.05
    max_delay: float = 2.0

    def delay(self, attempt: int) -> float:
        """Full jitter: a random wait up to the capped exponential delay."""
        return random.uniform(0, min(self.max_delay, self.first_delay * 2**attempt))


class _ServiceClient:
    PREFIX = ""

    def __init__(
        self,
        base_url: str,
        *,
        token: str | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        headers = {"content-type": wire.CONTENT_TYPE, "accept": wire.CONTENT_TYPE}
        if token:
            headers["authorization"] = f"Bearer {token}"
        self.base_url = base_url.rstrip("/")
        self._retry = retry or RetryPolicy()
        self._http = httpx.AsyncClient(
            base_url=self.base_url,
            headers=headers,
            timeout=httpx.Timeout(timeout, connect=5.0),
            transport=transport or LeanTransport(),
        )

    async def _post(
        self, endpoint: str, message: wire.Message, answer: type[M], *, timeout: float | None = None
    ) -> M:
        body = wire.encode(message)
        path = f"{self.PREFIX}/{endpoint}"
        for attempt in range(self._retry.attempts):
            try:
                response = await self._http.post(
                    path,
                    content=body,
                    timeout=httpx.USE_CLIENT_DEFAULT if timeout is None else timeout,
                )
            except (
                httpx.ConnectError,
                httpx.ReadError,
                httpx.WriteError,
                httpx.RemoteProtocolError,
            ) as exc:
                error: GraftError = ServiceUnavailableError(f"{self.base_url}{path}: {exc!r}")
            except httpx.TimeoutException as exc:
                raise ServiceUnavailableError(f"{self.base_url}{path} timed out: {exc!r}") from exc
            else:
                if response.status_code == 200:
                    return wire.decode(response.content, answer, limit=wire.PAGESTORE_MAX_BODY)
                error = wire.answer_error(
                    self.base_url, path, response.status_code, response.content
                )
                if response.status_code != 503:
                    raise error
            if attempt + 1 == self._retry.attempts:
                raise error
            delay = self._retry.delay(attempt)
            log.debug("retrying %s in %.3fs after %s", path, delay, error)
            await anyio.sleep(delay)
        raise AssertionError("unreachable: the loop returns or raises")

    async def aclose(self) -> None:
        await self._http.aclose()


class MetastoreClient(_ServiceClient):
    PREFIX = "/metastore/v1"

    async def snapshot(self, vid: VolumeId, lsn: int | None = None) -> wire.SnapshotInfo:
        return await self._post(
            "snapshot", wire.SnapshotRequest(vid=vid, lsn=lsn), wire.SnapshotInfo
        )

    async def pull_graft(
        self, vid: VolumeId, start: int, end: int | None = None, wait_ms: int = 0
    ) -> wire.PullGraftResponse:
        request = wire.PullGraftRequest(vid=vid, start=start, end=end, wait_ms=wait_ms)
        timeout = None if not wait_ms else wait_ms / 1000 + 30.0
        return await self._post("pull_graft", request, wire.PullGraftResponse, timeout=timeout)

    async def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> wire.PullCommitsResponse:
        """One page of commits (about ``wire.MAX_ANSWER_BYTES``); ask again from its ``next``."""
        request = wire.PullCommitsRequest(vid=vid, start=start, end=end)
        return await self._post("pull_commits", request, wire.PullCommitsResponse)

    async def commit(
        self,
        vid: VolumeId,
        cid: ClientId,
        base_lsn: int | None,
        page_count: int,
        segments: list[wire.SegmentRef],
        commit_hash: bytes,
    ) -> wire.SnapshotInfo:
        request = wire.CommitRequest(
            vid=vid,
            cid=cid,
            base_lsn=base_lsn,
            page_count=page_count,
            segments=segments,
            commit_hash=commit_hash,
        )
        return await self._post("commit", request, wire.SnapshotInfo)


class PagestoreClient(_ServiceClient):
    PREFIX = "/pagestore/v1"

    async def write_pages(
        self, vid: VolumeId, pages: list[tuple[int, bytes]]
    ) -> list[wire.SegmentRef]:
        request = wire.WritePagesRequest(vid=vid, pages=pages)
        return (await self._post("write_pages", request, wire.WritePagesResponse)).segments

    async def read_pages(self, vid: VolumeId, lsn: int, graft: Graft) -> dict[int, bytes]:
        """The pages of ``graft`` at ``lsn`` that were ever written; in requests of at most
        ``wire.MAX_READ_PAGES`` pages (one, for any batch the client itself makes)."""
        pages = list(graft)
        found: dict[int, bytes] = {}
        for start in range(0, len(pages), wire.MAX_READ_PAGES):
            chunk = Graft(pages[start : start + wire.MAX_READ_PAGES])
            request = wire.ReadPagesRequest(vid=vid, lsn=lsn, graft=chunk)
            found.update((await self._post("read_pages", request, wire.ReadPagesResponse)).pages)
        return found
