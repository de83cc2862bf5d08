"""SIGINT held while a commit settles: noted, then raised again to the app's own handler."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

import pytest

from graft_core.interrupts import (
    hold_interrupts,
    interrupts_deferred,
    interrupts_held,
    release_interrupts,
)


@pytest.fixture
def app_handler() -> Iterator[list[int]]:
    """An app's SIGINT handler recording each call; the previous one put back afterwards."""
    calls: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        calls.append(signum)

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield calls
        assert signal.getsignal(signal.SIGINT) is handler  # the app's handler is back
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_sigint_while_held_reaches_the_apps_handler_when_the_hold_ends(
    app_handler: list[int],
) -> None:
    with interrupts_held():
        signal.raise_signal(signal.SIGINT)
        assert app_handler == []
    assert app_handler == [signal.SIGINT]


def test_a_second_sigint_while_held_reaches_the_apps_handler_at_once(
    app_handler: list[int],
) -> None:
    with interrupts_held():
        signal.raise_signal(signal.SIGINT)
        signal.raise_signal(signal.SIGINT)
        assert app_handler == [signal.SIGINT]
        signal.raise_signal(signal.SIGINT)  # the app's handler has it from now on
        assert app_handler == [signal.SIGINT] * 2
    assert app_handler == [signal.SIGINT] * 2


def test_nested_holds_raise_at_the_outermost_end(app_handler: list[int]) -> None:
    assert hold_interrupts()
    with interrupts_held():
        signal.raise_signal(signal.SIGINT)
    assert app_handler == []
    release_interrupts()
    assert app_handler == [signal.SIGINT]


def test_a_keyboard_interrupt_comes_after_the_block() -> None:
    steps = []
    with pytest.raises(KeyboardInterrupt), interrupts_held():
        signal.raise_signal(signal.SIGINT)
        steps.append("finished")
    assert steps == ["finished"]


def test_no_sigint_nothing_raised_and_the_handler_is_back(app_handler: list[int]) -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupts_held():
        pass
    assert app_handler == []
    assert signal.getsignal(signal.SIGINT) is before


def test_other_threads_take_no_hold() -> None:
    taken: list[bool] = []
    thread = threading.Thread(target=lambda: taken.append(hold_interrupts()))
    thread.start()
    thread.join()
    assert taken == [False]


def test_interrupts_are_deferred_in_a_hold_and_off_the_main_thread() -> None:
    assert not interrupts_deferred()
    with interrupts_held():
        assert interrupts_deferred()
    assert not interrupts_deferred()
    deferred: list[bool] = []
    thread = threading.Thread(target=lambda: deferred.append(interrupts_deferred()))
    thread.start()
    thread.join()
    assert deferred == [True]


def _child_status(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_a_child_forked_from_another_thread_holds_on_that_thread() -> None:
    """After a fork the forking thread is the child's main thread, where SIGINT lands: it
    holds there (a hold refused would let a Ctrl-C cut a commit short)."""
    codes: list[int] = []

    def fork_and_hold() -> None:
        pid = os.fork()
        if pid == 0:
            held = hold_interrupts()
            deferred = interrupts_deferred()
            os._exit(0 if held and deferred else 1)
        codes.append(_child_status(pid))

    thread = threading.Thread(target=fork_and_hold)
    thread.start()
    thread.join()
    assert codes == [0]
