"""A real S3 endpoint for tests: ``moto_server`` as a subprocess on loopback.

It runs through ``tests.support.moto_atomic``, which makes each conditional write's check and
store one step as on S3 (plain moto lets two simultaneous create-only PUTs both win).

The server binds an ephemeral port (``-p 0``) and announces it on stderr; a thread keeps draining
stderr for the life of the process, because moto logs every request there and a full pipe would
stall it.
"""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import boto3
import httpx
import pytest

__all__ = ["MotoS3", "moto_s3", "start_moto_server"]

_READY_PATTERN = re.compile(r"Running on (http://127\.0\.0\.1:\d+)")
_START_TIMEOUT_S = 30.0
_REGION = "us-east-1"


@dataclass
class MotoS3:
    """A running moto S3 server: its endpoint, the AWS_* environment to reach it, and buckets."""

    endpoint: str
    process: subprocess.Popen[str]
    env: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.env = {
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_REGION": _REGION,
            "AWS_DEFAULT_REGION": _REGION,
            "AWS_ALLOW_HTTP": "true",
        }

    def _client(self) -> Any:
        return boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name=_REGION,
            aws_access_key_id=self.env["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=self.env["AWS_SECRET_ACCESS_KEY"],
        )

    def make_bucket(self, name: str) -> str:
        """Create bucket ``name`` (idempotent) and return its store URL, ``s3://name``."""
        self._client().create_bucket(Bucket=name)
        return f"s3://{name}"

    def remove_bucket(self, name: str) -> None:
        """Delete bucket ``name`` with everything in it, as an operator's mistake would."""
        client = self._client()
        for page in client.get_paginator("list_objects_v2").paginate(Bucket=name):
            for item in page.get("Contents", []):
                client.delete_object(Bucket=name, Key=item["Key"])
        client.delete_bucket(Bucket=name)

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


# The repository root: ``-m tests.support.moto_atomic`` runs from there.
_ROOT = Path(__file__).resolve().parents[2]


def _drain(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def _wait_for_endpoint(process: subprocess.Popen[str], lines: queue.Queue[str]) -> str:
    """The URL moto announces, then a successful HTTP request to it, all within one deadline."""
    deadline = time.monotonic() + _START_TIMEOUT_S
    endpoint: str | None = None
    while endpoint is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or process.poll() is not None:
            raise RuntimeError(f"moto_server did not start (exit code {process.poll()})")
        try:
            match = _READY_PATTERN.search(lines.get(timeout=remaining))
        except queue.Empty:
            continue
        endpoint = match.group(1) if match else None
    # The announcement comes after bind, so the first request normally succeeds; a short blocking
    # request per attempt (not a sleep) bounds the wait if it does not.
    while time.monotonic() < deadline:
        try:
            httpx.get(endpoint, timeout=1.0)
            return endpoint
        except httpx.TransportError:
            if process.poll() is not None:
                break
    raise RuntimeError(f"moto_server at {endpoint} does not answer")


def start_moto_server() -> MotoS3:
    process = subprocess.Popen(
        # moto_server with S3's atomic conditional writes (see tests/support/moto_atomic.py).
        [sys.executable, "-m", "tests.support.moto_atomic", "-H", "127.0.0.1", "-p", "0"],
        cwd=_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_drain, args=(process.stderr, lines), daemon=True).start()
    try:
        endpoint = _wait_for_endpoint(process, lines)
    except BaseException:
        process.kill()
        process.wait()
        raise
    return MotoS3(endpoint=endpoint, process=process)


@pytest.fixture(scope="session")
def moto_s3() -> Iterator[MotoS3]:
    server = start_moto_server()
    try:
        yield server
    finally:
        server.stop()
