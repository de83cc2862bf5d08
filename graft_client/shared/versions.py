"""PageVersions: an attached process's cache of pages its secondary does not have yet.

A key names immutable bytes: page ``pageidx`` of volume ``vid`` as snapshot ``lsn`` holds it,
for the owner's change log ``token`` (a volume deleted and created again gets a new token, its
LSNs meaning other pages). It holds what this process read through the owner and what it
committed itself, so the next transactions read those pages without a round trip.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from graft_core.ids import VolumeId

__all__ = ["CACHED_PAGES", "PageVersions", "VersionKey"]

CACHED_PAGES = 2048  # 8 MiB of 4 KiB pages per process

VersionKey = tuple[int, VolumeId, int, int]  # token, vid, pageidx, lsn


class PageVersions:
    def __init__(self, capacity: int = CACHED_PAGES) -> None:
        self._capacity = capacity
        self._pages: OrderedDict[VersionKey, bytes] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: VersionKey) -> bytes | None:
        with self._guard:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: VersionKey, page: bytes) -> None:
        with self._guard:
            self._pages[key] = page
            self._pages.move_to_end(key)
            if len(self._pages) > self._capacity:
                self._pages.popitem(last=False)
