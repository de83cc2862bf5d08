"""Waiting for a condition: poll with a deadline, never a fixed sleep."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["pid_alive", "wait_until"]

T = TypeVar("T")
POLL_S = 0.002


def wait_until(probe: Callable[[], T | None], timeout: float, what: str) -> T:
    """Poll ``probe`` until it returns something other than None/False, or fail at the deadline."""
    deadline = time.monotonic() + timeout
    while True:
        found = probe()
        if found is not None and found is not False:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(POLL_S)


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (a probe for ``wait_until``, negated)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
