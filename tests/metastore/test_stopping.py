"""A metastore told to stop answers its long-polls at once: uvicorn's shutdown waits for the
requests under way, and a daemon's pull waiting up to its ``wait_ms`` held a SIGTERM'd server
for that long (5.5 s in a README walk, where the server restarted too soon found its data dir
still in use)."""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import httpx

from graft_core.ids import VolumeId
from graft_core.wire import PullGraftRequest, PullGraftResponse
from tests.metastore.conftest import MetaClient
from tests.support.polling import wait_until
from tests.support.servers import ServerProcess

WAIT_MS = 60_000  # the longest a pull may wait: far longer than a stop may take


def long_polls(url: str) -> float:
    for line in httpx.get(url + "/metrics", timeout=10).text.splitlines():
        sample, _, value = line.rpartition(" ")
        if sample == "metastore_long_polls":
            return float(value)
    raise AssertionError("no metastore_long_polls gauge")


def test_a_stopping_metastore_answers_its_long_polls_at_once(metastore: ServerProcess) -> None:
    vid, answers = VolumeId.random(), []
    client = MetaClient(metastore.url)
    client.http.timeout = httpx.Timeout(WAIT_MS / 1000 + 30)

    def pull() -> None:
        request = PullGraftRequest(vid=vid, start=1, wait_ms=WAIT_MS)
        answers.append(client.call("pull_graft", request, PullGraftResponse))

    puller = threading.Thread(target=pull, daemon=True)
    puller.start()
    try:
        wait_until(lambda: long_polls(metastore.url) == 1 or None, 30, "the pull to wait")
        stopping = time.monotonic()
        assert metastore.stop() == -signal.SIGTERM  # ended by it, not killed after 15 s
        took = time.monotonic() - stopping
        puller.join(30)
    finally:
        client.close()
    answer: Any = answers[0] if answers else None
    assert isinstance(answer, PullGraftResponse) and answer.snapshot is None  # answered, whole
    assert took < 15, took  # ServerProcess.stop kills after 15 s; the pull would wait 60
