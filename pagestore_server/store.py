"""The object store as the pagestore uses it: segment keys, and every call timed and counted."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from graft_core.errors import NotFoundError, SegmentMismatchError, SegmentMissingError
from graft_core.ids import SegmentId
from graft_core.objstore import ObjectStore
from pagestore_server.metrics import Metrics

__all__ = ["SegmentMismatchError", "SegmentMissingError", "SegmentStore", "segment_key"]

T = TypeVar("T")


def segment_key(sid: SegmentId) -> str:
    return f"segments/{sid}"


class SegmentStore:
    """Blocking calls: the async layers run them in worker threads."""

    def __init__(self, store: ObjectStore, metrics: Metrics) -> None:
        self.store = store
        self._metrics = metrics

    def _timed(self, op: str, call: Callable[[], T]) -> T:
        started = time.perf_counter()
        try:
            return call()
        except NotFoundError as exc:
            raise SegmentMissingError(str(exc)) from exc
        except Exception:
            self._metrics.store_errors.labels(op).inc()
            raise
        finally:
            self._metrics.store_seconds.labels(op).observe(time.perf_counter() - started)

    def create(self, sid: SegmentId, data: bytes) -> None:
        # Segment ids are random: "already exists" cannot happen, create-only is a cheap guard.
        created = self._timed("put", lambda: self.store.put_if_absent(segment_key(sid), data))
        assert created, f"segment {sid} already exists"

    def delete(self, sid: SegmentId) -> None:
        self._timed("delete", lambda: self.store.delete(segment_key(sid)))

    def get_range(self, sid: SegmentId, start: int, length: int) -> bytes:
        return self._timed(
            "get_range", lambda: self.store.get_range(segment_key(sid), start, length)
        )

    def get_suffix(self, sid: SegmentId, length: int) -> bytes:
        return self._timed("get_suffix", lambda: self.store.get_suffix(segment_key(sid), length))

    def close(self) -> None:
        self.store.close()
