"""One exception tree for clients and servers.

Every error carries a stable ``code`` (used on the wire as ``{code, message}``) and the HTTP status
a server answers with, so a client can rebuild the same typed exception from an error body.

Each class registers its code when it is defined, and every class a server raises is defined
here: decoding a code never depends on which other modules a process happened to import.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AuthError",
    "ClosedError",
    "CommitRejectedError",
    "ConcurrentWriteError",
    "ConflictError",
    "CorruptDataError",
    "CorruptSegmentError",
    "DataDirLockedError",
    "FailPointError",
    "ForbiddenError",
    "GraftError",
    "IntegrityError",
    "InternalServerError",
    "InvalidIdError",
    "InvalidInputError",
    "InvalidPageError",
    "InvalidSegmentError",
    "InvalidTagError",
    "KeyRequiredError",
    "MethodNotAllowedError",
    "NoServersError",
    "NotFoundError",
    "PayloadTooLargeError",
    "ReadOnlyError",
    "RemoteError",
    "SegmentMismatchError",
    "SegmentMissingError",
    "ServiceUnavailableError",
    "SnapshotNotFoundError",
    "StorageError",
    "StorageFullError",
    "StorageUnavailableError",
    "TagInUseError",
    "UnknownTagError",
    "VolumeNotFoundError",
    "WrongClusterError",
    "WrongKeyError",
    "error_for_code",
    "error_for_status",
    "error_from_wire",
]

_BY_CODE: dict[str, type[GraftError]] = {}


class GraftError(Exception):
    """Base of every error this project raises on purpose."""

    code: ClassVar[str] = "graft_error"
    http_status: ClassVar[int] = 500

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _register(cls)


def _register(cls: type[GraftError]) -> None:
    # An inherited code would make the wire lose which class was raised; a reused one would
    # decode to whichever class registered first.
    if "code" not in vars(cls):
        raise TypeError(f"{cls.__qualname__} must define its own wire code")
    known = _BY_CODE.setdefault(cls.code, cls)
    if known is not cls:
        raise TypeError(f"{cls.__qualname__}: code {cls.code!r} already names {known.__qualname__}")


_register(GraftError)


class InvalidInputError(GraftError, ValueError):
    """The caller passed something malformed; nothing was changed."""

    code = "invalid_input"
    http_status = 400


class InvalidIdError(InvalidInputError):
    """Text or bytes that are not a valid id of the expected kind."""

    code = "invalid_id"


class InvalidTagError(InvalidInputError):
    """A tag name that is not allowed (empty, too long, odd characters, or shaped like an id)."""

    code = "invalid_tag"


class UnknownTagError(InvalidIdError):
    """Text that is neither a volume id nor a tag of the data directory."""

    code = "unknown_tag"


class TagInUseError(InvalidInputError):
    """A tag for a new volume that already names another one (moved only when asked)."""

    code = "tag_in_use"


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


class MethodNotAllowedError(InvalidInputError):
    """The server has the path but not for this HTTP method."""

    code = "method_not_allowed"
    http_status = 405


class VolumeNotFoundError(NotFoundError):
    code = "volume_not_found"


class SnapshotNotFoundError(NotFoundError):
    """The LSN does not exist or is below the retention horizon."""

    code = "snapshot_not_found"


class ReadOnlyError(InvalidInputError):
    """A write through a handle opened read-only (a volume pinned at an LSN)."""

    code = "read_only"


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


class NoServersError(StorageError):
    """The operation needs the servers (or a remote object store) and none are configured: a
    sync, or a page that only they hold."""

    code = "no_servers"


class DataDirLockedError(StorageError):
    """Another client (in this or another process) owns the data directory."""

    code = "data_dir_locked"


class WrongClusterError(StorageError):
    """A data directory, object store or server belongs to another cluster; refuse it rather
    than mix histories (or collect one cluster's segments against another's metastore)."""

    code = "wrong_cluster"


class SegmentMissingError(StorageError):
    """A segment a commit references is not in the store (GC'd below a new horizon, or lost)."""

    code = "segment_missing"


class SegmentMismatchError(StorageError):
    """A segment lacks pages that a commit says it holds: the commit names a segment that the
    pagestore did not write for that volume (accepted before commits needed receipts)."""

    code = "segment_mismatch"


class CorruptDataError(StorageError):
    """Stored bytes failed validation; they are never returned as data."""

    code = "corrupt_data"
    http_status = 500


class CorruptSegmentError(CorruptDataError):
    code = "corrupt_segment"


class IntegrityError(GraftError):
    """An encrypted page or key record failed authentication, or the servers served a page or
    snapshot older than one this client has seen: tampered with, replayed or misplaced bytes
    are refused, never returned as data."""

    code = "integrity"
    http_status = 502


class KeyRequiredError(GraftError):
    """The volume is end-to-end encrypted and no key-encryption key was supplied (``--key-file``,
    ``GRAFT_KEY``, ``GRAFT_KEY_FILE``, ``GRAFT_PASSPHRASE``), or an export needs one."""

    code = "key_required"
    http_status = 400


class WrongKeyError(KeyRequiredError):
    """The supplied key-encryption key does not unwrap the volume's data key."""

    code = "wrong_key"
    http_status = 403


class FailPointError(GraftError):
    """An armed fail point (``graft_core.failpoints``) in ``error`` mode."""

    code = "failpoint"
    http_status = 503


class RemoteError(GraftError):
    """A server answered with an error that has no more specific class; ``remote_code`` is the
    code it sent (this class's own code unless the server's is unknown here)."""

    code = "remote_error"
    http_status = 502

    def __init__(self, *args: object, remote_code: str | None = None) -> None:
        super().__init__(*args)
        self.remote_code = remote_code or self.code


class InternalServerError(RemoteError):
    """The server failed unexpectedly (its bug, logged there); retrying will not help."""

    code = "internal_error"
    http_status = 500


class ServiceUnavailableError(RemoteError):
    code = "unavailable"
    http_status = 503


class AuthError(RemoteError):
    code = "unauthorized"
    http_status = 401


class ForbiddenError(AuthError):
    code = "forbidden"
    http_status = 403


# The class of an error answer whose body is not an error body (a proxy's page, say).
_BY_STATUS: dict[int, type[GraftError]] = {
    400: InvalidInputError,
    401: AuthError,
    403: ForbiddenError,
    404: NotFoundError,
    405: MethodNotAllowedError,
    409: ConflictError,
    413: PayloadTooLargeError,
    500: InternalServerError,
    503: ServiceUnavailableError,
}


def error_for_code(code: str) -> type[GraftError]:
    """The exception class for a wire error code (``RemoteError`` when unknown)."""
    return _BY_CODE.get(code, RemoteError)


def error_for_status(status: int) -> type[GraftError]:
    """The exception class for an HTTP error status without an error body."""
    return _BY_STATUS.get(status, RemoteError)


def error_from_wire(code: str, message: str) -> GraftError:
    """The exception a server's ``{code, message}`` stands for; an unknown code (a newer
    server's) is a ``RemoteError`` that keeps it."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return RemoteError(f"{message} [{code}]", remote_code=code)
    return cls(message)
