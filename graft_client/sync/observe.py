"""What sync did, for status output: what a push sent, and a ring of recent errors per volume.

The last error of a push and the fetch counters are also kept on disk (``LocalState``), so a
new process can tell; the ring and the time of the last success are this process's.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from graft_client.storage.records import SyncError
from graft_core.ids import VolumeId
from graft_core.types import LocalLSN, RemoteLSN

__all__ = ["RECENT_ERRORS", "ErrorLog", "Progress", "PushInfo"]

RECENT_ERRORS = 16

# Called with (done, total) pages as a long push or fetch proceeds, on the sync runtime's thread.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PushInfo:
    """What a push sent: local LSN ``local_lsn`` (``pages`` changed pages) as ``remote_lsn``;
    ``resumed`` when it finished a push that a crash or an outage had cut off."""

    remote_lsn: RemoteLSN
    local_lsn: LocalLSN
    pages: int
    resumed: bool


@dataclass
class _VolumeLog:
    errors: deque[SyncError] = field(default_factory=lambda: deque(maxlen=RECENT_ERRORS))
    last_success_ms: int | None = None


class ErrorLog:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._logs: dict[VolumeId, _VolumeLog] = {}

    def record(self, vid: VolumeId, exc: BaseException) -> SyncError:
        error = SyncError(time.time_ns() // 1_000_000, type(exc).__name__, str(exc))
        with self._lock:
            self._logs.setdefault(vid, _VolumeLog()).errors.append(error)
        return error

    def success(self, vid: VolumeId) -> None:
        with self._lock:
            self._logs.setdefault(vid, _VolumeLog()).last_success_ms = time.time_ns() // 1_000_000

    def recent(self, vid: VolumeId) -> list[SyncError]:
        with self._lock:
            return list(self._logs.get(vid, _VolumeLog()).errors)

    def last_success_ms(self, vid: VolumeId) -> int | None:
        with self._lock:
            return self._logs.get(vid, _VolumeLog()).last_success_ms
