"""RocksDB calls made without the GIL, kept clear of the interpreter's exit.

A finalizing Python ends each daemon thread as it next takes the GIL. A thread coming back from
a call that let go of the GIL inside RocksDB (the WAL sync) is ended inside RocksDB's C++
frames, and the process aborts ("FATAL: exception not rethrown", SIGABRT): an app that returned
from its main thread while a daemon thread committed did. So at exit (an ``atexit`` hook, which
runs before the interpreter ends its daemon threads) the calls under way are waited for, and no
thread but the main one starts another: those wait here until the process has ended.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["without_gil"]

# How long the exit waits for the calls under way (a WAL sync takes milliseconds).
EXIT_WAIT_S = 10.0


class _Calls:
    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.running = 0
        self.exiting = False


_calls = _Calls()


@contextmanager
def without_gil() -> Iterator[None]:
    """A block that calls into RocksDB, which lets go of the GIL meanwhile."""
    calls = _calls
    with calls.changed:
        while calls.exiting and threading.current_thread() is not threading.main_thread():
            calls.changed.wait()  # until the process has ended
        calls.running += 1
    try:
        yield
    finally:
        with calls.changed:
            calls.running -= 1
            calls.changed.notify_all()


def _at_exit() -> None:
    calls = _calls
    with calls.changed:
        calls.exiting = True
        calls.changed.wait_for(lambda: calls.running == 0, EXIT_WAIT_S)


def _in_child() -> None:
    """A forked child starts afresh: the thread that held the condition is not in it."""
    global _calls
    _calls = _Calls()


atexit.register(_at_exit)
os.register_at_fork(after_in_child=_in_child)
