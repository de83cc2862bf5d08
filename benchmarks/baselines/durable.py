"""The work no page store can skip, done with plain calls: compressing pages in frames, checksums,
and a durable new file (write, fdatasync, link into place, fsync of the directory).

``durable_new_file`` is also the first step of the replication-lag floor; ``durable_append`` its
second (a log append made durable).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import crc32c
import zstandard

__all__ = ["FRAME_PAGES", "LEVEL", "durable_append", "durable_new_file", "encode_frames"]

FRAME_PAGES = 64  # as graft_core.segment, restated: a baseline must not call our code
LEVEL = 3


def encode_frames(pages: list[bytes]) -> bytes:
    """zstd at LEVEL over each run of FRAME_PAGES pages, each frame followed by its CRC32C."""
    compressor = zstandard.ZstdCompressor(level=LEVEL)
    out = bytearray()
    for start in range(0, len(pages), FRAME_PAGES):
        frame = compressor.compress(b"".join(pages[start : start + FRAME_PAGES]))
        out += frame
        out += crc32c.crc32c(frame).to_bytes(4, "little")
    out += crc32c.crc32c(bytes(out)).to_bytes(4, "little")
    return bytes(out)


def durable_new_file(directory: Path, data: bytes) -> Path:
    """``data`` in a new file of ``directory`` that survives a power cut once this returns."""
    name = secrets.token_hex(16)
    temp = directory / f".{name}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, data)
        os.fdatasync(fd)
    finally:
        os.close(fd)
    final = directory / name
    os.link(temp, final)
    os.unlink(temp)
    _fsync_dir(directory)
    return final


def durable_append(fd: int, data: bytes) -> None:
    """``data`` at the end of an open append-only file, on disk once this returns."""
    os.write(fd, data)
    os.fdatasync(fd)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
