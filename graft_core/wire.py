"""Wire protocol of the metastore and the pagestore: msgspec Structs carried as msgpack bodies.

Every endpoint is ``POST`` with an ``application/msgpack`` body; ids travel as their 16 raw bytes
and grafts in the portable Roaring format. Both are validated into ``VolumeId``/``Graft`` while
decoding, so a handler only ever sees well-formed values. Errors are an ``ErrorBody``
``{code, message}`` with the HTTP status of the matching ``graft_core.errors`` class.

metastore ``/metastore/v1/``:
    snapshot      SnapshotRequest     -> SnapshotInfo
    pull_graft    PullGraftRequest    -> PullGraftResponse
    pull_commits  PullCommitsRequest  -> PullCommitsResponse
    commit        CommitRequest       -> SnapshotInfo
    checkpoint    CheckpointRequest   -> SnapshotInfo
    fork          ForkRequest         -> SnapshotInfo
    volumes       VolumesRequest      -> VolumesResponse

pagestore ``/pagestore/v1/``:
    write_pages   WritePagesRequest   -> WritePagesResponse
    read_pages    ReadPagesRequest    -> ReadPagesResponse
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec

from graft_core.errors import (
    GraftError,
    InvalidInputError,
    PayloadTooLargeError,
    error_for_status,
    error_from_wire,
)
from graft_core.graft import Graft
from graft_core.ids import ClientId, Gid, SegmentId, VolumeId
from graft_core.types import MAX_LSN, MAX_PAGEIDX, MAX_SEALED_PAGE, PAGE_SIZE

__all__ = [
    "CONTENT_TYPE",
    "MAX_ANSWER_BYTES",
    "MAX_READ_PAGES",
    "MAX_VOLUMES_LIMIT",
    "MAX_WAIT_MS",
    "METASTORE_MAX_BODY",
    "PAGESTORE_MAX_BODY",
    "CheckpointInfo",
    "CheckpointRequest",
    "CommitInfo",
    "CommitRequest",
    "ErrorBody",
    "ForkRequest",
    "Message",
    "Origin",
    "PullCommitsRequest",
    "PullCommitsResponse",
    "PullGraftRequest",
    "PullGraftResponse",
    "ReadPagesRequest",
    "ReadPagesResponse",
    "SegmentRef",
    "SnapshotInfo",
    "SnapshotRequest",
    "VolumesRequest",
    "VolumesResponse",
    "WritePagesRequest",
    "WritePagesResponse",
    "decode",
    "encode",
    "encode_error",
    "error_from_body",
]

CONTENT_TYPE = "application/msgpack"
METASTORE_MAX_BODY = 1 << 20
PAGESTORE_MAX_BODY = 64 << 20
MAX_WAIT_MS = 60_000
# Pages a pagestore answers per read_pages by default (4 MiB: any sensible lazy-read batch, in a
# response of bounded size); clients split larger reads into requests of this many pages.
MAX_READ_PAGES = 1024
MAX_VOLUMES_LIMIT = 1000
# Bytes of commits a pull_commits answer carries before it stops and names the ``next`` page.
MAX_ANSWER_BYTES = 1 << 20

LsnField = Annotated[int, msgspec.Meta(ge=1, le=MAX_LSN)]
PageIdxField = Annotated[int, msgspec.Meta(ge=1, le=MAX_PAGEIDX)]
PageCountField = Annotated[int, msgspec.Meta(ge=0, le=MAX_PAGEIDX)]
PageBytes = Annotated[bytes, msgspec.Meta(min_length=PAGE_SIZE, max_length=PAGE_SIZE)]
# A page as stored: 4096 bytes, or a sealed (client-encrypted) page of a sealed write.
StoredPageBytes = Annotated[bytes, msgspec.Meta(min_length=1, max_length=MAX_SEALED_PAGE)]
# A volume's wrapped data keys (graft_core.crypto.Keyring), opaque to the servers.
KeyringBytes = Annotated[bytes, msgspec.Meta(max_length=16 << 10)]
# BLAKE2b digests are 1..64 bytes; the client uses 32, but the server only needs equality.
CommitHash = Annotated[bytes, msgspec.Meta(min_length=16, max_length=64)]


class Message(msgspec.Struct, forbid_unknown_fields=True):
    """Base of every wire struct: unknown fields are an error, not silently dropped."""


class SegmentRef(Message, omit_defaults=True):
    """A segment and the pages of one volume it holds.

    ``receipt`` is the pagestore's signature of (sid, vid, graft) (``graft_core.receipts``): set
    on ``write_pages`` answers, required by ``commit`` and ``checkpoint``, not stored.
    """

    sid: SegmentId
    graft: Graft
    receipt: Annotated[bytes, msgspec.Meta(max_length=64)] = b""


class Origin(Message):
    """Where a fork's history starts: its parent volume at an LSN, and the parent's page count
    there (DESIGN section 12)."""

    vid: VolumeId
    lsn: LsnField
    page_count: PageCountField


class SnapshotInfo(Message):
    vid: VolumeId
    lsn: LsnField
    page_count: PageCountField


class CommitInfo(Message):
    """One commit of a volume's log; ``ts_ms`` is when the metastore accepted it (epoch ms),
    ``None`` for commits stored before the metastore recorded it. ``commit_hash`` is the
    committing client's hash of the commit (``graft_core.commit_hash``)."""

    lsn: LsnField
    page_count: PageCountField
    segments: list[SegmentRef]
    ts_ms: Annotated[int, msgspec.Meta(ge=0)] | None = None
    commit_hash: CommitHash | None = None
    keyring: KeyringBytes = b""


