"""Alarm: one daemon thread that runs a callback at the earliest time it was set for.

For deadlines that nothing else would notice passing (a request waiting too long for a lease
that no one frees): the thread sleeps until the nearest one, without polling, and is started
only while a deadline is set (it ends once none is: an idle owner keeps no thread for it).
A deadline set while the interpreter exits is dropped: Python 3.11 never runs a thread started
then, and its ``start`` never returns; and the thread running then ends as it next takes the
GIL, maybe holding the guard, which must then not be waited for.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

__all__ = ["Alarm"]


class Alarm:
    """Runs ``ring()`` at the earliest time (``time.monotonic``) set, once (``ring`` sets
    the next time, if any)."""

    def __init__(self, ring: Callable[[], None], name: str) -> None:
        self._ring = ring
        self._name = name
        self._guard = threading.Condition()
        self._at: float | None = None
        self._thread: threading.Thread | None = None

    def set(self, at: float) -> None:
        if sys.is_finalizing():
            # The process is exiting: a new thread would never start, and the running one may
            # have ended holding the guard (a daemon thread ends as it next takes the GIL).
            return
        with self._guard:
            if self._at is not None and self._at <= at:
                return  # it rings earlier, and its ``ring`` sees this deadline
            self._at = at
            if self._thread is not None:
                self._guard.notify()
            else:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._guard:
                if self._at is None:
                    self._thread = None
                    return
                while (left := self._at - time.monotonic()) > 0:
                    self._guard.wait(left)
                self._at = None
            self._ring()
