"""Opening a data dir whose owner accepts connections but never answers (stopped by SIGSTOP, or
held in a debugger): the opener gives up at the attach deadline with a clear error, instead of
waiting for good (``graft status`` and ``graft daemon`` hung past 10 minutes so)."""

from __future__ import annotations

import fcntl
import os
import socket
import time
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.shared import node
from graft_client.shared.wire import address
from graft_core.errors import DataDirLockedError


def test_an_owner_that_never_answers_is_given_up_on_at_the_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(node, "ATTACH_TIMEOUT_S", 0.5)
    held = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # the owner's lock: it is "alive"
        listener.bind(address(tmp_path))
        listener.listen(8)  # connections are accepted by the kernel, never answered
        started = time.monotonic()
        with pytest.raises(DataDirLockedError, match="does not answer"):
            Client(tmp_path)
        assert time.monotonic() - started < 5
    finally:
        listener.close()
        os.close(held)
