"""Frames between the processes of one data dir: a 4-byte length, then msgspec msgpack.

A request is ``[id, op, args]``; its answer ``[id, True, value]`` or ``[id, False, [code,
message]]`` with a ``graft_core.errors`` wire code, so the caller raises the owner's class.
"""

from __future__ import annotations

import os
import socket
import stat
import struct
from pathlib import Path
from typing import Any

import msgspec

from graft_core.errors import GraftError, StorageError
from graft_core.ids import VolumeId
from graft_core.types import LSN, LocalLSN, PageCount, RemoteLSN, RemoteMapping, Snapshot

__all__ = [
    "NO_ANSWER",
    "ConnectionLost",
    "FrameReader",
    "address",
    "encode_frame",
    "error_body",
    "send_frame",
    "snapshot_from_wire",
    "snapshot_to_wire",
]

SnapshotWire = list[Any] | None

# The request id of a request whose caller does not wait for an answer (none is sent).
NO_ANSWER = 0
_HEADER = struct.Struct(">I")
_MAX_FRAME = 1 << 30
_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder()


class ConnectionLost(Exception):
    """The other end closed the socket (or died)."""


def address(data_dir: Path) -> str:
    """The owner's abstract socket name, from the data dir's device and inode: short whatever
    the path's length (a socket path is limited to 108 bytes), and gone with its process."""
    info = os.stat(data_dir)
    assert stat.S_ISDIR(info.st_mode)
    return f"\0graft-client-{info.st_dev:x}-{info.st_ino:x}"


def encode_frame(message: Any) -> bytes:
    body = _encoder.encode(message)
    return _HEADER.pack(len(body)) + body


def send_frame(sock: socket.socket, message: Any) -> None:
    sock.sendall(encode_frame(message))


class FrameReader:
    """The frames arriving on ``sock``, read in chunks: one ``recv`` brings a whole request
    (or several) in most cases, where reading a header and then a body took two, and the body
    is decoded where it landed, with no copy."""

    __slots__ = ("_pending", "_sock")

    _CHUNK = 1 << 16

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._pending = bytearray()

    def next(self) -> Any:
        pending = self._pending
        try:
            while True:
                if len(pending) >= _HEADER.size:
                    (size,) = _HEADER.unpack_from(pending)
                    if size > _MAX_FRAME:
                        raise ConnectionLost(f"frame of {size} bytes")
                    end = _HEADER.size + size
                    if len(pending) >= end:
                        with memoryview(pending) as view:
                            message = _decoder.decode(view[_HEADER.size : end])
                        del pending[:end]
                        return message
                    want = end - len(pending)
                else:
                    want = _HEADER.size
                chunk = self._sock.recv(max(want, self._CHUNK))
                if not chunk:
                    raise ConnectionLost("connection closed")
                pending += chunk
        except OSError as exc:
            raise ConnectionLost(str(exc)) from exc


def error_body(exc: BaseException) -> list[str]:
    """``[code, message]`` of an error to answer; anything unplanned is a storage error."""
    if isinstance(exc, GraftError):
        return [exc.code, str(exc)]
    return [StorageError.code, f"the owner process failed: {type(exc).__name__}: {exc}"]


def snapshot_to_wire(snapshot: Snapshot | None) -> SnapshotWire:
    if snapshot is None:
        return None
    remote = snapshot.remote
    mapping = None if remote is None else [remote.remote_lsn, remote.local_lsn]
    return [bytes(snapshot.vid), snapshot.lsn, snapshot.page_count, mapping]


def snapshot_from_wire(value: SnapshotWire) -> Snapshot | None:
    if value is None:
        return None
    vid, lsn, page_count, mapping = value
    remote = None
    if mapping is not None:
        remote = RemoteMapping(RemoteLSN(LSN(mapping[0])), LocalLSN(LSN(mapping[1])))
    return Snapshot(VolumeId(vid), LSN(lsn), PageCount(page_count), remote)
