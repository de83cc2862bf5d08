"""The tests' S3 endpoint lets one of two create-only PUTs of a key win, however they interleave.

Plain moto checks ``If-None-Match: *`` and stores the object in two steps; two PUTs that both
pass the check both answer 200. That made two metastore nodes acknowledge one LSN to two commits
in the scale-out test, once in a dozen runs. Here the interleaving is forced: each create-only PUT
is held right after moto's check until the other PUT has passed its check too (or, when writes
are atomic and the other cannot get there, until it has waited a moment).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import boto3
import pytest
from moto.moto_server.threaded_moto_server import ThreadedMotoServer
from moto.s3.responses import S3Response

from graft_core.objstore import open_store
from tests.support import moto_atomic

WRITERS = 2
ARRIVAL_S = 10.0  # both PUTs reach the server by then
OVERLAP_S = 0.5  # a PUT not blocked by the lock passes the check well within this


class HeldChecks:
    """Counts create-only PUTs arriving and passing moto's check; holds each after the check."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.arrived = 0
        self.checked = 0

    def arrive(self) -> None:
        with self.changed:
            self.arrived += 1
            self.changed.notify_all()

    def hold_after_check(self) -> None:
        with self.changed:
            self.checked += 1
            self.changed.notify_all()
            self.changed.wait_for(lambda: self.arrived == WRITERS, ARRIVAL_S)
            self.changed.wait_for(lambda: self.checked == WRITERS, OVERLAP_S)


@pytest.fixture
def endpoint(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An in-process moto server made atomic as moto_atomic makes moto_server, with held PUTs."""
    held = HeldChecks()
    moto_atomic.install(monkeypatch.setattr)
    put, checksum = S3Response._key_response_put, S3Response._get_checksum

    def arriving(self: S3Response, *args: Any) -> Any:
        if self.headers.get("If-None-Match") == "*":
            held.arrive()
        return put(self, *args)

    def after_check(self: S3Response, *args: Any) -> Any:
        # put_object computes the checksum after its precondition check, before storing.
        if self.headers.get("If-None-Match") == "*":
            held.hold_after_check()
        return checksum(self, *args)

    monkeypatch.setattr(S3Response, "_key_response_put", arriving)
    monkeypatch.setattr(S3Response, "_get_checksum", after_check)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        yield f"http://{host}:{port}"
    finally:
        server.stop()


def test_one_of_two_simultaneous_create_only_puts_wins(endpoint: str) -> None:
    env = {
        "AWS_ENDPOINT_URL": endpoint,
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_REGION": "us-east-1",
        "AWS_ALLOW_HTTP": "true",
    }
    bucket = f"atomic-{uuid.uuid4().hex[:12]}"
    boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    ).create_bucket(Bucket=bucket)
    nodes = [open_store(f"s3://{bucket}", env=env) for _ in range(WRITERS)]
    key = "volumes/v/log/0000000000000008"
    with ThreadPoolExecutor(WRITERS) as pool:
        won = list(pool.map(lambda n: nodes[n].put_if_absent(key, b"node %d" % n), range(WRITERS)))
    assert won.count(True) == 1, f"create-only PUTs that won: {won}"
    assert nodes[0].get(key) == b"node %d" % won.index(True)
