"""The group committer outlives a failed append, whatever the log raised.

An exception that is not one of ours (a bug, an OS error the log did not map) used to end the
committer's task, so every later append waited forever. It must fail only its own batch.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest

from graft_core.errors import StorageError
from metastore_server.log import GroupCommitter, Log

DEADLINE_S = 10.0  # a bound so the old failure (an append waiting forever) fails, not hangs


class _FailsOnce:
    """A log whose first append raises a plain OSError."""

    def __init__(self, log: Log) -> None:
        self.log = log
        self.failed = False

    def append(self, entries: Sequence[bytes]) -> int:
        if not self.failed:
            self.failed = True
            raise OSError("injected")
        return self.log.append(entries)


async def _append_twice(log: Log) -> int:
    committer = GroupCommitter(_FailsOnce(log))  # type: ignore[arg-type]
    committer.start()
    with pytest.raises(StorageError, match="injected"):
        await asyncio.wait_for(committer.append(b"first", lambda index: index), DEADLINE_S)
    index = await asyncio.wait_for(committer.append(b"second", lambda index: index), DEADLINE_S)
    await committer.aclose()
    return index


def test_a_failed_append_fails_its_batch_and_the_next_one_commits(tmp_path: Path) -> None:
    log = Log.open(tmp_path)
    try:
        assert asyncio.run(_append_twice(log)) == 1
        assert log.read(1) == b"second"
    finally:
        log.close()
