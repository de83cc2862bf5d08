"""On-disk layout of the commit log (segment files) in the style of hashicorp/raft-wal.

Segment file: a 32-byte header ``magic | version u32 | reserved u32 | base index u64 | segment id
u64`` and then 8-byte aligned frames. A frame is ``type u8 | 3 zero bytes | length u32`` followed by
``length`` payload bytes and zero padding up to the next multiple of 8. An appended batch is any
number of entry (or index) frames closed by one commit frame whose payload is the CRC32C of every
byte of the batch before the commit frame's payload, so a torn or garbled batch is detected whole.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Final

import crc32c

__all__ = [
    "FRAME_COMMIT",
    "FRAME_ENTRY",
    "FRAME_HEADER",
    "FRAME_INDEX",
    "HEADER_SIZE",
    "MAX_ENTRY_SIZE",
    "Batch",
    "SegmentHeader",
    "aligned",
    "commit_payload",
    "encode_batch",
    "pack_header",
    "parse_batch",
    "parse_frame_header",
    "unpack_header",
]

MAGIC: Final = b"GRAFTWAL"
VERSION: Final = 1
HEADER_SIZE: Final = 32
FRAME_HEADER: Final = 8
FRAME_ENTRY: Final = 1
FRAME_INDEX: Final = 2
FRAME_COMMIT: Final = 3
MAX_ENTRY_SIZE: Final = 64 << 20
_HEADER = struct.Struct(">8sII QQ")
_FRAME = struct.Struct(">B3xI")
_CRC = struct.Struct(">I4x")
assert _HEADER.size == HEADER_SIZE and _FRAME.size == FRAME_HEADER


class SegmentHeader:
    __slots__ = ("base_index", "segment_id")

    def __init__(self, base_index: int, segment_id: int) -> None:
        self.base_index = base_index
        self.segment_id = segment_id


def aligned(n: int) -> int:
    return (n + 7) & ~7


def pack_header(header: SegmentHeader) -> bytes:
    return _HEADER.pack(MAGIC, VERSION, 0, header.base_index, header.segment_id)


def unpack_header(data: bytes) -> SegmentHeader | None:
    """The header, or None when the bytes are not a segment header of this version."""
    if len(data) < HEADER_SIZE:
        return None
    magic, version, _reserved, base, sid = _HEADER.unpack_from(data)
    if magic != MAGIC or version != VERSION or base < 1:
        return None
    return SegmentHeader(base, sid)


def _frame(kind: int, payload: bytes) -> bytes:
    return _FRAME.pack(kind, len(payload)) + payload + bytes(aligned(len(payload)) - len(payload))


def encode_batch(kind: int, payloads: Sequence[bytes]) -> tuple[bytes, list[int]]:
    """One batch of frames closed by its commit frame, and each frame's offset in the batch."""
    assert kind in (FRAME_ENTRY, FRAME_INDEX) and payloads
    offsets: list[int] = []
    parts: list[bytes] = []
    pos = 0
    for payload in payloads:
        assert len(payload) <= MAX_ENTRY_SIZE
        frame = _frame(kind, payload)
        offsets.append(pos)
        parts.append(frame)
        pos += len(frame)
    parts.append(_FRAME.pack(FRAME_COMMIT, _CRC.size))
    body = b"".join(parts)
    return body + commit_payload(crc32c.crc32c(body)), offsets


def parse_frame_header(data: bytes) -> tuple[int, int] | None:
    """(type, payload length) of a well-formed frame header, else None."""
    kind, length = _FRAME.unpack_from(data)
    if data[1:4] != b"\0\0\0" or kind not in (FRAME_ENTRY, FRAME_INDEX, FRAME_COMMIT):
        return None
    if kind == FRAME_COMMIT and length != _CRC.size:
        return None
    if length > MAX_ENTRY_SIZE:
        return None
    return kind, length


def commit_payload(crc: int) -> bytes:
    """The exact payload of a commit frame over a batch with this CRC (padding included)."""
    return _CRC.pack(crc)


class Batch:
    """One intact batch found in a segment: absolute offsets of its frames and where it ends."""

    __slots__ = ("end", "entries", "index_at")

    def __init__(self, entries: list[int], index_at: int, end: int) -> None:
        self.entries = entries
        self.index_at = index_at  # offset of its index frame, 0 for none
        self.end = end


def parse_batch(data: bytes, start: int) -> Batch | None:
    """The batch beginning at ``start``, or None unless it is whole and its CRC matches."""
    entries: list[int] = []
    index_at = 0
    pos = start
    while pos + FRAME_HEADER <= len(data):
        parsed = parse_frame_header(data[pos : pos + FRAME_HEADER])
        if parsed is None:
            return None
        kind, length = parsed
        end = pos + FRAME_HEADER + aligned(length)
        if end > len(data):
            return None
        if kind == FRAME_COMMIT:
            crc = crc32c.crc32c(data[start : pos + FRAME_HEADER])
            ok = data[pos + FRAME_HEADER : end] == commit_payload(crc)
            return Batch(entries, index_at, end) if ok and pos > start else None
        if kind == FRAME_ENTRY:
            entries.append(pos)
        else:
            index_at = pos
        pos = end
    return None
