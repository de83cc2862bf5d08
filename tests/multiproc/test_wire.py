"""Frames over a real socket: however the bytes arrive, each frame comes out whole, in order."""

from __future__ import annotations

import select
import signal
import socket
import struct
import threading
from typing import Any

import msgspec
import pytest

from graft_client.shared.wire import ConnectionLost, FrameReader, send_frame


def _frame(message: object) -> bytes:
    body = msgspec.msgpack.encode(message)
    return struct.pack(">I", len(body)) + body


def test_frames_split_across_reads_and_several_in_one_read() -> None:
    here, there = socket.socketpair()
    with here, there:
        big = [1, "commit", [b"p" * 100_000]]  # more than one read's chunk
        data = _frame([1, "pin", [b"v"]]) + _frame(big) + _frame([2, True, None])
        frames = FrameReader(here)
        there.sendall(data[:3])  # not even a whole header
        there.sendall(data[3:])
        assert frames.next() == [1, "pin", [b"v"]]
        assert frames.next() == big
        assert frames.next() == [2, True, None]
        send_frame(there, [3, False, ["E", "m"]])
        assert frames.next() == [3, False, ["E", "m"]]


def test_a_connection_closed_mid_frame_is_lost() -> None:
    here, there = socket.socketpair()
    with here:
        there.sendall(_frame([1, "pin", [b"v" * 100]])[:50])
        there.close()
        with pytest.raises(ConnectionLost):
            FrameReader(here).next()


def test_a_frame_over_the_limit_is_refused_before_it_is_read() -> None:
    here, there = socket.socketpair()
    with here, there:
        there.sendall(struct.pack(">I", (1 << 30) + 1))
        with pytest.raises(ConnectionLost, match="frame of"):
            FrameReader(here).next()


def test_an_undecodable_frame_ends_the_connection() -> None:
    here, there = socket.socketpair()
    with here, there:
        there.sendall(struct.pack(">I", 3) + b"\xc1\xc1\xc1")  # 0xc1: never used in msgpack
        with pytest.raises(ConnectionLost, match="undecodable"):
            FrameReader(here).next()


def test_a_frame_sent_as_ctrl_c_comes_goes_whole() -> None:
    here, there = socket.socketpair()
    with here, there:
        big = [1, True, b"x" * (1 << 21)]  # more than the socket holds: the send waits
        got: list[Any] = []

        def interrupt_then_read() -> None:
            select.select([there], [], [], 10)  # the send began
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
            try:
                got.append(FrameReader(there).next())
            except ConnectionLost as exc:
                got.append(exc)

        reader = threading.Thread(target=interrupt_then_read)
        reader.start()
        with pytest.raises(KeyboardInterrupt):  # once the frame is sent
            send_frame(here, big)
        here.shutdown(socket.SHUT_RDWR)
        reader.join(10)
        assert got == [big]  # before: half of it, then the end of the connection
