"""SIGINT held while a commit settles: noted, then raised again to the app's own handler."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from types import FrameType

import pytest

from graft_core.interrupts import hold_interrupts, interrupts_held, release_interrupts


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
