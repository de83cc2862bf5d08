"""Key layout of the four column families (DESIGN section 4).

All integers are big-endian so that RocksDB's byte order is numeric order: the versions of one
page sort by LSN, the pages of one volume by index, the commits of one volume by LSN.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from enum import IntEnum
from functools import partial

from graft_core.ids import VolumeId

__all__ = [
    "PAGE_KEY_SIZE",
    "PAGE_PREFIX_SIZE",
    "VolumeTag",
    "commit_key",
    "commit_key_lsn",
    "page_key",
    "page_key_parts",
    "page_prefix",
    "page_prefixes",
    "volume_key",
    "volume_key_parts",
]

_VID = 16
_PAGE_PREFIX = struct.Struct(">16sI")
_PAGE = struct.Struct(">16sIQ")
_COMMIT = struct.Struct(">16sQ")
PAGE_PREFIX_SIZE = _PAGE_PREFIX.size
PAGE_KEY_SIZE = _PAGE.size


class VolumeTag(IntEnum):
    CONFIG = 1
    STATUS = 2
    SNAPSHOT = 3
    WATERMARKS = 4
    LAST_ERROR = 5
    FETCHED = 6
    LAST_SYNC = 7
    CLUSTER = 8
    ORIGIN = 12  # a fork's origin (``OriginRecord``)
    REQUESTS = 13  # object-store requests of direct mode so far (``StoreRequests``)


def volume_key(vid: VolumeId, tag: VolumeTag) -> bytes:
    return bytes(vid) + bytes([tag])


def volume_key_parts(key: bytes) -> tuple[VolumeId, VolumeTag]:
    return VolumeId(key[:_VID]), VolumeTag(key[_VID])


def page_prefix(vid: VolumeId, pageidx: int) -> bytes:
    return _PAGE_PREFIX.pack(bytes(vid), pageidx)


def page_prefixes(vid: VolumeId) -> Callable[[int], bytes]:
    """``page_prefix`` with ``vid`` bound once: a reader builds one key per page it reads."""
    return partial(_PAGE_PREFIX.pack, bytes(vid))


def page_key(vid: VolumeId, pageidx: int, lsn: int) -> bytes:
    return _PAGE.pack(bytes(vid), pageidx, lsn)


def page_key_parts(key: bytes) -> tuple[bytes, int, int]:
    """(raw vid, pageidx, lsn) of a page key."""
    raw_vid, pageidx, lsn = _PAGE.unpack(key)
    return raw_vid, pageidx, lsn


def commit_key(vid: VolumeId, lsn: int) -> bytes:
    return _COMMIT.pack(bytes(vid), lsn)


def commit_key_lsn(key: bytes) -> int:
    lsn: int = _COMMIT.unpack(key)[1]
    return lsn
