"""What the blocking and the async RPC clients share: configuration, the request, and the
reading of every outcome (an answer, an error answer, a failed exchange) with its retry rule.

The fronts (``SyncRpcClient``, ``AsyncRpcClient``) only send and sleep, as httpx's ``Client``
and ``AsyncClient`` share ``BaseClient``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

import httpx

from graft_core.errors import GraftError, InvalidInputError, RemoteError, ServiceUnavailableError
from graft_core.rpcclient.answers import answer_error
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.retry import RETRY_STATUSES, Attempts, Outage, RetryPolicy
from graft_core.wire import CONTENT_TYPE, PAGESTORE_MAX_BODY, Message, decode

__all__ = ["BaseRpcClient", "Token", "unbind"]

A = TypeVar("A", bound=Message)
# A fixed bearer token, or a function giving the current one (a token that renews itself).
Token = str | Callable[[], str] | None

# Failed exchanges worth another attempt: the request may not have arrived, or its answer was lost.
_TRANSIENT = (httpx.NetworkError, httpx.TimeoutException, httpx.RemoteProtocolError)


def unbind(response: httpx.Response) -> httpx.Response:
    """``response``, read, without the stream httpx bound to it.

    httpx binds each answer's stream to its response (to time it), and the two refer to each
    other: without this, every answer (its pages, and the request with its body) stays in memory
    until the cyclic garbage collector runs, about 10 MB per 3,000 pages fetched. A response
    whose body was read needs its stream no more.

    For the same reason no frame here names an exception it raises: the exception's traceback
    holds that frame, and the frame would hold the exception (and the answer, a local)."""
    assert response.is_closed, "read the answer first"
    response.stream = _READ
    return response


_READ = httpx.ByteStream(b"")


class BaseRpcClient:
    SERVICE: ClassVar[str] = "service"
    PREFIX: ClassVar[str] = ""

    def __init__(
        self,
        base_url: str,
        *,
        token: Token = None,
        timeout: float = 30.0,
        connect_timeout: float = 5.0,
        retry: RetryPolicy | None = None,
        max_answer: int | None = PAGESTORE_MAX_BODY,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._token = token
        self._timeout = httpx.Timeout(timeout, connect=min(timeout, connect_timeout))
        self._retry = retry or RetryPolicy()
        self._outage = Outage(f"{self.SERVICE} at {self.base_url}")
        self._max_answer = max_answer

    def _headers(self) -> dict[str, str]:
        """Headers of every request (a fixed token among them)."""
        headers = {"content-type": CONTENT_TYPE, "accept": CONTENT_TYPE}
        if isinstance(self._token, str) and self._token:
            headers["authorization"] = f"Bearer {self._token}"
        return headers

    def _auth(self) -> dict[str, str] | None:
        """The header of a renewing token, asked for anew on each request."""
        if self._token is None or isinstance(self._token, str):
            return None
        return {"authorization": f"Bearer {self._token()}"}

    def _path(self, call: Call[A]) -> str:
        return f"{self.PREFIX}/{call.endpoint}"

    def _attempts(self, call: Call[A]) -> Attempts:
        return Attempts(self._retry, self._outage, call.timeout)

    def _failed(self, call: Call[A], exc: httpx.TransportError) -> GraftError:
        """The typed error of an exchange that failed; raised at once unless transient."""
        path = self._path(call)
        if isinstance(exc, httpx.UnsupportedProtocol):
            raise InvalidInputError(f"{self.SERVICE} URL {self.base_url!r}: {exc}") from exc
        what = "timed out" if isinstance(exc, httpx.TimeoutException) else "unreachable"
        message = f"{self.SERVICE} at {self.base_url} {what} (POST {path}): {exc}"
        # Raised without a name for it here: the traceback holds this frame (see unbind).
        if not isinstance(exc, _TRANSIENT):
            raise ServiceUnavailableError(message) from exc
        error = ServiceUnavailableError(message)
        error.__cause__ = exc
        return error

    def _refused(self, call: Call[A], response: httpx.Response) -> GraftError:
        """The typed error of an error answer; raised at once unless worth retrying."""
        status = response.status_code
        if status not in RETRY_STATUSES:
            self._outage.reachable()
            raise answer_error(self.base_url, self._path(call), status, response.content)
        return answer_error(self.base_url, self._path(call), status, response.content)

    def _decode(self, call: Call[A], content: bytes) -> A:
        """The answer of a 200; a body that is not one is the server's fault, not the caller's."""
        self._outage.reachable()
        try:
            limit = len(content) if self._max_answer is None else self._max_answer
            return decode(content, call.answer, limit=limit)
        except InvalidInputError as exc:
            raise RemoteError(
                f"{self.SERVICE} at {self.base_url} sent an invalid answer to "
                f"POST {self._path(call)}: {exc}"
            ) from exc
