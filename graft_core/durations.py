"""Durations as people type them on a command line: ``90s``, ``15m``, ``1h30m``, ``7d``."""

from __future__ import annotations

import re

from graft_core.errors import InvalidInputError

__all__ = ["parse_duration"]

_UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")


def parse_duration(text: str) -> float:
    """Seconds in ``90s``, ``15m``, ``1h30m``, ``7d``, ``0s``."""
    cleaned = text.strip().lower()
    parts = _DURATION.findall(cleaned)
    if not cleaned or "".join(number + unit for number, unit in parts) != cleaned:
        raise InvalidInputError(f"invalid duration {text!r}: expected e.g. 90s, 15m, 1h30m, 7d")
    return sum(float(number) * _UNITS[unit] for number, unit in parts)
