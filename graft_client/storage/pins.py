"""Which local snapshots open readers and writers hold: reclaim never goes past the oldest."""

from __future__ import annotations

import threading
from collections import Counter

from graft_core.ids import VolumeId

__all__ = ["PinRegistry"]


class PinRegistry:
    def __init__(self) -> None:
        self._lock = threading.Condition(threading.Lock())
        self._pins: dict[VolumeId, Counter[int]] = {}

    def pin(self, vid: VolumeId, lsn: int) -> None:
        with self._lock:
            self._pins.setdefault(vid, Counter())[lsn] += 1

    def unpin(self, vid: VolumeId, lsn: int) -> None:
        with self._lock:
            counts = self._pins[vid]
            counts[lsn] -= 1
            assert counts[lsn] >= 0
            if not counts[lsn]:
                del counts[lsn]
            if not counts:
                self._lock.notify_all()

    def oldest(self, vid: VolumeId) -> int | None:
        with self._lock:
            counts = self._pins.get(vid)
            return min(counts) if counts else None

    def count(self, vid: VolumeId) -> int:
        """How many pins of ``vid``'s snapshots are held."""
        with self._lock:
            return sum(self._pins.get(vid, Counter()).values())

    def wait_released(self, vid: VolumeId, timeout: float) -> bool:
        """Whether no snapshot of ``vid`` is pinned, waiting up to ``timeout`` for it."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pins.get(vid), timeout)
