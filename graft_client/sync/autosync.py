"""Autosync: background push and pull loops for every synced volume of a client.

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
from typing import TYPE_CHECKING

import anyio

from graft_client.storage.records import SyncMode, VolumeStatus
from graft_client.sync import operations
from graft_client.sync.state import PullOutcome
from graft_client.volume import Volume
from graft_core.errors import ConflictError
from graft_core.ids import VolumeId

if TYPE_CHECKING:
    from graft_client.client import Client

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


class AutoSync:
    """Runs on the client's runtime loop; ``start()``/``stop()`` are called from any thread."""

    def __init__(self, client: Client, *, wait_ms: int = 10_000, rescan_s: float = 2.0) -> None:
        self._client = client
        self._wait_ms = wait_ms
        self._rescan_s = rescan_s
        # asyncio's events: a commit sets them from a plain loop callback (see notify_commit),
        # outside any task, where anyio cannot detect the running library.
        self._wake: dict[VolumeId, asyncio.Event] = {}
        self._running: set[VolumeId] = set()
        self._cancel: anyio.CancelScope | None = None

    def start(self) -> None:
        self._done = self._client.runtime.portal.start_task_soon(self._main)

    def stop(self) -> None:
        self._client.runtime.portal.call(self._cancel_main)
        self._done.result()

    async def _cancel_main(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()

    def notify_commit(self, vid: VolumeId) -> None:
        """Wake the volume's push loop (called from the committing thread; does not block)."""
        self._client.runtime.call_soon(self._set_wake, vid)

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
        for info in self._client.volumes():
            if info.vid in self._running or info.sync is SyncMode.DISABLED:
                continue
            self._running.add(info.vid)
            # Not open_volume(): that schedules a resume through the portal, and this is the
            # portal's own loop; the push loop below resumes an interrupted push itself.
            volume = Volume(self._client, info.vid)
            if info.sync.pushes:
                self._set_wake(info.vid)  # resume an interrupted push
                group.start_soon(self._push_loop, volume)
            if info.sync in (SyncMode.PULL, SyncMode.BOTH):
                group.start_soon(self._pull_loop, volume)
            log.info("autosync started for %s (%s)", info.vid, info.sync.value)

    async def _retrying(self, volume: Volume, step: Callable[[], Awaitable[bool]]) -> None:
        """Run ``step`` forever; a failure is recorded and retried after a jittered backoff."""
        backoff = Backoff()
        while True:
            try:
                progressed = await step()
            except Exception as exc:
                self._client._sync_errors.record(volume.vid, exc)
                delay = backoff.next_delay()
                log.warning("sync of %s failed (%r); retrying in %.2fs", volume.vid, exc, delay)
                await anyio.sleep(delay)
                continue
            if progressed:
                backoff.reset()
            else:
                await anyio.sleep(backoff.next_delay())

    async def _push_loop(self, volume: Volume) -> None:
        runtime = self._client.runtime

        async def step() -> bool:
            await self._wake.setdefault(volume.vid, asyncio.Event()).wait()
            self._wake[volume.vid] = asyncio.Event()
            if volume.status() in (VolumeStatus.CONFLICT, VolumeStatus.REJECTED_COMMIT):
                return True  # waits for the next wake-up: a reset or a new commit
            try:
                await operations.push(runtime, volume)
            except Exception:
                self._wake[volume.vid].set()  # retry after the backoff
                raise
            return True

        await self._retrying(volume, step)

    async def _pull_loop(self, volume: Volume) -> None:
        runtime = self._client.runtime

        async def step() -> bool:
            outcome = await operations.pull(runtime, volume, self._wait_ms)
            if outcome is PullOutcome.PUSH_PENDING:
                self._set_wake(volume.vid)
                return False
            if outcome is PullOutcome.REBASED:
                self._set_wake(volume.vid)
            if outcome is PullOutcome.CONFLICT:
                self._client._sync_errors.record(
                    volume.vid, ConflictError("remote and local commits diverged: reset to remote")
                )
                return False
            return True

        await self._retrying(volume, step)
