"""msgpack RPC over Starlette: every request body is a ``graft_core.wire`` Struct, every answer a
Struct or an ``ErrorBody``.

Bad input of any kind (oversized, garbled, wrong type, unknown route or method, a body that is
not msgpack) is a 4xx with an ``ErrorBody``; storage trouble is the 5xx of its error class; an
unexpected exception is logged and answered 500 ``internal_error`` (a bug to fix, never a way to
report bad input). A caller that does not speak msgpack gets these in text (``answers``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from prometheus_client import Counter
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from graft_core.errors import GraftError, InvalidInputError, PayloadTooLargeError
from graft_core.ids import VolumeId
from graft_core.service.answers import content_type, error_response
from graft_core.service.auth import Auth, Grant, redact
from graft_core.wire import CONTENT_TYPE, Message, decode, encode

__all__ = ["Endpoint", "http_exception_handler", "read_body", "rpc_routes"]

_RPC_HINT = "RPC endpoints take POST with an application/msgpack body; GET / describes this service"

Req = TypeVar("Req", bound=Message)


@dataclass(frozen=True)
class Endpoint(Generic[Req]):
    """``POST {prefix}/{name}``: decode ``request``, check auth (``write`` needs a writer), call."""

    name: str
    request: type[Req]
    write: bool
    call: Callable[[Req, Grant], Awaitable[Message]]


async def http_exception_handler(request: Request, exc: Exception) -> Response:
    """Starlette's own 404 (no route) and 405 (wrong method), as error bodies."""
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    message = f"{request.method} {request.url.path}"
    response = error_response(request, exc.status_code, code, message, hint=_RPC_HINT)
    if exc.headers:
        response.headers.update(exc.headers)
    return response


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused as soon as it is known to exceed ``limit`` (before reading it all)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLargeError(f"body of {declared} bytes exceeds the limit of {limit}")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise PayloadTooLargeError(f"body exceeds the limit of {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        # A client killed mid-request: an incomplete request, not a server error.
        raise InvalidInputError(f"client disconnected after {size} bytes of the body") from None
    return b"".join(chunks)


def _error_answer(
    request: Request, exc: GraftError, grant: Grant | None, asked: VolumeId | None
) -> Response:
    """The error body; for a known caller, without volume ids outside its grant."""
    message = str(exc) or exc.code
    if grant is not None:
        message = redact(message, grant, asked)
    return error_response(request, exc.http_status, exc.code, message, rpc=True)


def _not_msgpack(request: Request) -> Response | None:
    """A 415 for a body declared as anything but msgpack (a form post from curl, JSON, ...)."""
    sent = content_type(request)
    if not sent or sent == CONTENT_TYPE:
        return None
    message = f"{request.url.path} takes an {CONTENT_TYPE} body, not {sent}"
    return error_response(request, 415, "unsupported_media_type", message, hint=_RPC_HINT)


def rpc_routes(
    prefix: str,
    endpoints: Sequence[Endpoint[Any]],
    *,
    auth: Auth,
    max_body: int,
    requests: Counter,
    log: logging.Logger,
) -> list[Route]:
    """One POST route per endpoint; ``requests`` counts answers by (endpoint, status)."""

    def route(endpoint: Endpoint[Any]) -> Route:
        async def handle(request: Request) -> Response:
            grant: Grant | None = None
            vid: VolumeId | None = None
            try:
                # Authenticate before reading the body: an unknown caller cannot make us buffer it.
                grant = auth.authenticate(request.headers.get("authorization"))
                auth.authorize(grant, None, endpoint.write)  # a read-only caller's write: 403
                response = _not_msgpack(request)
                if response is None:
                    body = await read_body(request, max_body)
                    req = decode(body, endpoint.request, limit=max_body)
                    vid = getattr(req, "vid", None)
                    assert vid is None or isinstance(vid, VolumeId)
                    auth.authorize(grant, vid, endpoint.write)
                    answer = await endpoint.call(req, grant)
                    response = Response(encode(answer), media_type=CONTENT_TYPE)
            except GraftError as exc:
                if exc.http_status >= 500:
                    log.warning("%s failed: %s", endpoint.name, exc, extra={"code": exc.code})
                response = _error_answer(request, exc, grant, vid)
            except Exception:
                log.exception("%s: unexpected error", endpoint.name)
                response = error_response(
                    request, 500, "internal_error", "internal server error", rpc=True
                )
            requests.labels(endpoint.name, str(response.status_code)).inc()
            return response

        return Route(f"{prefix}/{endpoint.name}", handle, methods=["POST"], name=endpoint.name)

    return [route(endpoint) for endpoint in endpoints]
