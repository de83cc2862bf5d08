"""Ctrl-C while the main thread waits for the sync runtime (a push, a pull). The kernel may run
SIGINT's handler on any thread of the process; one run elsewhere left the main thread asleep on
its lock, and ``graft push`` went on to the end (found as a flaky CLI test: Ctrl-C during a
push stalled on a server)."""

from __future__ import annotations

import signal
import threading

import anyio
import pytest

from graft_client.sync.runtime import SyncRuntime


def test_a_sigint_taken_by_another_thread_interrupts_a_wait_for_the_runtime() -> None:
    runtime = SyncRuntime("http://127.0.0.1:9", "http://127.0.0.1:10")
    started, finished = threading.Event(), threading.Event()

    async def stalled() -> None:
        started.set()
        await anyio.sleep(5)
        finished.set()

    def interrupt() -> None:
        if started.wait(10):
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # this thread takes it

    threading.Thread(target=interrupt, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            runtime.call(stalled)
        assert not finished.is_set()  # heard while the call ran, not once it ended
    finally:
        runtime.close()
