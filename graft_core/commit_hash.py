"""The commit hash that makes a retried commit exactly idempotent (DESIGN section 6): the
metastore answers a commit that repeats the ``(cid, commit_hash)`` of the one it stored with
that one."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

from graft_core.ids import VolumeId

__all__ = ["commit_hash"]

_HEADER = struct.Struct(">16sQI")
_PAGE = struct.Struct(">I")


def commit_hash(
    vid: VolumeId, base_lsn: int | None, page_count: int, pages: Sequence[tuple[int, bytes]]
) -> bytes:
    """BLAKE2b-256 of vid, base LSN (0 for none), page count and each (pageidx, bytes) in order."""
    digest = hashlib.blake2b(digest_size=32)
    digest.update(_HEADER.pack(bytes(vid), base_lsn or 0, page_count))
    for pageidx, data in pages:
        digest.update(_PAGE.pack(pageidx))
        digest.update(data)
    return digest.digest()
