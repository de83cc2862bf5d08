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
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from starlette.applications import Starlette

from graft_core.receipts import ReceiptKey
from graft_core.service import Auth, Endpoint, Grant, service_app
from graft_core.wire import (
    CONTENT_TYPE,
    MAX_ANSWER_BYTES,
    METASTORE_MAX_BODY,
    CheckpointRequest,
    CommitRequest,
    ForkRequest,
    Message,
    PullCommitsRequest,
    PullGraftRequest,
    SnapshotRequest,
    VolumesRequest,
)
from metastore_server.catalog import Catalog, RecordStore
from metastore_server.local_store import DEFAULT_CHECKPOINT_EVERY, LocalRecordStore
from metastore_server.log import DEFAULT_SEGMENT_SIZE
from metastore_server.metrics import Metrics
from metastore_server.objstore_backend import DEFAULT_STORE_TIMEOUT, ObjectStoreRecordStore

__all__ = ["Config", "create_app"]

log = logging.getLogger("metastore")
Req = TypeVar("Req", bound=Message)
PREFIX = "/metastore/v1"


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
    max_answer_bytes: int = MAX_ANSWER_BYTES
    store_timeout_s: float = DEFAULT_STORE_TIMEOUT
    # Checks the pagestore's segment receipts on commit and checkpoint (``graft_core.receipts``).
    receipt_key: ReceiptKey = field(kw_only=True)

    def describe(self) -> dict[str, Any]:
        return {
            "service": "graft metastore",
            "backend": "object store" if self.store_url else "local commit log",
            "store": self.store_url,
            "data_dir": None if self.data_dir is None else str(self.data_dir),
            "auth": "bearer tokens" if self.auth.enabled else "off (loopback, no tokens)",
            "max_body_bytes": self.max_body,
            "max_answer_bytes": self.max_answer_bytes,
            "endpoints": [f"POST {PREFIX}/{name}" for name in _ENDPOINT_NAMES]
            + ["GET /health", "GET /metrics", "GET /"],
            "content_type": CONTENT_TYPE,
        }


_ENDPOINT_NAMES = (
    "snapshot",
    "pull_graft",
    "pull_commits",
    "commit",
    "checkpoint",
    "fork",
    "volumes",
)


async def _open_store(config: Config, metrics: Metrics) -> RecordStore:
    if config.store_url:
        return await anyio.to_thread.run_sync(
            partial(
                ObjectStoreRecordStore.open,
                config.store_url,
                cluster_key=config.cluster_key,
                timeout_s=config.store_timeout_s,
            )
        )
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


def _endpoints(catalog: Callable[[], Catalog]) -> list[Endpoint[Any]]:
    """The catalog is opened by the lifespan, after the routes exist: look it up per call."""

    def call(
        method: Callable[[Catalog, Req], Awaitable[Message]],
    ) -> Callable[[Req, Grant], Awaitable[Message]]:
        async def run(req: Req, grant: Grant) -> Message:
            return await method(catalog(), req)

        return run

    async def volumes(req: VolumesRequest, grant: Grant) -> Message:
        return await catalog().volumes(req, grant.volumes)

    async def fork(req: ForkRequest, grant: Grant) -> Message:
        # The fork reads every page of its parent: the token must grant the parent too.
        Auth.authorize(grant, req.parent, write=False)
        return await catalog().fork(req)

    return [
        Endpoint("snapshot", SnapshotRequest, False, call(Catalog.snapshot)),
        Endpoint("pull_graft", PullGraftRequest, False, call(Catalog.pull_graft)),
        Endpoint("pull_commits", PullCommitsRequest, False, call(Catalog.pull_commits)),
        Endpoint("commit", CommitRequest, True, call(Catalog.commit)),
        Endpoint("checkpoint", CheckpointRequest, True, call(Catalog.checkpoint)),
        Endpoint("fork", ForkRequest, True, fork),
        Endpoint("volumes", VolumesRequest, False, volumes),
    ]


def create_app(config: Config) -> Starlette:
    metrics = Metrics()
    state: dict[str, Catalog] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        started = time.perf_counter()
        store = await _open_store(config, metrics)
        state["catalog"] = Catalog(
            store, metrics, config.receipt_key, max_answer_bytes=config.max_answer_bytes
        )
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

    app = service_app(
        PREFIX,
        _endpoints(lambda: state["catalog"]),
        auth=config.auth,
        max_body=config.max_body,
        lifespan=lifespan,
        registry=metrics.registry,
        requests=metrics.requests,
        log=log,
        ready=lambda: "catalog" in state,
        cluster=lambda: str(state["catalog"].store.cluster_key) if "catalog" in state else None,
        stopping=lambda: state["catalog"].stop_waiting() if "catalog" in state else None,
        describe=config.describe,
    )
    app.state.metrics = metrics
    return app
