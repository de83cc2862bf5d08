"""A service app: msgpack RPC routes plus ``GET /health``, ``GET /metrics`` and ``GET /`` (about).

With auth on, ``/metrics`` and ``/`` need a valid token (any, read-only is enough): they describe
the deployment and its traffic. ``/health`` stays open for load balancers and probes. ``GET /``
answers a line of plain text for a person (curl, a browser) naming the service and its other
routes, and the description as JSON when ``Accept`` asks for ``application/json``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from prometheus_client import CollectorRegistry, Counter, generate_latest
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from graft_core.errors import AuthError
from graft_core.service.answers import Format, answer_format, error_response
from graft_core.service.auth import Auth
from graft_core.service.rpc import Endpoint, http_exception_handler, rpc_routes

__all__ = ["service_app"]

PROMETHEUS_TEXT = "text/plain; version=0.0.4"
_Handler = Callable[[Request], Awaitable[Response]]


def _authenticated(auth: Auth, handler: _Handler) -> _Handler:
    async def checked(request: Request) -> Response:
        try:
            auth.authenticate(request.headers.get("authorization"))
        except AuthError as exc:
            answer = error_response(request, exc.http_status, exc.code, str(exc))
            answer.headers["www-authenticate"] = "Bearer"
            return answer
        return await handler(request)

    return checked


def service_app(
    prefix: str,
    endpoints: Sequence[Endpoint[Any]],
    *,
    auth: Auth,
    max_body: int,
    lifespan: Callable[[Starlette], AbstractAsyncContextManager[None]],
    registry: CollectorRegistry,
    requests: Counter,
    log: logging.Logger,
    ready: Callable[[], bool],
    describe: Callable[[], Mapping[str, Any]],
    cluster: Callable[[], str | None] = lambda: None,
    stopping: Callable[[], None] = lambda: None,
) -> Starlette:
    """``ready`` decides /health (503 until the service opened its storage); ``requests``
    counts RPC answers by (endpoint, status); ``cluster`` is the cluster key /health shows
    (``app.state.cluster``: for the runner's ``servers.json``); ``stopping`` ends the waits of
    requests under way as the server begins to stop (``app.state.stopping``: for the runner,
    whose shutdown waits for them). /health also names the service
    (``metastore`` of ``/metastore/v1``), so a URL given for the other one is told as such."""
    service = prefix.split("/")[1]

    async def health(request: Request) -> Response:
        ok = ready()
        body: dict[str, Any] = {"status": "ok" if ok else "starting", "service": service}
        key = cluster()
        if key is not None:
            body["cluster"] = key
        return JSONResponse(body, 200 if ok else 503)

    async def metrics(request: Request) -> Response:
        return Response(generate_latest(registry), media_type=PROMETHEUS_TEXT)

    async def index(request: Request) -> Response:
        about = dict(describe())
        if answer_format(request) is not Format.TEXT:
            return JSONResponse(about)
        return PlainTextResponse(
            f"{about['service']}: msgpack RPC at POST {prefix}/<endpoint>; status at GET /health, "
            "Prometheus metrics at GET /metrics, this description as JSON at GET / with "
            "Accept: application/json\n"
        )

    app = Starlette(
        routes=[
            *rpc_routes(
                prefix, endpoints, auth=auth, max_body=max_body, requests=requests, log=log
            ),
            Route("/health", health, methods=["GET"]),
            Route("/metrics", _authenticated(auth, metrics), methods=["GET"]),
            Route("/", _authenticated(auth, index), methods=["GET"]),
        ],
        lifespan=lifespan,
        exception_handlers={HTTPException: http_exception_handler},
    )
    app.state.cluster = cluster
    app.state.stopping = stopping
    return app
