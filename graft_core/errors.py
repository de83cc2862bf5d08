"""One exception tree for clients and servers.

Every error carries a stable ``code`` (used on the wire as ``{code, message}``) and the HTTP status
a server answers with, so a client can rebuild the same typed exception from an error body.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = [
    "AuthError",
    "ClosedError",
    "CommitRejectedError",
    "ConcurrentWriteError",
    "ConflictError",
    "CorruptDataError",
    "CorruptSegmentError",
    "DataDirLockedError",
    "ForbiddenError",
    "GraftError",
    "InvalidIdError",
    "InvalidInputError",
    "InvalidPageError",
    "InvalidSegmentError",
    "NotFoundError",
    "PayloadTooLargeError",
    "RemoteError",
    "ServiceUnavailableError",
    "SnapshotNotFoundError",
    "StorageError",
    "StorageFullError",
    "StorageUnavailableError",
    "VolumeNotFoundError",
    "WrongClusterError",
    "error_for_code",
]


class GraftError(Exception):
    """Base of every error this project raises on purpose."""

    code: ClassVar[str] = "graft_error"
    http_status: ClassVar[int] = 500


class InvalidInputError(GraftError, ValueError):
    """The caller passed something malformed; nothing was changed."""

    code = "invalid_input"
    http_status = 400


class InvalidIdError(InvalidInputError):
    """Text or bytes that are not a valid id of the expected kind."""

    code = "invalid_id"


class InvalidPageError(InvalidInputError):
    """A page index out of range or page data of the wrong size."""

    code = "invalid_page"


class InvalidSegmentError(InvalidInputError):
    """A commit or checkpoint names a segment without the pagestore's valid receipt for it."""

    code = "invalid_segment"


class PayloadTooLargeError(InvalidInputError):
    code = "payload_too_large"
    http_status = 413


class NotFoundError(GraftError, LookupError):
    code = "not_found"
    http_status = 404


class VolumeNotFoundError(NotFoundError):
    code = "volume_not_found"


class SnapshotNotFoundError(NotFoundError):
    """The LSN does not exist or is below the retention horizon."""

    code = "snapshot_not_found"


class ClosedError(GraftError):
    """The client, reader or writer was closed and can no longer be used."""

    code = "closed"
    http_status = 400


class ConcurrentWriteError(GraftError):
    """Another commit landed on the volume after this writer's snapshot was taken."""

    code = "concurrent_write"
    http_status = 409


class ConflictError(GraftError):
    """Local and remote histories diverged; see ``Volume.status()``."""

    code = "conflict"
    http_status = 409


class CommitRejectedError(ConflictError):
    """The metastore gave the LSN to another commit."""

    code = "commit_rejected"


class StorageError(GraftError):
    """Local or remote storage failed; the operation did not take effect."""

    code = "storage_error"
    http_status = 503


class StorageFullError(StorageError):
    """The disk (or quota) is full: nothing was stored; retry once space is freed."""

    code = "storage_full"


class StorageUnavailableError(StorageError):
    """The object store did not answer in time, or its bucket does not exist."""

    code = "storage_unavailable"


class DataDirLockedError(StorageError):
    """Another client (in this or another process) owns the data directory."""

    code = "data_dir_locked"


class WrongClusterError(StorageError):
    """A data directory, object store or server belongs to another cluster; refuse it rather
    than mix histories (or collect one cluster's segments against another's metastore)."""

    code = "wrong_cluster"


class CorruptDataError(StorageError):
    """Stored bytes failed validation; they are never returned as data."""

    code = "corrupt_data"
    http_status = 500


class CorruptSegmentError(CorruptDataError):
    code = "corrupt_segment"


class RemoteError(GraftError):
    """A server answered with an error that has no more specific class."""

    code = "remote_error"
    http_status = 502


class ServiceUnavailableError(RemoteError):
    code = "unavailable"
    http_status = 503


class AuthError(RemoteError):
    code = "unauthorized"
    http_status = 401


class ForbiddenError(AuthError):
    code = "forbidden"
    http_status = 403


def _all_subclasses(cls: type[GraftError]) -> list[type[GraftError]]:
    found: list[type[GraftError]] = [cls]
    for sub in cls.__subclasses__():
        found.extend(_all_subclasses(sub))
    return found


def error_for_code(code: str) -> type[GraftError]:
    """The exception class for a wire error code (``RemoteError`` when unknown)."""
    for cls in _all_subclasses(GraftError):
        if cls.code == code:
            return cls
    return RemoteError
