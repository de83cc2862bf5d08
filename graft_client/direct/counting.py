"""Requests a direct client makes to its object store, counted per volume and in total.

The store's price is per request (PUT, GET, LIST), so direct mode shows what it spends: the
object store is wrapped in ``CountingStore``, and each sync call runs in ``volume_scope(vid)`` so
the requests it makes (on worker threads too: anyio copies the context) count for that volume.
A segment PUT is made by the pagestore's flush task, outside any call, and is counted for the
volume by the caller that wrote it (``RequestCounter.add``).
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Iterator

from graft_client.direct.counts import RequestCounts
from graft_core.ids import VolumeId
from graft_core.objstore import ObjectMeta, ObjectStore, ObstoreBackend

__all__ = ["CountingStore", "RequestCounter", "RequestCounts", "volume_scope"]

# Keys an S3 LIST answers per request.
_LIST_PAGE = 1000

_VOLUME: contextvars.ContextVar[VolumeId | None] = contextvars.ContextVar(
    "graft_direct_volume", default=None
)


@contextlib.contextmanager
def volume_scope(vid: VolumeId) -> Iterator[None]:
    """Requests made inside count for ``vid``."""
    token = _VOLUME.set(vid)
    try:
        yield
    finally:
        _VOLUME.reset(token)


class RequestCounter:
    """Thread-safe totals, per volume and over all."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._total = RequestCounts()
        self._volumes: dict[VolumeId, RequestCounts] = {}

    def add(self, counts: RequestCounts, vid: VolumeId | None) -> None:
        with self._lock:
            self._total += counts
            if vid is not None:
                self._volumes[vid] = self._volumes.get(vid, RequestCounts()) + counts

    def add_for_volume(self, vid: VolumeId, counts: RequestCounts) -> None:
        """Count ``counts`` for ``vid`` only (the total counted them already)."""
        with self._lock:
            self._volumes[vid] = self._volumes.get(vid, RequestCounts()) + counts

    @property
    def total(self) -> RequestCounts:
        return self._total

    def volume(self, vid: VolumeId) -> RequestCounts:
        return self._volumes.get(vid, RequestCounts())

    def volumes(self) -> dict[VolumeId, RequestCounts]:
        with self._lock:
            return dict(self._volumes)


class CountingStore(ObjectStore):
    """``store`` with every request counted in ``counter`` (for the volume in scope)."""

    def __init__(self, store: ObjectStore, counter: RequestCounter) -> None:
        self._store = store
        self._counter = counter

    def _count(self, counts: RequestCounts) -> None:
        self._counter.add(counts, _VOLUME.get())

    def get(self, key: str) -> bytes:
        self._count(RequestCounts(gets=1))
        return self._store.get(key)

    def get_range(self, key: str, start: int, length: int) -> bytes:
        self._count(RequestCounts(gets=1))
        return self._store.get_range(key, start, length)

    def get_suffix(self, key: str, length: int) -> bytes:
        self._count(RequestCounts(gets=1))
        return self._store.get_suffix(key, length)

    def put(self, key: str, data: bytes) -> None:
        self._count(RequestCounts(puts=1))
        self._store.put(key, data)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        self._count(RequestCounts(puts=1))
        created = self._store.put_if_absent(key, data)
        if not created and isinstance(self._store, ObstoreBackend):
            self._count(RequestCounts(gets=1))  # it read the object back to tell (objstore)
        return created

    def delete(self, key: str) -> None:
        self._store.delete(key)

    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        self._count(RequestCounts(lists=1))
        for listed, meta in enumerate(self._store.list(prefix)):
            if listed and listed % _LIST_PAGE == 0:
                self._count(RequestCounts(lists=1))  # the next page is another request
            yield meta

    def close(self) -> None:
        self._store.close()
