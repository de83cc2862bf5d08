"""The metastore HTTP app.

Starlette rather than FastAPI: bodies are msgpack decoded and validated by msgspec Structs, so
FastAPI's pydantic layer would only add per-request cost and a second schema.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from graft_core.errors import GraftError, PayloadTooLargeError
from graft_core.ids import VolumeId
from graft_core.wire import (
    CONTENT_TYPE,
    METASTORE_MAX_BODY,
    CheckpointRequest,
    CommitRequest,
    Message,
    PullCommitsRequest,
    PullGraftRequest,
    SnapshotRequest,
    VolumesRequest,
    VolumesResponse,
    decode,
    encode,
    encode_error,
)
from metastore_server.auth import Auth
from metastore_server.catalog import Catalog, RecordStore
from metastore_server.local_store import DEFAULT_CHECKPOINT_EVERY, LocalRecordStore
from metastore_server.log import DEFAULT_SEGMENT_SIZE
from metastore_server.metrics import Metrics
from metastore_server.objstore_backend import ObjectStoreRecordStore

__all__ = ["Config", "create_app"]

log = logging.getLogger("metastore")
Req = TypeVar("Req", bound=Message)


@dataclass(frozen=True)
class Config:
    """``store_url`` selects the object-store backend; otherwise the log in ``data_dir``."""

    data_dir: Path | None = None
    store_url: str | None = None
    cluster_key: uuid.UUID | None = None
    auth: Auth = field(default_factory=lambda: Auth(None))
    segment_size: int = DEFAULT_SEGMENT_SIZE
    checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY
    max_body: int = METASTORE_MAX_BODY

    def describe(self) -> dict[str, Any]:
        return {
            "service": "graft metastore",
            "backend": "object store" if self.store_url else "local commit log",
            "store": self.store_url,
            "data_dir": None if self.data_dir is None else str(self.data_dir),
            "auth": "bearer tokens" if self.auth.enabled else "off (loopback, no tokens)",
            "max_body_bytes": self.max_body,
            "endpoints": [f"POST /metastore/v1/{name}" for name in _ENDPOINTS]
            + ["GET /health", "GET /metrics", "GET /"],
            "content_type": CONTENT_TYPE,
        }


async def _open_store(config: Config, metrics: Metrics) -> RecordStore:
    if config.store_url:
        return await anyio.to_thread.run_sync(ObjectStoreRecordStore.open, config.store_url)
    assert config.data_dir is not None, "the local backend needs a data directory"
    data_dir = config.data_dir

    def open_local() -> LocalRecordStore:
        return LocalRecordStore.open(
            data_dir,
            metrics,
            cluster_key=config.cluster_key,
            segment_size=config.segment_size,
            checkpoint_every=config.checkpoint_every,
        )

    store = await anyio.to_thread.run_sync(open_local)
    store.start()
    return store


async def _read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLargeError(f"body of {declared} bytes exceeds the limit of {limit}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise PayloadTooLargeError(f"body exceeds the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


@dataclass(frozen=True)
class _Endpoint:
    request: type[Message]
    write: bool
    call: Callable[[Catalog, Any], Awaitable[Message]]


_ENDPOINTS: dict[str, _Endpoint] = {
    "snapshot": _Endpoint(SnapshotRequest, False, Catalog.snapshot),
    "pull_graft": _Endpoint(PullGraftRequest, False, Catalog.pull_graft),
    "pull_commits": _Endpoint(PullCommitsRequest, False, Catalog.pull_commits),
    "commit": _Endpoint(CommitRequest, True, Catalog.commit),
    "checkpoint": _Endpoint(CheckpointRequest, True, Catalog.checkpoint),
    "volumes": _Endpoint(VolumesRequest, False, Catalog.volumes),
}


def create_app(config: Config) -> Starlette:
    metrics = Metrics()
    state: dict[str, Catalog] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        started = time.perf_counter()
        store = await _open_store(config, metrics)
        state["catalog"] = Catalog(store, metrics)
        log.info(
            "metastore ready",
            extra={
                "backend": config.describe()["backend"],
                "open_s": time.perf_counter() - started,
            },
        )
        try:
            yield
        finally:
            await state.pop("catalog").aclose()

    def route(name: str, endpoint: _Endpoint) -> Route:
        async def handle(request: Request) -> Response:
            try:
                grant = config.auth.authenticate(request.headers.get("authorization"))
                req = decode(
                    await _read_body(request, config.max_body),
                    endpoint.request,
                    limit=config.max_body,
                )
                vid = getattr(req, "vid", None)
                assert vid is None or isinstance(vid, VolumeId)
                config.auth.authorize(grant, vid, endpoint.write)
                answer = await endpoint.call(state["catalog"], req)
                if isinstance(answer, VolumesResponse) and grant.volumes is not None:
                    answer.volumes = [s for s in answer.volumes if grant.allows(s.vid)]
                response = Response(encode(answer), media_type=CONTENT_TYPE)
            except GraftError as exc:
                if exc.http_status >= 500:
                    log.warning("%s failed: %s", name, exc, extra={"code": exc.code})
                response = Response(
                    encode_error(exc), status_code=exc.http_status, media_type=CONTENT_TYPE
                )
            metrics.requests.labels(name, str(response.status_code)).inc()
            return response

        return Route(f"/metastore/v1/{name}", handle, methods=["POST"], name=name)

    async def health(request: Request) -> Response:
        ready = "catalog" in state
        return JSONResponse({"status": "ok" if ready else "starting"}, 200 if ready else 503)

    async def metrics_endpoint(request: Request) -> Response:
        return Response(metrics.render(), media_type="text/plain; version=0.0.4")

    async def index(request: Request) -> Response:
        return JSONResponse(config.describe())

    routes = [route(name, ep) for name, ep in _ENDPOINTS.items()]
    routes += [
        Route("/health", health, methods=["GET"]),
        Route("/metrics", metrics_endpoint, methods=["GET"]),
        Route("/", index, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.metrics = metrics
    return app
