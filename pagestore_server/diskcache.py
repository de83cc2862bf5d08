"""A byte-bounded LRU cache of segment frames in a local directory.

Entries are the frames' stored (compressed, CRC-carrying) bytes, one file each, written to a temp
name and renamed so a crash never leaves a partial entry under a real name; a reader still checks
each frame's CRC (``decode_frame``) and discards a bad entry. No fsync: a lost entry is refetched.
The cache never fails a read: an entry it cannot write (a full disk) or read is a miss.
Recency lives in memory; after a restart the files are ranked by modification time.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import threading
from collections import OrderedDict
from pathlib import Path

from graft_core.files import storage_error
from pagestore_server.metrics import Metrics

__all__ = ["DiskCache"]

log = logging.getLogger("pagestore")

_TMP_SUFFIX = ".tmp"


class DiskCache:
    """Thread-safe; ``get``/``put`` do blocking file I/O (call them from worker threads)."""

    def __init__(self, root: Path, limit: int, metrics: Metrics) -> None:
        self.root = root
        self.limit = limit
        self._metrics = metrics
        self._lock = threading.Lock()
        self._sizes: OrderedDict[str, int] = OrderedDict()
        self._total = 0
        try:
            root.mkdir(parents=True, exist_ok=True)
            self._load()
        except OSError as exc:
            raise storage_error(exc, f"cannot open the cache directory {root}") from exc

    def _load(self) -> None:
        found: list[tuple[int, str, int]] = []
        for entry in os.scandir(self.root):
            if entry.name.endswith(_TMP_SUFFIX):
                os.unlink(entry.path)  # left by a crash mid-write
            elif entry.is_file():
                stat = entry.stat()
                found.append((stat.st_mtime_ns, entry.name, stat.st_size))
        for _, name, size in sorted(found):
            self._sizes[name] = size
            self._total += size
        self._evict()

    @property
    def total_bytes(self) -> int:
        return self._total

    def get(self, key: str) -> bytes | None:
        with self._lock:
            if key not in self._sizes:
                return None
            self._sizes.move_to_end(key)
        try:
            return (self.root / key).read_bytes()
        except FileNotFoundError:  # evicted between the lookup and the read
            return None
        except OSError as exc:
            log.warning("frame cache entry %s is unreadable, refetched: %s", key, exc)
            self.discard(key)
            return None

    def put(self, key: str, data: bytes) -> None:
        if len(data) > self.limit:
            return
        tmp = self.root / f"{key}.{secrets.token_hex(6)}{_TMP_SUFFIX}"
        try:
            tmp.write_bytes(data)
            os.replace(tmp, self.root / key)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            return  # a full or broken cache disk only costs refetches
        with self._lock:
            self._total += len(data) - self._sizes.pop(key, 0)
            self._sizes[key] = len(data)
            self._evict()

    def discard(self, key: str) -> None:
        with self._lock:
            size = self._sizes.pop(key, None)
            if size is not None:
                self._total -= size
                self._unlink(key)
            self._metrics.cache_bytes.set(self._total)

    def _evict(self) -> None:
        """Drop least recently used entries until the total fits (caller holds the lock)."""
        while self._total > self.limit:
            key, size = self._sizes.popitem(last=False)
            self._total -= size
            self._unlink(key)
            self._metrics.cache_evictions.inc()
        self._metrics.cache_bytes.set(self._total)

    def _unlink(self, key: str) -> None:
        with contextlib.suppress(OSError):  # gone already, or a broken disk: it stays a miss
            (self.root / key).unlink()
