"""The object store a direct client's remote URL names.

``file://`` is ``graft_core.objstore``'s durable local store (fsync before a write returns;
obstore's own local store does not sync). ``memory://NAME`` stores are shared by every client of
this process that names the same URL, so two clients (or a client and a lite client) can sync
through one without a server; they vanish with the process.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from graft_core.objstore import MemoryStore, ObjectMeta, ObjectStore, check_remote_url, open_store

__all__ = ["open_remote_store"]

_memory: dict[str, MemoryStore] = {}
_memory_guard = threading.Lock()


class _Shared(ObjectStore):
    """A process-wide memory store, lent to one client: closing it leaves the store be."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def get(self, key: str) -> bytes:
        return self._store.get(key)

    def get_range(self, key: str, start: int, length: int) -> bytes:
        return self._store.get_range(key, start, length)

    def get_suffix(self, key: str, length: int) -> bytes:
        return self._store.get_suffix(key, length)

    def put(self, key: str, data: bytes) -> None:
        self._store.put(key, data)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        return self._store.put_if_absent(key, data)

    def delete(self, key: str) -> None:
        self._store.delete(key)

    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        return self._store.list(prefix)

    def close(self) -> None:
        """The store outlives its borrowers."""


def open_remote_store(url: str, *, timeout_s: float | None = None) -> ObjectStore:
    """The store ``url`` names (checked: ``InvalidInputError`` for a bare path or bad scheme)."""
    check_remote_url(url)
    if url.lower().startswith("memory://"):
        with _memory_guard:
            store = _memory.setdefault(url, MemoryStore())
        return _Shared(store)
    return open_store(url, timeout_s=timeout_s)
