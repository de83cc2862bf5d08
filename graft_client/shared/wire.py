"""Frames between the processes of one data dir: a 4-byte length, then msgspec msgpack.

A request is ``[id, op, args]``; its answer ``[id, True, value]`` or ``[id, False, [code,
message]]`` with a ``graft_core.errors`` wire code, so the caller raises the owner's class.
"""

from __future__ import annotations

import os
import select
import socket
import stat
import struct
from collections import deque
from pathlib import Path
from typing import Any

import msgspec

from graft_core.errors import GraftError, StorageError, StorageUnavailableError
from graft_core.ids import VolumeId
from graft_core.interrupts import interrupts_held
from graft_core.types import LSN, LocalLSN, PageCount, RemoteLSN, RemoteMapping, Snapshot

__all__ = [
    "NO_ANSWER",
    "WIRE_VERSION",
    "ConnectionLost",
    "FrameReader",
    "NotSentError",
    "OwnerGoneError",
    "address",
    "encode_frame",
    "error_body",
    "send_frame",
    "send_whole",
    "snapshot_from_wire",
    "snapshot_to_wire",
]

# The shape of the messages between the processes of a data dir: raised whenever one changes, so
# that a process of another graft version is told so as it attaches, not by a garbled answer.
WIRE_VERSION = 3

SnapshotWire = list[Any] | None

# The request id of a request whose caller does not wait for an answer (none is sent).
NO_ANSWER = 0
_HEADER = struct.Struct(">I")
_MAX_FRAME = 1 << 30
_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder()


class ConnectionLost(Exception):
    """The other end closed the socket (or died)."""


class NotSentError(StorageUnavailableError):
    """A call the owner did not run: it went away before the call reached it, or was closing
    when it came. Nothing happened there, so the call may run again at the next owner, even
    one that must not run twice (a commit)."""

    code = "not_run_by_owner"


class OwnerGoneError(StorageUnavailableError):
    """The owner went away during a call: whether it ran is unknown here (the next owner may
    know: see ``SharedState.apply_commit``)."""

    code = "owner_gone"


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
    send_whole(sock, encode_frame(message))


def send_whole(sock: socket.socket, data: bytes) -> None:
    """``sock.sendall(data)``, which a Ctrl-C does not cut short: half a frame sent would
    leave the other end reading garbage (the interrupt comes once it is sent)."""
    with interrupts_held():
        sock.sendall(data)


class FrameReader:
    """The frames arriving on ``sock``, read in chunks: one ``recv`` brings a whole request
    (or several) in most cases, where reading a header and then a body took two, and the body
    is decoded where it landed, with no copy. A frame that cannot be decoded ends the
    connection: the stream can no longer be trusted."""

    __slots__ = ("_pending", "_poller", "_ready", "_sock")

    _CHUNK = 1 << 16

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._pending = bytearray()
        self._ready: deque[Any] = deque()
        self._poller = select.poll()
        self._poller.register(sock, select.POLLIN)

    def next(self) -> Any:
        """The next frame, read as it comes."""
        while not self._ready:
            self._ready.extend(self.read())
        return self._ready.popleft()

    def wait(self, timeout_s: float) -> bool:
        """Whether something arrived (or the connection ended) within ``timeout_s``: ``read``
        then returns at once. Blocks without taking anything from the socket, so an exception
        raised meanwhile (a Ctrl-C) loses nothing."""
        try:
            return bool(self._poller.poll(timeout_s * 1000))
        except (OSError, ValueError) as exc:  # the socket closed under it
            raise ConnectionLost(str(exc)) from exc

    def read(self) -> list[Any]:
        """One ``recv`` (waiting for data if none came): the frames it completed, maybe none."""
        pending = self._pending
        try:
            chunk = self._sock.recv(max(self._wanted(), self._CHUNK))
        except OSError as exc:
            raise ConnectionLost(str(exc)) from exc
        if not chunk:
            raise ConnectionLost("connection closed")
        pending += chunk
        frames = []
        while len(pending) >= _HEADER.size:
            end = _HEADER.size + _HEADER.unpack_from(pending)[0]
            if len(pending) < end:
                break
            try:
                with memoryview(pending) as view:
                    frames.append(_decoder.decode(view[_HEADER.size : end]))
            except msgspec.DecodeError as exc:
                raise ConnectionLost(f"undecodable frame: {exc}") from exc
            del pending[:end]
        return frames

    def _wanted(self) -> int:
        """How many bytes the frame being read still lacks (its header, at least)."""
        if len(self._pending) < _HEADER.size:
            return _HEADER.size
        size: int = _HEADER.unpack_from(self._pending)[0]
        if size > _MAX_FRAME:
            raise ConnectionLost(f"frame of {size} bytes")
        return _HEADER.size + size - len(self._pending)


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
