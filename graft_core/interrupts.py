"""Ctrl-C held off while a commit settles, or while a step that others rely on runs whole.

Python raises ``KeyboardInterrupt`` at whatever line of the main thread runs when SIGINT comes.
Inside a commit that is between writing it and settling it (waiting for the WAL fsync, handing
the writer lease on, answering SQLite): the commit is then stored but its caller is told it
failed, and SQLite rolls back a transaction that landed. Inside a frame sent to another process,
or an answer read from one and not yet handed to its call: the other end reads garbage, or the
call waits for good. While held, a SIGINT is noted, not acted on; when the hold ends the signal
is raised again, to the handler the app had, whatever it is (``KeyboardInterrupt``, an app's
own handler, the default's exit). A second SIGINT during one hold goes to the app's handler at
once: a commit waiting on a stopped owner process must not make Ctrl-C useless (its outcome is
then unknown, as after a crash). Other threads never see SIGINT's handler run, so only the main
thread holds.
"""

from __future__ import annotations

import importlib
import os
import signal
import threading
from types import FrameType
from typing import Any

__all__ = [
    "WAKE_S",
    "hold_interrupts",
    "interrupts_deferred",
    "interrupts_held",
    "release_interrupts",
]

# ``signal.signal`` and ``getsignal`` convert handlers to and from enums: a hold and its
# release cost 21 us through them and 1.2 us through the C functions (measured), on every
# commit of the main thread.
_signals: Any = importlib.import_module("_signal")
_SIGINT = int(signal.SIGINT)

# How often the main thread, waiting for another thread's work, wakes up to act on a SIGINT:
# the kernel may run its handler on any thread, and one run elsewhere leaves a main thread
# asleep on a lock or in poll unaware of it, Ctrl-C unheard until the wait ends.
WAKE_S = 0.1

_depth = 0
_noted = False
_app_handler: Any = None


def _note(signum: int, frame: FrameType | None) -> None:
    global _noted
    if not _noted:
        _noted = True
        return
    _noted = False  # the user insists: the app's handler takes it now, and any further one
    _signals.signal(_SIGINT, _app_handler)
    signal.raise_signal(_SIGINT)


_main_thread_id = threading.main_thread().ident


def _note_main_thread() -> None:
    """A forked child's main thread is the one that forked (``threading`` says so first)."""
    global _main_thread_id
    _main_thread_id = threading.main_thread().ident


os.register_at_fork(after_in_child=_note_main_thread)


def _in_main_thread() -> bool:
    return threading.get_ident() == _main_thread_id


def interrupts_deferred() -> bool:
    """Whether no SIGINT can interrupt this thread now: it is not the main thread, or it
    holds interrupts (then a wait may block in a call that takes data, with nothing lost)."""
    return _depth > 0 or not _in_main_thread()


def hold_interrupts() -> bool:
    """Note SIGINT instead of acting on it until the matching ``release_interrupts``, which
    must come on this thread; whether this took a hold (only the main thread does)."""
    global _depth, _app_handler
    if not _in_main_thread():
        return False
    if _depth == 0:
        handler = _signals.getsignal(_SIGINT)
        if handler is None:  # installed outside Python: it cannot be put back, so left alone
            return False
        _app_handler = _signals.signal(_SIGINT, _note)
    _depth += 1
    return True


def release_interrupts() -> None:
    """End a hold that ``hold_interrupts`` took; the last one raises a SIGINT that came
    meanwhile."""
    global _depth, _noted
    assert _in_main_thread() and _depth > 0, "no hold of this thread's to release"
    _depth -= 1
    if _depth:
        return
    _signals.signal(_SIGINT, _app_handler)
    if _noted:
        _noted = False
        signal.raise_signal(_SIGINT)


class interrupts_held:  # lower case, as ``contextlib.suppress``: used as a function
    """SIGINT held for the block (see the module). A class, not a generator: it wraps every
    frame sent between processes, mostly off the main thread, where it costs 0.5 us and a
    ``contextmanager`` 1.6 us (measured)."""

    __slots__ = ("_held",)

    def __enter__(self) -> None:
        self._held = hold_interrupts()

    def __exit__(self, *exc_info: object) -> None:
        if self._held:
            release_interrupts()
