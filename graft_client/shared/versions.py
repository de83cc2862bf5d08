"""PageVersions: an attached process's cache of pages its secondary does not have yet;
HeldVersions: the owner's record of what one attached process's cache holds.

A key names immutable bytes: page ``pageidx`` of volume ``vid`` as snapshot ``lsn`` holds it,
for the owner's change log ``token`` (a volume deleted and created again gets a new token, its
LSNs meaning other pages). It holds what this process read through the owner and what it
committed itself, so the next transactions read those pages without a round trip.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping

from graft_core.ids import VolumeId

__all__ = ["CACHED_COMMIT_PAGES", "CACHED_PAGES", "HeldVersions", "PageVersions", "VersionKey"]

CACHED_PAGES = 2048  # 8 MiB of 4 KiB pages per process
# A process keeps the pages of its own commits of at most this many pages.
CACHED_COMMIT_PAGES = 64

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


class HeldVersions:
    """Which version of each page the owner last sent an attached process, or saw it commit
    (and so keep: ``CACHED_COMMIT_PAGES``): a pin sends the changed pages that process lacks,
    not those it holds. The process may have dropped one since (its cache is bounded): it reads
    that page through the owner then."""

    __slots__ = ("_capacity", "_guard", "_volumes")

    def __init__(self, capacity: int = CACHED_PAGES) -> None:
        self._capacity = capacity
        # vid -> (change log token, {pageidx: LSN naming the content}, oldest first).
        self._volumes: dict[VolumeId, tuple[int, dict[int, int]]] = {}
        self._guard = threading.Lock()

    def note(self, token: int, vid: VolumeId, lsns: Mapping[int, int]) -> None:
        """The process holds page ``idx`` of ``vid`` as ``lsns[idx]`` names it."""
        with self._guard:
            known = self._volumes.get(vid)
            if known is None or known[0] != token:
                known = self._volumes[vid] = (token, {})
            held = known[1]
            for idx, lsn in lsns.items():
                held.pop(idx, None)
                held[idx] = lsn
            while len(held) > self._capacity:
                del held[next(iter(held))]

    def note_commit(self, token: int, vid: VolumeId, pages: Iterable[int], lsn: int) -> None:
        self.note(token, vid, dict.fromkeys(pages, lsn))

    def lacking(self, token: int, vid: VolumeId, lsns: Mapping[int, int]) -> Iterator[int]:
        """The pages of ``lsns`` (pageidx -> LSN naming its content) the process lacks."""
        known = self._volumes.get(vid)
        if known is None or known[0] != token:
            yield from lsns
            return
        held = known[1]
        for idx, lsn in lsns.items():
            if held.get(idx) != lsn:
                yield idx
