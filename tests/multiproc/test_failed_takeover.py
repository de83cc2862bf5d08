"""A takeover that fails (the new owner cannot open the database: a full disk, say) says so in
one line and waits longer before each next try. Before, every attached process retried as fast
as it could, logging a traceback each time (hundreds a second, seen on a full disk), and the
one that failed kept the data dir's lock."""

from __future__ import annotations

import itertools
import logging
import time
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.shared import node
from graft_client.shared.state import SharedState
from graft_core.errors import StorageFullError
from tests.support.polling import wait_until

FAILURES = 3


def test_a_failing_takeover_says_so_in_one_line_and_backs_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=node.__name__)
    monkeypatch.setattr(node, "TAKEOVER_BACKOFF_S", (0.05, 0.1))
    tries: list[float] = []
    promote = SharedState.promote

    def failing_at_first(state: SharedState) -> None:
        tries.append(time.monotonic())
        if len(tries) <= FAILURES:
            raise StorageFullError("opening in local storage failed, the disk is full")
        promote(state)

    owner = Client(tmp_path)
    vid = owner.create_volume().vid
    monkeypatch.setattr(SharedState, "promote", failing_at_first)
    with Client(tmp_path) as attached:
        owner.close()
        wait_until(lambda: attached.is_owner or None, 30, "the takeover")
        with attached.local_volume(vid).writer() as writer:
            writer.write(1, bytes(4096))
    assert len(tries) == FAILURES + 1
    waits = [later - earlier for earlier, later in itertools.pairwise(tries)]
    assert min(waits[:1]) >= 0.05 and min(waits[1:]) >= 0.1, waits
    failed = [r for r in caplog.records if "taking over data dir" in r.getMessage()]
    assert len(failed) == FAILURES
    assert all(r.levelno == logging.WARNING and r.exc_info is None for r in failed)
    assert "the disk is full" in failed[0].getMessage()