class CheckpointInfo(Message):
    """Segments holding the newest version of every page at ``lsn`` (the retention horizon)."""

    lsn: LsnField
    segments: list[SegmentRef]


class ErrorBody(Message):
    code: str
    message: str


# --- metastore ----------------------------------------------------------------------------------


class SnapshotRequest(Message):
    """The latest snapshot, or the one at ``lsn`` (404 if missing or below the horizon)."""

    vid: VolumeId
    lsn: LsnField | None = None


class PullGraftRequest(Message):
    """Pages changed by commits ``start..end``; waits up to ``wait_ms`` for a commit >= start."""

    vid: VolumeId
    start: LsnField
    end: LsnField | None = None
    wait_ms: Annotated[int, msgspec.Meta(ge=0, le=MAX_WAIT_MS)] = 0


class PullGraftResponse(Message):
    """The pages changed in ``start..snapshot.lsn``: those its commits wrote (``graft``) and,
    when a truncate in the range cut below both the count before it and the final one, every
    page above ``cut`` (they read empty unless in ``graft``). Both cost what was written, not
    what page counts span.

    ``snapshot`` is None for a volume without commits; ``snapshot.lsn < start`` means no change.
    An answer covers a bounded number of commits and page versions; ``next`` is the ``start``
    of the following step, None when ``snapshot`` is the latest LSN (or ``end``).
    """

    snapshot: SnapshotInfo | None
    graft: Graft
    cut: PageCountField | None = None
    next: LsnField | None = None
    # Set on the answer to a pull from LSN 1 of a fork (see ``PullCommitsResponse.origin``).
    origin: Origin | None = None


class PullCommitsRequest(Message):
    vid: VolumeId
    start: LsnField
    end: LsnField | None = None


class PullCommitsResponse(Message):
    """Commits in ``start..end`` at or above the horizon, and the checkpoint that sets it.

    An answer holds about ``MAX_ANSWER_BYTES`` of commits (at least one); ``next`` is the
    ``start`` of the following page, None when this answer reaches ``end`` (or the latest LSN).
    """

    checkpoint: CheckpointInfo | None
    commits: list[CommitInfo]
    next: LsnField | None = None
    # The volume's origin when it is a fork: pages it never wrote read as the parent's there.
    origin: Origin | None = None


class CommitRequest(Message, omit_defaults=True):
    """``keyring``: an encrypted volume's wrapped data keys, stored with the commit (DESIGN 13)."""

    vid: VolumeId
    cid: ClientId
    base_lsn: LsnField | None
    page_count: PageCountField
    segments: list[SegmentRef]
    commit_hash: CommitHash
    keyring: KeyringBytes = b""


class CheckpointRequest(Message):
    vid: VolumeId
    lsn: LsnField
    segments: list[SegmentRef]


