"""The pagestore HTTP app: ``write_pages`` and ``read_pages`` over the shared service plumbing."""

from __future__ import annotations

import contextlib
import logging
import os
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import anyio.to_thread
from starlette.applications import Starlette

from graft_core.cluster import claim_marker, read_marker
from graft_core.errors import InvalidInputError, InvalidPageError, PayloadTooLargeError
from graft_core.objstore import ObjectStore, open_store
from graft_core.service import Endpoint, Grant, service_app
from graft_core.tokens import RenewingToken
from graft_core.types import PAGE_SIZE
from graft_core.wire import (
    Message,
    ReadPagesRequest,
    WritePagesRequest,
    WritePagesResponse,
)
from pagestore_server.codecpool import CodecPool
from pagestore_server.config import Config
from pagestore_server.diskcache import DiskCache
from pagestore_server.history import Histories
from pagestore_server.metaclient import MetastoreClient
from pagestore_server.metrics import Metrics
from pagestore_server.reader import PageReader
from pagestore_server.segments import SegmentReader
from pagestore_server.store import SegmentStore
from pagestore_server.writer import SegmentWriter

__all__ = ["create_app"]

log = logging.getLogger("pagestore")
PREFIX = "/pagestore/v1"


@dataclass
class _Parts:
    cluster: uuid.UUID | None
    codec_pool: CodecPool
    store: SegmentStore
    writer: SegmentWriter
    reader: PageReader
    metastore: MetastoreClient


def _checked_pages(req: WritePagesRequest, max_pages: int) -> dict[int, bytes]:
    """Index range and sealed page size were checked by the wire types; here count, duplicates
    and the size of plain pages."""
    if len(req.pages) > max_pages:
        raise PayloadTooLargeError(f"{len(req.pages)} pages; at most {max_pages} per write_pages")
    if not req.sealed and any(len(page) != PAGE_SIZE for _, page in req.pages):
        raise InvalidPageError(f"a page is {PAGE_SIZE} bytes (unless the write is sealed)")
    pages = dict(req.pages)
    if len(pages) != len(req.pages):
        raise InvalidInputError("a page index appears more than once")
    return pages


def _metastore_token(config: Config) -> str | RenewingToken | None:
    """The given token; else, with signed-token keys, a read-only one the pagestore signs."""
    keys = config.auth.keys
    if config.metastore_token or keys is None:
        return config.metastore_token
    return RenewingToken(keys, Grant(None, read_only=True))


def _store_cluster(store: ObjectStore, expected: uuid.UUID | None, url: str) -> uuid.UUID | None:
    """The segment store's cluster: marked ``expected``'s if new, refused if another's."""
    if expected is not None:
        return claim_marker(store, expected, f"segment store {url}")
    found = read_marker(store)
    log.warning(
        "cluster key unknown (no --cluster-key and the metastore did not say): "
        "the segment store is not checked",
        extra={"store_cluster": None if found is None else str(found)},
    )
    return found


async def _open(config: Config, metrics: Metrics) -> _Parts:
    metastore = MetastoreClient(config.metastore_url, _metastore_token(config), metrics)
    try:
        expected = config.cluster_key or await metastore.cluster()

        def open_blocking() -> tuple[SegmentStore, DiskCache, uuid.UUID | None]:
            objects = open_store(config.store_url, timeout_s=config.store_timeout_s)
            try:
                cluster = _store_cluster(objects, expected, config.store_url)
                cache = DiskCache(config.cache_dir, config.cache_limit, metrics)
            except BaseException:
                objects.close()
                raise
            return SegmentStore(objects, metrics), cache, cluster

        store, cache, cluster = await anyio.to_thread.run_sync(open_blocking)
    except BaseException:
        await metastore.aclose()
        raise
    # The thread a request runs on is one core; the pool lends the others while they are idle.
    codec_pool = CodecPool(max(1, (os.cpu_count() or 1) - 1))
    writer = SegmentWriter(
        store,
        metrics,
        target_bytes=config.segment_target_bytes,
        window_s=config.flush_window_s,
        max_parallel=config.max_parallel_flushes,
        executor=codec_pool,
    )
    writer.start()
    histories = Histories(metastore, refresh_s=config.commits_refresh_s)
    segments = SegmentReader(store, cache, metrics, executor=codec_pool)
    reader = PageReader(histories, segments, metrics, config.max_read_pages)
    return _Parts(cluster, codec_pool, store, writer, reader, metastore)


def create_app(config: Config) -> Starlette:
    metrics = Metrics()
    state: dict[str, _Parts] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state["parts"] = await _open(config, metrics)
        log.info("pagestore ready")
        try:
            yield
        finally:
            parts = state.pop("parts")
            await parts.writer.aclose()
            await parts.metastore.aclose()
            parts.codec_pool.shutdown()
            parts.store.close()

    async def write_pages(req: WritePagesRequest, grant: Grant) -> Message:
        pages = _checked_pages(req, config.max_write_pages)
        if not pages:
            return WritePagesResponse(segments=[])
        refs = await state["parts"].writer.write(req.vid, pages, sealed=req.sealed)
        # Signed only once durable: a receipt is the metastore's proof the pages are stored.
        return WritePagesResponse(segments=[config.receipt_key.sign(req.vid, ref) for ref in refs])

    async def read_pages(req: ReadPagesRequest, grant: Grant) -> Message:
        return await state["parts"].reader.read(req)

    def cluster() -> str | None:
        parts = state.get("parts")
        return None if parts is None or parts.cluster is None else str(parts.cluster)

    app = service_app(
        PREFIX,
        [
            Endpoint("write_pages", WritePagesRequest, True, write_pages),
            Endpoint("read_pages", ReadPagesRequest, False, read_pages),
        ],
        auth=config.auth,
        max_body=config.max_body,
        lifespan=lifespan,
        registry=metrics.registry,
        requests=metrics.requests,
        log=log,
        ready=lambda: "parts" in state,
        cluster=cluster,
        describe=config.describe,
    )
    app.state.metrics = metrics
    return app
