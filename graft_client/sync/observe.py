"""What sync did, for status output: fetch counters and a ring of recent errors per volume."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field

from graft_core.ids import VolumeId

__all__ = ["ErrorLog", "FetchStats", "FetchStatsBook", "SyncError"]

RECENT_ERRORS = 16


@dataclass
class FetchStats:
    pages_fetched: int = 0
    bytes_fetched: int = 0
    round_trips: int = 0


@dataclass(frozen=True)
class SyncError:
    at_ms: int
    kind: str
    message: str


class FetchStatsBook:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stats: dict[VolumeId, FetchStats] = {}

    def record(self, vid: VolumeId, pages: int, nbytes: int, round_trips: int) -> None:
        with self._lock:
            stats = self._stats.setdefault(vid, FetchStats())
            stats.pages_fetched += pages
            stats.bytes_fetched += nbytes
            stats.round_trips += round_trips

    def get(self, vid: VolumeId) -> FetchStats:
        with self._lock:
            found = self._stats.get(vid, FetchStats())
            return FetchStats(found.pages_fetched, found.bytes_fetched, found.round_trips)


@dataclass
class _VolumeLog:
    errors: deque[SyncError] = field(default_factory=lambda: deque(maxlen=RECENT_ERRORS))
    last_success_ms: int | None = None


class ErrorLog:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._logs: dict[VolumeId, _VolumeLog] = {}

    def record(self, vid: VolumeId, exc: BaseException) -> None:
        error = SyncError(time.time_ns() // 1_000_000, type(exc).__name__, str(exc))
        with self._lock:
            self._logs.setdefault(vid, _VolumeLog()).errors.append(error)

    def success(self, vid: VolumeId) -> None:
        with self._lock:
            self._logs.setdefault(vid, _VolumeLog()).last_success_ms = time.time_ns() // 1_000_000

    def recent(self, vid: VolumeId) -> list[SyncError]:
        with self._lock:
            return list(self._logs.get(vid, _VolumeLog()).errors)

    def last_success_ms(self, vid: VolumeId) -> int | None:
        with self._lock:
            return self._logs.get(vid, _VolumeLog()).last_success_ms
