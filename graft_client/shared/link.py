"""OwnerLink: an attached process's connection to the owner of its data dir.

Calls from any thread share one socket: each request carries an id and a reader thread hands
each answer to its caller. When the owner goes away, every call in flight fails with
``StorageUnavailableError`` and ``on_lost`` runs (once, on the reader thread).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import socket
import struct
import threading
from collections.abc import Callable
from typing import Any

from graft_client.shared.wire import NO_ANSWER, ConnectionLost, FrameReader, send_frame
from graft_core.errors import DataDirLockedError, StorageUnavailableError, error_from_wire

__all__ = ["OwnerLink", "connect"]

log = logging.getLogger(__name__)

_PEERCRED = struct.Struct("3i")  # pid, uid, gid


def connect(address: str) -> socket.socket | None:
    """A connection to the owner listening at ``address``; None if nobody listens there."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(address)
    except (ConnectionRefusedError, FileNotFoundError):
        sock.close()
        return None
    # An abstract socket has no file permissions: another user could listen at the address
    # first. Nothing (pages, keys) goes to a process of another user.
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEERCRED.size)
    pid, uid, _ = _PEERCRED.unpack(creds)
    if uid != os.getuid():
        sock.close()
        raise DataDirLockedError(
            f"the endpoint of this data dir ({address[1:]!r}) is held by pid {pid} of uid "
            f"{uid}, not this user's: not attaching"
        )
    return sock


class _Call:
    """One call waiting for its answer: a lock held until the answer came (lighter than an
    ``Event``, which builds a condition per call; each call is answered once)."""

    __slots__ = ("_answered", "ok", "value")

    def __init__(self) -> None:
        self._answered = threading.Lock()
        self._answered.acquire()
        self.ok = False
        self.value: Any = None

    def wait(self) -> None:
        self._answered.acquire()

    def answer(self, ok: bool, value: Any) -> None:
        self.ok, self.value = ok, value
        self._answered.release()


class OwnerLink:
    def __init__(self, sock: socket.socket, on_lost: Callable[[OwnerLink], None]) -> None:
        self._sock = sock
        self._on_lost = on_lost
        self._ids = itertools.count(NO_ANSWER + 1)
        self._calls: dict[int, _Call] = {}
        self._guard = threading.Lock()
        self._send_guard = threading.Lock()
        self._lost = False
        self._closing = False
        self._reader = threading.Thread(target=self._read, name="graft-owner-link", daemon=True)
        self._reader.start()

    def call(self, op: str, *args: Any) -> Any:
        """Run ``op`` at the owner; its answer, or the error it raised (same class)."""
        call = _Call()
        with self._guard:
            if self._lost:
                raise self._gone()
            request_id = next(self._ids)
            self._calls[request_id] = call
        try:
            with self._send_guard:
                send_frame(self._sock, [request_id, op, list(args)])
        except OSError:
            pass  # the reader sees the connection close and fails the call
        call.wait()
        if call.ok:
            return call.value
        if call.value is None:
            raise self._gone()
        code, message = call.value
        raise error_from_wire(code, message)

    def notify(self, op: str, *args: Any) -> None:
        """Run ``op`` at the owner without waiting for it (nor hearing of its failure): for
        releases, which the owner also does by itself if this process goes away."""
        try:
            with self._send_guard:
                send_frame(self._sock, [NO_ANSWER, op, list(args)])
        except OSError:
            pass  # gone: what it released went with the connection

    def _gone(self) -> StorageUnavailableError:
        return StorageUnavailableError(
            "the process owning the data dir went away during the call; its outcome is "
            "unknown (another process takes over: retry)"
        )

    def _read(self) -> None:
        frames = FrameReader(self._sock)
        try:
            while True:
                request_id, ok, value = frames.next()
                with self._guard:
                    call = self._calls.pop(request_id)
                call.answer(ok, value)
        except ConnectionLost:
            pass
        with self._guard:
            self._lost = True
            pending, self._calls = list(self._calls.values()), {}
        for call in pending:
            call.answer(False, None)  # gone
        if not self._closing:
            self._on_lost(self)

    @property
    def lost(self) -> bool:
        return self._lost

    def close(self) -> None:
        self._closing = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        if threading.current_thread() is not self._reader:
            self._reader.join()
