"""Values stored in the column families, and the markers a page slot may hold."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

import msgspec

from graft_core.errors import CorruptDataError, InvalidInputError
from graft_core.types import LSN, PAGE_SIZE, LocalLSN, PageCount, RemoteLSN

__all__ = [
    "EMPTY_MARKER",
    "FIRST_LSN",
    "INHERITED_MARKER",
    "PENDING_MARKER",
    "CommitRecord",
    "ConflictPolicy",
    "FetchStats",
    "LastSync",
    "OriginRecord",
    "SnapshotRecord",
    "StoreRequests",
    "SyncError",
    "SyncMode",
    "VolumeConfig",
    "VolumeStatus",
    "Watermarks",
    "decode",
    "encode",
    "parse_sync_mode",
]

# A page slot holds one of: EMPTY (all zeros, stored as one byte), PENDING (changed remotely,
# bytes not fetched yet), or the PAGE_SIZE bytes themselves. Lengths tell them apart.
EMPTY_MARKER = b"\x00"
PENDING_MARKER = b"\x01"
# In a fork only: the page reads as the fork's origin (its parent at the fork's first LSN), as
# when no version is stored at all; written where a reset or rebase returns a page to that state.
INHERITED_MARKER = b"\x02"
assert len(EMPTY_MARKER) != PAGE_SIZE
# A volume's first local LSN: its creation, an import, or a fork's origin.
FIRST_LSN = LocalLSN(LSN(1))


class SyncMode(StrEnum):
    DISABLED = "disabled"
    PUSH = "push"
    PULL = "pull"
    BOTH = "both"

    @property
    def pushes(self) -> bool:
        return self in (SyncMode.PUSH, SyncMode.BOTH)


def parse_sync_mode(value: str | SyncMode) -> SyncMode:
    try:
        return SyncMode(value)
    except ValueError:
        choices = ", ".join(mode.value for mode in SyncMode)
        raise InvalidInputError(f"invalid sync mode {value!r}: expected one of {choices}") from None


class VolumeStatus(StrEnum):
    OK = "ok"
    REJECTED_COMMIT = "rejected_commit"
    CONFLICT = "conflict"
    INTERRUPTED_PUSH = "interrupted_push"


class ConflictPolicy(StrEnum):
    """What a pull does when local commits are unpushed: stop (``fail``) or ``rebase``."""

    FAIL = "fail"
    REBASE = "rebase"


class VolumeConfig(msgspec.Struct, array_like=True, frozen=True):
    """``keyring``: an encrypted volume's wrapped data keys (empty: not encrypted);
    ``encrypt_local``: its pages are sealed in local storage too (``storage.cipher``)."""

    sync: SyncMode
    created_ms: int
    conflict_policy: ConflictPolicy = ConflictPolicy.FAIL
    keyring: bytes = b""
    encrypt_local: bool = False


class SnapshotRecord(msgspec.Struct, array_like=True, frozen=True):
    """The latest local snapshot; ``remote_lsn``/``remote_local_lsn`` map it to the server log."""

    lsn: LocalLSN
    page_count: PageCount
    remote_lsn: RemoteLSN | None = None
    remote_local_lsn: LocalLSN | None = None


class Watermarks(msgspec.Struct, array_like=True, frozen=True):
    """``pending_sync``: local LSN being pushed. ``checkpoint``: oldest retained local LSN.
    ``pending_key``: the data key the push of an encrypted volume seals with, kept for its
    resume, which must send the same bytes whatever rotated since (None: not encrypted, or
    marked by a version that kept no key: its resume seals with the current key)."""

    pending_sync: LocalLSN | None = None
    checkpoint: LocalLSN = FIRST_LSN
    pending_key: int | None = None


class CommitRecord(msgspec.Struct, array_like=True, frozen=True):
    """One local commit: the pages it changed (serialized Graft) and the page count after it.

    ``remote_lsn`` is set when this local LSN was created by pulling that remote LSN.
    ``commit_id`` is the random id an attached process gave its commit: one whose answer was
    cut off by the owner going away learns from it whether this is its commit (another
    writer's on the same base may have written the very same pages).
    """

    page_count: PageCount
    graft: bytes
    created_ms: int
    remote_lsn: RemoteLSN | None = None
    commit_id: bytes | None = None


class OriginRecord(msgspec.Struct, array_like=True, frozen=True):
    """A fork's origin (DESIGN section 12): its parent at remote LSN ``remote_lsn``, of
    ``page_count`` pages. Local LSN ``local_lsn`` is the fork's first here: a page without a
    version at or below a snapshot (or whose version is INHERITED) reads as the parent's there.
    ``parent_local_lsn`` is the parent's local LSN equal to the origin when the fork was made
    on this device (the parent's retention keeps it); None on a clone. ``local_remote_lsn`` is
    the fork's remote LSN that ``local_lsn`` maps to (1 where the fork was made; a clone's first
    pull), at which the servers read the pages it inherits.
    """

    parent: bytes
    remote_lsn: RemoteLSN
    page_count: PageCount
    local_lsn: LocalLSN
    parent_local_lsn: LocalLSN | None = None
    local_remote_lsn: RemoteLSN = RemoteLSN(LSN(1))


class SyncError(msgspec.Struct, array_like=True, frozen=True):
    """A failed sync step: when (ms since the epoch), the exception's class name, its message."""

    at_ms: int
    kind: str
    message: str


class LastSync(msgspec.Struct, array_like=True, frozen=True):
    """When a push or pull of the volume last succeeded (ms since the epoch)."""

    at_ms: int


class FetchStats(msgspec.Struct, array_like=True, frozen=True):
    """Pages and bytes this data dir fetched from the pagestore for a volume, and round trips."""

    pages_fetched: int = 0
    bytes_fetched: int = 0
    round_trips: int = 0

    def __add__(self, other: FetchStats) -> FetchStats:
        return FetchStats(
            self.pages_fetched + other.pages_fetched,
            self.bytes_fetched + other.bytes_fetched,
            self.round_trips + other.round_trips,
        )


class StoreRequests(msgspec.Struct, array_like=True, frozen=True):
    """Object-store requests direct mode made for a volume from this data dir, as stored."""

    puts: int = 0
    gets: int = 0
    lists: int = 0

    def __add__(self, other: StoreRequests) -> StoreRequests:
        return StoreRequests(
            self.puts + other.puts, self.gets + other.gets, self.lists + other.lists
        )


_ENCODER = msgspec.msgpack.Encoder()
T = TypeVar("T")


def encode(record: msgspec.Struct) -> bytes:
    return _ENCODER.encode(record)


def decode(data: bytes, kind: type[T]) -> T:
    try:
        return msgspec.msgpack.decode(data, type=kind)
    except msgspec.DecodeError as exc:
        raise CorruptDataError(f"corrupt {kind.__name__} record: {exc}") from exc