class ForkRequest(Message, omit_defaults=True):
    """Make ``vid`` (a volume id without commits) a fork of ``parent`` at ``lsn``: its LSN 1
    has the parent's page count there and no segments. A retry by ``cid`` answers the same.
    ``keyring``: a fork of an encrypted volume's wrapped data keys (DESIGN 13), on its LSN 1."""

    vid: VolumeId
    cid: ClientId
    parent: VolumeId
    lsn: LsnField
    keyring: KeyringBytes = b""


class VolumesRequest(Message):
    """Volumes whose base58 id starts with ``prefix``, in id order, after ``after``."""

    limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_VOLUMES_LIMIT)]
    prefix: Annotated[str, msgspec.Meta(max_length=22)] = ""
    after: VolumeId | None = None


class VolumesResponse(Message):
    """``next`` is the ``after`` of the following page, None on the last page."""

    volumes: list[SnapshotInfo]
    next: VolumeId | None


# --- pagestore ----------------------------------------------------------------------------------


class WritePagesRequest(Message, omit_defaults=True):
    """``sealed``: the pages are sealed by the client (1..MAX_SEALED_PAGE bytes, stored as they
    are); otherwise each is 4096 bytes."""

    vid: VolumeId
    pages: list[tuple[PageIdxField, StoredPageBytes]]
    sealed: bool = False


class WritePagesResponse(Message):
    segments: list[SegmentRef]


class ReadPagesRequest(Message):
    vid: VolumeId
    lsn: LsnField
    graft: Graft


class ReadPagesResponse(Message, omit_defaults=True):
    """Requested pages; empty pages may be omitted (they read as zeros). ``sealed``: the
    volume's pages are sealed by its client (DESIGN 13) and need its key to read."""

    pages: list[tuple[PageIdxField, StoredPageBytes]]
    sealed: bool = False


# --- encoding -----------------------------------------------------------------------------------

M = TypeVar("M", bound=Message)


def _enc_hook(obj: Any) -> Any:
    if isinstance(obj, Gid):
        return bytes(obj)
    if isinstance(obj, Graft):
        return obj.serialize()
    raise NotImplementedError(f"cannot encode {type(obj).__name__}")


def _dec_hook(kind: type, obj: Any) -> Any:
    # Raising InvalidInputError (a ValueError) makes msgspec report a ValidationError with the path.
    if not isinstance(obj, bytes):
        raise InvalidInputError(f"expected bytes, got {type(obj).__name__}")
    if issubclass(kind, Gid):
        return kind(obj)
    if kind is Graft:
        return Graft.deserialize(obj)
    raise NotImplementedError(f"cannot decode {kind.__name__}")


_ENCODER = msgspec.msgpack.Encoder(enc_hook=_enc_hook)


_DECODERS: dict[type[Message], msgspec.msgpack.Decoder[Any]] = {}


def _decoder(kind: type[M]) -> msgspec.msgpack.Decoder[M]:
    found = _DECODERS.get(kind)
    if found is None:
        found = _DECODERS[kind] = msgspec.msgpack.Decoder(kind, dec_hook=_dec_hook)
    return found


def encode(msg: Message) -> bytes:
    return _ENCODER.encode(msg)


def decode(data: bytes, kind: type[M], *, limit: int = METASTORE_MAX_BODY) -> M:
    """Decode and validate a body; bad input is ``InvalidInputError``, oversize is 413."""
    if len(data) > limit:
        raise PayloadTooLargeError(f"body of {len(data)} bytes exceeds the limit of {limit}")
    try:
        return _decoder(kind).decode(data)
    # msgspec reports a map key or str that is not UTF-8 as a bare UnicodeDecodeError.
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise InvalidInputError(f"invalid {kind.__name__}: {exc}") from exc


def encode_error(exc: GraftError) -> bytes:
    return encode(ErrorBody(code=exc.code, message=str(exc) or exc.code))


def error_from_body(status: int, body: bytes) -> GraftError:
    """Rebuild the typed exception a server answered with (any body, never raises). A body that
    is not an error body (a proxy's HTML page, say) gives the class of the HTTP status."""
    try:
        err = decode(body, ErrorBody)
    except InvalidInputError:
        return error_for_status(status)(f"HTTP {status} without an error body: {body[:200]!r}")
    return error_from_wire(err.code, err.message)
