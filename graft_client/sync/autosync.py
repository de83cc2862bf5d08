"""Autosync: background push and pull loops for every synced volume of a data directory.

Pushes start as soon as a local commit lands (the commit wakes the volume's push loop), pulls
long-poll the metastore, failures back off exponentially with jitter and are recorded per
volume, and an interrupted push is resumed when the loops start. Nothing stops silently: a loop
that cannot make progress keeps its latest error visible through ``Volume.errors()``.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

import anyio

from graft_client.storage.pull import PullOutcome
from graft_client.storage.records import SyncMode, VolumeStatus
from graft_client.storage.state import LocalState
from graft_client.sync import pull, push
from graft_client.sync.runtime import SyncRuntime
from graft_core.errors import ConflictError, ServiceUnavailableError
from graft_core.ids import VolumeId

__all__ = ["AutoSync", "Backoff"]

log = logging.getLogger(__name__)


class Backoff:
    """Exponential backoff with full jitter, reset by a success."""

    def __init__(self, first: float = 0.05, cap: float = 5.0) -> None:
        self._first, self._cap, self._failures = first, cap, 0

    def reset(self) -> None:
        self._failures = 0

    def next_delay(self) -> float:
        self._failures += 1
        return random.uniform(self._first, min(self._cap, self._first * 2**self._failures))


def _log_failure(vid: VolumeId, exc: Exception, failures: int, delay: float) -> None:
    """One line per run of failures, not one per attempt: the first at WARNING (at INFO when
    the service is down, which the RPC core reports once itself), the rest at DEBUG."""
    if failures > 1:
        log.debug("sync of %s failed again (%s); retrying in %.2fs", vid, exc, delay)
        return
    level = logging.INFO if isinstance(exc, ServiceUnavailableError) else logging.WARNING
    log.log(level, "sync of %s failed: %s; retrying in the background", vid, exc)


class AutoSync:
    """Runs on the runtime's loop; ``start()``/``stop()`` are called from any thread."""

    def __init__(
        self,
        state: LocalState,
        runtime: SyncRuntime,
        *,
        wait_ms: int = 10_000,
        rescan_s: float = 2.0,
    ) -> None:
        self._state = state
        self._runtime = runtime
        self._wait_ms = wait_ms
        self._rescan_s = rescan_s
        # asyncio's events: a commit sets them from a plain loop callback (see notify_commit),
        # outside any task, where anyio cannot detect the running library.
        self._wake: dict[VolumeId, asyncio.Event] = {}
        self._running: set[VolumeId] = set()
        self._cancel: anyio.CancelScope | None = None

    def start(self) -> None:
        self._done = self._runtime.portal.start_task_soon(self._main)

    def stop(self) -> None:
        self._runtime.portal.call(self._cancel_main)
        self._done.result()

    async def _cancel_main(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()

    def notify_commit(self, vid: VolumeId) -> None:
        """Wake the volume's push loop (called from the committing thread; does not block)."""
        self._runtime.call_soon(self._set_wake, vid)

    def _set_wake(self, vid: VolumeId) -> None:
        self._wake.setdefault(vid, asyncio.Event()).set()

    async def _main(self) -> None:
        with anyio.CancelScope() as scope:
            self._cancel = scope
            async with anyio.create_task_group() as group:
                while True:
                    try:
                        self._start_new_volumes(group)
                    except Exception:
                        log.exception("autosync could not scan the volumes; retrying")
                    await anyio.sleep(self._rescan_s)

    def _start_new_volumes(self, group: anyio.abc.TaskGroup) -> None:
        for vid in self._state.vids():
            if vid in self._running:
                continue
            mode = self._state.config(vid).sync
            if mode is SyncMode.DISABLED:
                continue
            self._running.add(vid)
            if mode.pushes:
                self._set_wake(vid)  # resume an interrupted push
                group.start_soon(self._push_loop, vid)
            if mode in (SyncMode.PULL, SyncMode.BOTH):
                group.start_soon(self._pull_loop, vid)
            log.info("autosync started for %s (%s)", vid, mode.value)

    async def _retrying(self, vid: VolumeId, step: Callable[[], Awaitable[bool]]) -> None:
        """Run ``step`` forever; a failure is recorded and retried after a jittered backoff."""
        backoff = Backoff()
        failures = 0
        while True:
            try:
                progressed = await step()
            except Exception as exc:
                self._runtime.errors.record(vid, exc)
                failures += 1
                delay = backoff.next_delay()
                _log_failure(vid, exc, failures, delay)
                await anyio.sleep(delay)
                continue
            if failures:
                log.info("sync of %s recovered after %d failed attempts", vid, failures)
                failures = 0
            if progressed:
                backoff.reset()
            else:
                await anyio.sleep(backoff.next_delay())

    async def _push_loop(self, vid: VolumeId) -> None:
        async def step() -> bool:
            await self._wake.setdefault(vid, asyncio.Event()).wait()
            self._wake[vid] = asyncio.Event()
            if self._state.status(vid) in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
                return True  # waits for the next wake-up: a reset or a new commit
            try:
                await push.push(self._state, self._runtime, vid)
            except Exception:
                self._wake[vid].set()  # retry after the backoff
                raise
            return True

        await self._retrying(vid, step)

    async def _pull_loop(self, vid: VolumeId) -> None:
        async def step() -> bool:
            outcome = await pull.pull(self._state, self._runtime, vid, self._wait_ms)
            if outcome is PullOutcome.PUSH_PENDING:
                self._set_wake(vid)
                return False
            if outcome is PullOutcome.REBASED:
                self._set_wake(vid)
            if outcome is PullOutcome.CONFLICT:
                self._runtime.errors.record(
                    vid, ConflictError("remote and local commits diverged: reset to remote")
                )
                return False
            return True

        await self._retrying(vid, step)
