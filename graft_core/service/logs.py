"""Structured logs: one JSON object per line on stderr, with repeated lines collapsed.

A flood of one message (a client hammering a bad request, a resource error on every loop tick)
must not fill the disk or drown other lines: ``RepeatFilter`` lets the first record of each
(logger, level, message) through per interval, drops identical ones, and the first record after
the interval carries ``"repeated": N``, the number dropped in between. A count still
pending when the flood stops is reported with that message's next occurrence.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["DEFAULT_REPEAT_INTERVAL_S", "JsonFormatter", "RepeatFilter", "setup_logging"]

DEFAULT_REPEAT_INTERVAL_S = 10.0
# Messages vary (ids, addresses): bound the memory.
_MAX_KEYS = 1024

_STANDARD_ATTRS = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """Time, level, logger, message and any ``extra`` fields of the record."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        doc.update((k, v) for k, v in record.__dict__.items() if k not in _STANDARD_ATTRS)
        if record.exc_info:
            doc["exc"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str)


class RepeatFilter(logging.Filter):
    """At most one record per (logger, level, message) and interval; see the module doc."""

    def __init__(
        self,
        interval_s: float = DEFAULT_REPEAT_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.interval_s = interval_s
        self._clock = clock
        self._lock = threading.Lock()
        # key -> [start of its interval, records dropped since]
        self._seen: dict[tuple[str, int, str], list[float]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, record.getMessage())
        now = self._clock()
        with self._lock:
            seen = self._seen.get(key)
            if seen is not None and now - seen[0] < self.interval_s:
                seen[1] += 1
                return False
            if seen is not None and seen[1]:
                record.repeated = int(seen[1])
            if seen is None and len(self._seen) >= _MAX_KEYS:
                self._forget(now)
            self._seen[key] = [now, 0]
        return True

    def _forget(self, now: float) -> None:
        """Drop the keys whose interval is over (their pending counts are lost)."""
        expired = [k for k, (start, _) in self._seen.items() if now - start >= self.interval_s]
        for key in expired or list(self._seen):
            del self._seen[key]


def setup_logging(level: str, repeat_interval_s: float = DEFAULT_REPEAT_INTERVAL_S) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RepeatFilter(repeat_interval_s))
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)
    # A line per request it makes (the pagestore asks the metastore's /health at start) is noise.
    logging.getLogger("httpx").setLevel(max(logging.WARNING, logging.getLogger().level))
