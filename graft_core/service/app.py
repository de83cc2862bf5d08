"""A service app: RPC routes plus ``GET /health``, ``GET /metrics`` and ``GET /`` (about)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from graft_core.service.rpc import http_exception_handler

__all__ = ["service_app"]

PROMETHEUS_TEXT = "text/plain; version=0.0.4"


def service_app(
    routes: Sequence[Route],
    *,
    lifespan: Callable[[Starlette], AbstractAsyncContextManager[None]],
    registry: CollectorRegistry,
    ready: Callable[[], bool],
    describe: Callable[[], Mapping[str, Any]],
) -> Starlette:
    """``ready`` decides /health (503 until the service opened its storage)."""

    async def health(request: Request) -> Response:
        ok = ready()
        return JSONResponse({"status": "ok" if ok else "starting"}, 200 if ok else 503)

    async def metrics(request: Request) -> Response:
        return Response(generate_latest(registry), media_type=PROMETHEUS_TEXT)

    async def index(request: Request) -> Response:
        return JSONResponse(dict(describe()))

    return Starlette(
        routes=[
            *routes,
            Route("/health", health, methods=["GET"]),
            Route("/metrics", metrics, methods=["GET"]),
            Route("/", index, methods=["GET"]),
        ],
        lifespan=lifespan,
        exception_handlers={HTTPException: http_exception_handler},
    )
