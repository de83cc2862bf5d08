"""The audit digest of a snapshot (DESIGN section 12): equal wherever the snapshot is held.

BLAKE2b-256 over the page count (8 bytes, big-endian), then every page 1..page count in order,
an empty page as PAGE_SIZE zero bytes. A client computes it from its local pages and the lite
client from the servers' pages; nothing about where a page was stored or how it was compressed
enters it.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable

from graft_core.types import PAGE_SIZE

__all__ = ["audit_digest"]

_COUNT = struct.Struct(">Q")


def audit_digest(page_count: int, pages: Iterable[bytes]) -> str:
    """The hex digest of a snapshot of ``page_count`` pages, given in order."""
    digest = hashlib.blake2b(_COUNT.pack(page_count), digest_size=32)
    seen = 0
    for page in pages:
        assert len(page) == PAGE_SIZE, "every page is PAGE_SIZE bytes"
        digest.update(page)
        seen += 1
    assert seen == page_count, "one page per page index"
    return digest.hexdigest()
