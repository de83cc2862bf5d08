"""Page-volume vocabulary: LSN, PageIdx, PageCount, page bytes and snapshots.

A client numbers its own commits (``LocalLSN``) apart from the server's log (``RemoteLSN``); both
are ``LSN``s, and mypy rejects one where the other belongs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

from graft_core.errors import InvalidInputError, InvalidPageError
from graft_core.ids import VolumeId

__all__ = [
    "EMPTY_PAGE",
    "LSN",
    "MAX_LSN",
    "MAX_PAGEIDX",
    "MAX_SEALED_PAGE",
    "PAGE_SIZE",
    "LocalLSN",
    "PageCount",
    "PageIdx",
    "RemoteLSN",
    "RemoteMapping",
    "Snapshot",
    "check_lsn",
    "check_page",
    "check_page_count",
    "check_pageidx",
    "is_empty_page",
]

PAGE_SIZE = 4096
EMPTY_PAGE = bytes(PAGE_SIZE)
MAX_PAGEIDX = 2**32 - 1
# The most bytes a sealed (client-encrypted) page may take: a page plus room for its header,
# nonce and tag (graft_core.crypto.seal); servers store such pages without knowing more.
MAX_SEALED_PAGE = PAGE_SIZE + 64
MAX_LSN = 2**63 - 1

LSN = NewType("LSN", int)
LocalLSN = NewType("LocalLSN", LSN)
RemoteLSN = NewType("RemoteLSN", LSN)
PageIdx = NewType("PageIdx", int)
PageCount = NewType("PageCount", int)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_lsn(value: object) -> LSN:
    """An LSN is an int in 1..2^63-1."""
    if not _is_int(value) or not 1 <= value <= MAX_LSN:  # type: ignore[operator]
        raise InvalidInputError(f"invalid LSN {value!r}: expected an integer >= 1")
    return LSN(value)  # type: ignore[arg-type]


def check_pageidx(value: object) -> PageIdx:
    """A PageIdx is an int in 1..2^32-1 (pages are numbered from 1)."""
    if not _is_int(value) or not 1 <= value <= MAX_PAGEIDX:  # type: ignore[operator]
        raise InvalidPageError(f"invalid page index {value!r}: expected 1..{MAX_PAGEIDX}")
    return PageIdx(value)  # type: ignore[arg-type]


def check_page_count(value: object) -> PageCount:
    """A PageCount is an int in 0..2^32-1."""
    if not _is_int(value) or not 0 <= value <= MAX_PAGEIDX:  # type: ignore[operator]
        raise InvalidPageError(f"invalid page count {value!r}: expected 0..{MAX_PAGEIDX}")
    return PageCount(value)  # type: ignore[arg-type]


def check_page(data: object) -> bytes:
    """Page data is exactly PAGE_SIZE bytes (bytes, bytearray or memoryview)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise InvalidPageError(f"page data must be bytes, not {type(data).__name__}")
    raw = bytes(data)
    if len(raw) != PAGE_SIZE:
        raise InvalidPageError(f"page data must be exactly {PAGE_SIZE} bytes, got {len(raw)}")
    return raw


def is_empty_page(data: bytes) -> bool:
    return data == EMPTY_PAGE


@dataclass(frozen=True, slots=True)
class RemoteMapping:
    """Which remote LSN a local LSN corresponds to (they are equal in content)."""

    remote_lsn: RemoteLSN
    local_lsn: LocalLSN


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A consistent view of a volume: ``lsn`` is local; ``remote`` maps it to the server's log."""

    vid: VolumeId
    lsn: LSN
    page_count: PageCount
    remote: RemoteMapping | None = None

    @property
    def remote_lsn(self) -> LSN | None:
        return None if self.remote is None else self.remote.remote_lsn
