"""The wire-error registry: every code a server sends decodes to its class in a process that
imported nothing but the RPC client (the registry must not depend on which modules were loaded)."""

from __future__ import annotations

import json
import subprocess
import sys

from graft_core.errors import (
    RemoteError,
    error_from_wire,
)

# Every code the metastore and the pagestore answer with, and the class it must decode to.
SERVER_CODES = {
    "invalid_input": "InvalidInputError",
    "invalid_id": "InvalidIdError",
    "invalid_page": "InvalidPageError",
    "invalid_segment": "InvalidSegmentError",
    "payload_too_large": "PayloadTooLargeError",
    "not_found": "NotFoundError",
    "method_not_allowed": "MethodNotAllowedError",
    "volume_not_found": "VolumeNotFoundError",
    "snapshot_not_found": "SnapshotNotFoundError",
    "commit_rejected": "CommitRejectedError",
    "conflict": "ConflictError",
    "concurrent_write": "ConcurrentWriteError",
    "storage_error": "StorageError",
    "storage_full": "StorageFullError",
    "storage_unavailable": "StorageUnavailableError",
    "data_dir_locked": "DataDirLockedError",
    "wrong_cluster": "WrongClusterError",
    "corrupt_data": "CorruptDataError",
    "corrupt_segment": "CorruptSegmentError",
    "segment_missing": "SegmentMissingError",
    "segment_mismatch": "SegmentMismatchError",
    "failpoint": "FailPointError",
    "unavailable": "ServiceUnavailableError",
    "unauthorized": "AuthError",
    "forbidden": "ForbiddenError",
    "internal_error": "InternalServerError",
}

_DECODE_ALL = """
import json, sys
import graft_core.rpcclient
from graft_core.wire import ErrorBody, encode, error_from_body
decoded = {}
for code in json.loads(sys.argv[1]):
    error = error_from_body(400, encode(ErrorBody(code=code, message="m")))
    decoded[code] = type(error).__name__
print(json.dumps(decoded))
"""


def test_every_server_code_decodes_to_its_class_in_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _DECODE_ALL, json.dumps(list(SERVER_CODES))],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == SERVER_CODES


def test_an_unknown_code_is_a_remote_error_carrying_the_code() -> None:
    error = error_from_wire("brand_new_code", "something new went wrong")
    assert type(error) is RemoteError
    assert error.remote_code == "brand_new_code"
    assert "something new went wrong" in str(error) and "brand_new_code" in str(error)


def test_a_known_code_keeps_its_message() -> None:
    error = error_from_wire("wrong_cluster", "belongs to cluster X")
    assert type(error).__name__ == "WrongClusterError" and str(error) == "belongs to cluster X"


_DEFINE_BAD_CLASSES = """
from graft_core.errors import StorageError, WrongClusterError, error_for_code
for source in ("code = 'wrong_cluster'", "pass"):
    try:
        exec(f"class Bad(StorageError):\\n    {source}")
    except TypeError as exc:
        print(exc)
print(error_for_code("wrong_cluster") is WrongClusterError)
"""


def test_a_class_that_reuses_or_inherits_a_code_is_refused_when_defined() -> None:
    """In a process of its own: a refused class stays in its base's ``__subclasses__()``."""
    done = subprocess.run(
        [sys.executable, "-c", _DEFINE_BAD_CLASSES],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "Bad: code 'wrong_cluster' already names WrongClusterError",
        "Bad must define its own wire code",
        "True",
    ]
