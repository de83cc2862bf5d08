"""Direct mode: the metastore's and the pagestore's storage cores, in the client's process.

A direct client talks to the object store itself, in the very layout ``graft serve --store``
uses (DESIGN 14): commit records at ``volumes/{vid}/log/{lsn:016x}`` written by the object-store
record store (create-only PUT as the fence) under the metastore's ``Catalog`` (CAS on the base
LSN, exact idempotency by client id and commit hash, forks, checkpoints), segments written by
the pagestore's ``SegmentWriter`` and read by its ``PageReader`` (ranged GETs of frames, a
bounded frame cache on local disk). Running the servers' own code, rather than a second
implementation of the format, is what makes one layout serve both modes.

``DirectMetastore`` and ``DirectPagestore`` are the async metastore and pagestore clients with
their one transport method, ``call``, answered in process: the sync code cannot tell them from
the HTTP clients. Receipts (which prove to a metastore that a pagestore wrote a segment) are
signed and checked with a key of this client's own: records never store receipts, and a client
with the store's credentials can write any object anyway.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from pathlib import Path

import anyio
import anyio.to_thread

from graft_client.direct.counting import CountingStore, RequestCounter
from graft_client.direct.records import DirectRecordStore
from graft_client.direct.stores import open_remote_store
from graft_core.cluster import claim_marker, read_marker
from graft_core.ids import VolumeId
from graft_core.objstore import ObjectStore
from graft_core.receipts import ReceiptKey
from graft_core.scratch import ScratchDir
from graft_core.types import PAGE_SIZE
from graft_core.wire import PullCommitsRequest, PullCommitsResponse
from metastore_server.catalog import Catalog
from metastore_server.metrics import Metrics as MetastoreMetrics
from pagestore_server.diskcache import DiskCache
from pagestore_server.history import Histories
from pagestore_server.metrics import Metrics as PagestoreMetrics
from pagestore_server.reader import PageReader
from pagestore_server.segments import SegmentReader
from pagestore_server.store import SegmentStore
from pagestore_server.writer import SegmentWriter

__all__ = ["DEFAULT_CACHE_BYTES", "DirectRemote"]

# Frames kept on local disk for reads (per data dir): pages read once are local anyway.
DEFAULT_CACHE_BYTES = 256 << 20
_SCRATCH_PREFIX = "graft-direct-"
# Reads of at most this many pages per call (as the pagestore's default limit).
_MAX_READ_PAGES = 1 << 16
# Segment size a direct push aims at (as the pagestore's).
_SEGMENT_TARGET = 4096 * PAGE_SIZE


@dataclass
class DirectRemote:
    """What a direct client opened on its remote: the store, the cores, the request counts."""

    url: str
    objects: ObjectStore
    counter: RequestCounter
    receipts: ReceiptKey
    records: DirectRecordStore
    catalog: Catalog
    writer: SegmentWriter
    reader: PageReader
    _scratch: ScratchDir | None = None
    _closed: bool = False
    # The store's cluster marker, once known. Opening and reading never make one: a read
    # from a mistyped URL must not make a remote there. The first write does.
    _cluster: uuid.UUID | None = None

    @classmethod
    async def open(
        cls, url: str, cache_dir: Path | None, *, cache_bytes: int = DEFAULT_CACHE_BYTES
    ) -> DirectRemote:
        """Open ``url`` (on the event loop that will use it): ``InvalidInputError`` for a bad
        URL, ``StorageUnavailableError`` for a store that does not answer (a missing bucket)."""
        counter = RequestCounter()
        # A lite client has no data dir: its cache lives in a scratch directory until close.
        scratch = None
        if cache_dir is None:
            scratch = await anyio.to_thread.run_sync(ScratchDir, _SCRATCH_PREFIX)
            cache_dir = scratch.path

        def open_blocking() -> tuple[CountingStore, DiskCache]:
            objects = CountingStore(open_remote_store(url), counter)
            try:
                return objects, DiskCache(cache_dir, cache_bytes, pmetrics)
            except BaseException:
                objects.close()
                raise

        pmetrics = PagestoreMetrics()
        try:
            objects, cache = await anyio.to_thread.run_sync(open_blocking)
        except BaseException:
            if scratch is not None:
                scratch.cleanup()
            raise
        receipts = ReceiptKey(secrets.token_bytes(32))
        records = DirectRecordStore(objects)
        catalog = Catalog(records, MetastoreMetrics(), receipts)
        segments = SegmentStore(objects, pmetrics)
        writer = SegmentWriter(
            segments, pmetrics, target_bytes=_SEGMENT_TARGET, window_s=0.003, max_parallel=2
        )
        writer.start()
        histories = Histories(_CatalogCommits(catalog), refresh_s=1.0)
        reader = PageReader(
            histories, SegmentReader(segments, cache, pmetrics), pmetrics, _MAX_READ_PAGES
        )
        return cls(url, objects, counter, receipts, records, catalog, writer, reader, scratch)

    async def cluster(self) -> uuid.UUID | None:
        """The store's cluster key; None while nothing marked it (nothing was written)."""
        if self._cluster is None:
            self._cluster = await anyio.to_thread.run_sync(read_marker, self.objects)
        return self._cluster

    async def claim_cluster(self) -> None:
        """Before a write: mark the store as a new cluster's, unless it is marked."""
        if self._cluster is None:
            where = f"remote {self.url}"
            self._cluster = await anyio.to_thread.run_sync(claim_marker, self.objects, None, where)
            self.records.cluster_key = self._cluster

    async def aclose(self) -> None:
        """Flush and stop the writer, close the store (once, whichever client closes first)."""
        if self._closed:
            return
        self._closed = True
        try:
            await self.writer.aclose()
            await self.catalog.aclose()  # closes the store
        finally:
            if self._scratch is not None:
                self._scratch.cleanup()


class _CatalogCommits:
    """The metastore call ``Histories`` makes (``pull_commits``), answered by the catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog

    async def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> PullCommitsResponse:
        request = PullCommitsRequest(vid=vid, start=start, end=end)
        return await self._catalog.pull_commits(request)
