"""Which pages to fetch along with a missed one.

Neighbours on both sides of every miss (SQLite B-tree pages cluster), and a longer run ahead
when misses move forward through the file (scans). Measured in benchmarks/sync.py.
"""

from __future__ import annotations

__all__ = ["Prefetcher"]

NEIGHBOURS = 8
SCAN_RUN = 64


class Prefetcher:
    def __init__(self) -> None:
        self._last_miss: int | None = None

    def window(self, pageidx: int, page_count: int) -> range:
        last, self._last_miss = self._last_miss, pageidx
        scanning = last is not None and 0 < pageidx - last <= 2 * SCAN_RUN
        ahead = SCAN_RUN if scanning else NEIGHBOURS
        return range(max(1, pageidx - NEIGHBOURS), min(page_count, pageidx + ahead) + 1)
