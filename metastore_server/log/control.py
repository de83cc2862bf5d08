"""The log's control file in the style of Waltz storage.

Layout: a 64-byte block ``magic | format version u32 | created ms u64 | cluster key (16-byte UUID)
| crc32c u32`` and two state slots of ``SLOT_SIZE`` bytes at fixed offsets. A slot is ``sequence
u64 | length u32 | crc32c u32 | msgpack state``, the CRC covering sequence, length and state.
Updates go to the slot not holding the newest state, so a write torn by a crash leaves the other
(previous) state intact and readable. A failed write (short, full disk, failed fsync) leaves the
state in memory and the sequence as they were, so the next write goes to the same slot again.
"""

from __future__ import annotations

import os
import struct
import time
import uuid
from pathlib import Path
from typing import Final

import crc32c
import msgspec

from graft_core.errors import CorruptDataError, StorageError, WrongClusterError
from graft_core.files import fsync_dir, write_at

__all__ = ["ControlFile", "LogState", "SegmentMeta", "WrongClusterError"]

MAGIC: Final = b"GRAFTCTL"
FORMAT_VERSION: Final = 2  # 2: the slot CRC covers the sequence and length too
BLOCK_SIZE: Final = 64
SLOT_SIZE: Final = 256 << 10
_BLOCK = struct.Struct(">8sIQ16sI")
_SLOT = struct.Struct(">QII")
_SLOT_COVERED = struct.Struct(">QI")


class SegmentMeta(msgspec.Struct, forbid_unknown_fields=True):
    segment_id: int
    base_index: int
    sealed: bool = False
    last_index: int = 0
    index_offset: int = 0


class LogState(msgspec.Struct, forbid_unknown_fields=True):
    """Segments in index order; the last one is the active (unsealed) segment."""

    head_index: int = 1
    segments: list[SegmentMeta] = msgspec.field(default_factory=list)


class ControlFile:
    def __init__(self, path: Path, fd: int, cluster_key: uuid.UUID, created_ms: int) -> None:
        self.path = path
        self._fd = fd
        self.cluster_key = cluster_key
        self.created_ms = created_ms
        self._sequence = 0
        self.state = LogState()

    @classmethod
    def open(cls, path: Path, cluster_key: uuid.UUID | None) -> ControlFile:
        """Open (or create) the control file; a different cluster key is refused."""
        if not path.exists():
            return cls._create(path, cluster_key or uuid.uuid4())
        fd = os.open(path, os.O_RDWR)
        try:
            created_ms, found = _read_header(fd, path, cluster_key)
        except BaseException:
            os.close(fd)
            raise
        control = cls(path, fd, found, created_ms)
        control._load()
        return control

    @staticmethod
    def check(path: Path, cluster_key: uuid.UUID | None) -> None:
        """Refuse a foreign or damaged control file as ``open`` would, writing nothing."""
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            _read_header(fd, path, cluster_key)
        finally:
            os.close(fd)

    @classmethod
    def _create(cls, path: Path, cluster_key: uuid.UUID) -> ControlFile:
        created_ms = time.time_ns() // 1_000_000
        head = _BLOCK.pack(MAGIC, FORMAT_VERSION, created_ms, cluster_key.bytes, 0)[:-4]
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        control = cls(path, fd, cluster_key, created_ms)
        try:
            write_at(fd, head + struct.pack(">I", crc32c.crc32c(head)), 0)
            # The first state goes in before the rename: a control file is never seen without one.
            control.write(LogState())
            os.rename(tmp, path)
            fsync_dir(path.parent)
        except BaseException:
            control.close()
            tmp.unlink(missing_ok=True)
            raise
        return control

    def _read_slot(self, slot: int) -> tuple[int, LogState] | None:
        raw = os.pread(self._fd, SLOT_SIZE, BLOCK_SIZE + slot * SLOT_SIZE)
        if len(raw) < _SLOT.size:
            return None
        sequence, length, crc = _SLOT.unpack_from(raw)
        payload = raw[_SLOT.size : _SLOT.size + length]
        if sequence == 0 or len(payload) != length or _slot_crc(sequence, payload) != crc:
            return None
        try:
            return sequence, msgspec.msgpack.decode(payload, type=LogState)
        except msgspec.MsgspecError:
            return None

    def _load(self) -> None:
        copies = [c for c in (self._read_slot(0), self._read_slot(1)) if c is not None]
        if not copies:
            raise CorruptDataError(f"{self.path}: both state copies are corrupt")
        self._sequence, self.state = max(copies, key=lambda c: c[0])

    def write(self, state: LogState) -> None:
        """Durably replace the state, writing the slot that does not hold the current one."""
        payload = msgspec.msgpack.encode(state)
        if _SLOT.size + len(payload) > SLOT_SIZE:
            raise StorageError(f"log state of {len(payload)} bytes does not fit a control slot")
        sequence = self._sequence + 1
        slot = sequence % 2
        record = _SLOT.pack(sequence, len(payload), _slot_crc(sequence, payload)) + payload
        write_at(self._fd, record, BLOCK_SIZE + slot * SLOT_SIZE)
        os.fsync(self._fd)
        self._sequence = sequence
        self.state = state

    def close(self) -> None:
        os.close(self._fd)


def _slot_crc(sequence: int, payload: bytes) -> int:
    # Covering the sequence means a torn write cannot pair a new sequence with an old state.
    return crc32c.crc32c(_SLOT_COVERED.pack(sequence, len(payload)) + payload)


def _read_header(fd: int, path: Path, cluster_key: uuid.UUID | None) -> tuple[int, uuid.UUID]:
    """(created ms, cluster key) of an intact header whose key is ``cluster_key`` (if given)."""
    block = os.pread(fd, BLOCK_SIZE, 0)
    if len(block) < _BLOCK.size:
        raise CorruptDataError(f"{path}: control file is truncated")
    magic, version, created_ms, key, crc = _BLOCK.unpack_from(block)
    if magic != MAGIC or crc != crc32c.crc32c(block[: _BLOCK.size - 4]):
        raise CorruptDataError(f"{path}: not a control file or its header is corrupt")
    if version != FORMAT_VERSION:
        raise StorageError(f"{path}: format version {version}, expected {FORMAT_VERSION}")
    found = uuid.UUID(bytes=key)
    if cluster_key is not None and cluster_key != found:
        raise WrongClusterError(
            f"{path.parent} belongs to cluster {found}, not {cluster_key}; refusing it"
        )
    return created_ms, found
