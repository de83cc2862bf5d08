"""Hostile sockets against real servers that run under a low descriptor limit (issue 14, item 9).

More idle and slow-header sockets than the server has descriptors must not starve ``/health``,
nor flood the log; the server must close idle, slow-header and stalled-body connections on its
own, refuse quickly when every connection is busy, and recover once the attack stops.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest

from graft_core.service import RepeatFilter
from tests.pagestore.cluster import metastore_command, pagestore_command
from tests.support.polling import wait_until
from tests.support.servers import ServerProcess, running_server

NOFILE = 256
ATTACK = 300  # more sockets than the server has descriptors
PROBES = 40
HEALTH_P99_S = 1.0

# Lowers the descriptor limit, then becomes the server (same pid, so /proc shows its fds).
_WITH_NOFILE = (
    "import os, resource, sys; n = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_NOFILE, (n, n)); os.execv(sys.argv[2], sys.argv[2:])"
)
_PARTIAL_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\n"
_STALLED_BODY = (
    b"POST /metastore/v1/snapshot HTTP/1.1\r\nHost: x\r\n"
    b"Content-Type: application/msgpack\r\nContent-Length: 100\r\n\r\n0123456789"
)


def _command(kind: str, tmp: Path) -> list[str]:
    if kind == "metastore":
        return metastore_command("--data-dir", str(tmp / "data"))
    # No metastore answers there: the pagestore starts all the same (and warns), which is all
    # a test of its connections needs.
    unused = "http://127.0.0.1:9"
    return pagestore_command(
        "--metastore", unused, "--store", str(tmp / "segments"), "--cache-dir", str(tmp / "cache")
    )


@contextmanager
def _server(kind: str, tmp: Path, **limits: float) -> Iterator[ServerProcess]:
    env = {f"{kind.upper()}_{name.upper()}": str(value) for name, value in limits.items()}
    command = [sys.executable, "-c", _WITH_NOFILE, str(NOFILE), *_command(kind, tmp)]
    with running_server(command, tmp, env) as server:
        yield server


@contextmanager
def _sockets(url: str, count: int, first: bytes = b"") -> Iterator[list[socket.socket]]:
    port = int(url.rsplit(":", 1)[1])
    with ExitStack() as stack:
        socks = []
        for _ in range(count):
            sock = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
            if first:
                sock.sendall(first)
            socks.append(sock)
        yield socks


def _descriptors(server: ServerProcess) -> int:
    assert server.proc is not None
    return len(os.listdir(f"/proc/{server.proc.pid}/fd"))


def _holds(server: ServerProcess, peer_port: int) -> bool:
    """Whether the server has a socket open that is connected to ``peer_port`` on loopback."""
    assert server.proc is not None
    fds = Path(f"/proc/{server.proc.pid}/fd")
    links = set()
    for fd in fds.iterdir():
        with contextlib.suppress(FileNotFoundError):  # closed while listing
            links.add(os.readlink(fd))
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == peer_port and f"socket:[{fields[9]}]" in links:
            return True
    return False


def _health(url: str, path: str = "/health") -> tuple[float, int]:
    """Latency and status of ``GET /health`` (or ``path``) on a new connection."""
    started = time.monotonic()
    status = httpx.get(url + path, timeout=10.0).status_code
    return time.monotonic() - started, status


def _log_lines(server: ServerProcess) -> list[str]:
    return server.log_path.read_text(errors="replace").splitlines()


def _closed_by_server(sock: socket.socket) -> bool:
    if not select.select([sock], [], [], 0)[0]:
        return False
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True


@pytest.mark.parametrize("kind", ["metastore", "pagestore"])
def test_idle_and_slow_header_sockets_leave_health_answering(kind: str, tmp_path: Path) -> None:
    with _server(kind, tmp_path) as server:
        baseline = _descriptors(server)
        with _sockets(server.url, ATTACK // 2), _sockets(server.url, ATTACK // 2, _PARTIAL_HEAD):
            probes = [_health(server.url) for _ in range(PROBES)]
            probes += [_health(server.url, "/metrics") for _ in range(PROBES // 4)]
            during = _descriptors(server)
        assert {status for _, status in probes} == {200}
        latencies = sorted(latency for latency, _ in probes)
        assert latencies[int(0.99 * len(latencies))] < HEALTH_P99_S, latencies
        assert during < NOFILE - 16, f"{during} descriptors open during the attack"

        wait_until(lambda: _descriptors(server) <= baseline, 10, "descriptors back to baseline")
        assert _health(server.url)[1] == 200
        lines = _log_lines(server)
        assert len(lines) < 10, "\n".join(lines[:20])


@contextmanager
def _stopped(server: ServerProcess) -> Iterator[Callable[[], None]]:
    """The server stopped (SIGSTOP) until the block calls what it yields, or ends: connections
    wait in its listen backlog meanwhile."""
    proc = server.proc
    assert proc is not None
    proc.send_signal(signal.SIGSTOP)
    try:
        yield lambda: proc.send_signal(signal.SIGCONT)
    finally:
        proc.send_signal(signal.SIGCONT)


def test_a_backlog_of_idle_sockets_accepted_at_once_leaves_health_answering(
    tmp_path: Path,
) -> None:
    """The server takes its whole listen backlog in one loop tick; each idle socket it evicts
    there keeps its descriptor until the next tick, and none it accepts is idle before then. A
    probe at the back must wait for that, not be refused as if every connection were busy."""
    with (
        _server("metastore", tmp_path) as server,
        ThreadPoolExecutor(1) as pool,
        _stopped(server) as resume,
        _sockets(server.url, ATTACK),
    ):
        probe = pool.submit(_health, server.url)
        port = int(server.url.rsplit(":", 1)[1])
        wait_until(lambda: _queued(port) > ATTACK, 10, "the probe queued behind the attack")
        resume()
        assert probe.result()[1] == 200


def _queued(port: int) -> int:
    """Connections waiting in the accept queue of the listener on ``port`` (loopback)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        state, local = fields[3], fields[1]
        if state == "0A" and int(local.split(":")[1], 16) == port:  # 0A: LISTEN
            return int(fields[4].split(":")[1], 16)  # rx_queue of a listener: its backlog
    raise AssertionError(f"no listener on port {port}")


def test_idle_slow_header_and_stalled_body_connections_are_closed(tmp_path: Path) -> None:
    trickled = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1000
    with (
        _server("metastore", tmp_path, idle_timeout=1, client_timeout=2) as server,
        _sockets(server.url, 10) as idle,
        _sockets(server.url, 10, trickled[:1]) as slow,
        _sockets(server.url, 10, _STALLED_BODY) as stalled,
    ):
        open_ = set(idle + slow + stalled)
        sent = 1
        deadline = time.monotonic() + 10
        while open_ and time.monotonic() < deadline:
            open_ -= {sock for sock in open_ if _closed_by_server(sock)}
            for sock in open_ & set(slow):
                sock.sendall(trickled[sent : sent + 1])
            sent += 1
            time.sleep(0.05)  # the trickle's pace, not a synchronisation
        assert not open_, f"{len(open_)} connections still open after 10 s"
        assert sent < len(trickled), "the slow heads completed: they were not cut off"
        assert _health(server.url)[1] == 200
        assert not [line for line in _log_lines(server) if "unexpected error" in line]


def _refused(url: str) -> tuple[float, int] | None:
    probe = _health(url)
    return probe if probe[1] == 503 else None


def test_all_connections_busy_refuses_quickly_then_recovers(tmp_path: Path) -> None:
    with (
        _server("metastore", tmp_path, max_connections=4, client_timeout=2) as server,
        _sockets(server.url, 4, _STALLED_BODY),
    ):
        refused = wait_until(lambda: _refused(server.url), 5, "a 503 while all are busy")
        assert refused[0] < HEALTH_P99_S
        wait_until(lambda: _health(server.url)[1] == 200, 10, "health once the bodies stall")


def test_a_client_that_stops_reading_answers_is_cut_off(tmp_path: Path) -> None:
    request = b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"
    with _server("metastore", tmp_path, idle_timeout=60, client_timeout=1) as server:
        port = int(server.url.rsplit(":", 1)[1])
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", port))
            peer = sock.getsockname()[1]
            wait_until(lambda: _holds(server, peer), 15, "the server accepting the connection")
            # ~3 KB answers to as many requests as the server takes: more than the buffers hold.
            pipelined = _send_while_accepted(sock, request * 8000) // len(request)
            wait_until(lambda: not _holds(server, peer), 15, "the server dropping the connection")
            answers = _answers(sock)
        assert answers < pipelined, f"all {pipelined} answers came: the test never stalled"
        assert _health(server.url)[1] == 200


def _send_while_accepted(sock: socket.socket, data: bytes) -> int:
    """Send until the peer stops taking data (its buffers are full); the bytes sent."""
    sock.setblocking(False)
    sent = 0
    while sent < len(data) and select.select([], [sock], [], 1.0)[1]:
        sent += sock.send(data[sent : sent + (1 << 16)])
    sock.setblocking(True)
    return sent


def _answers(sock: socket.socket) -> int:
    """How many answers the socket still delivers until the server's close or reset."""
    received = bytearray()
    try:
        while chunk := sock.recv(1 << 16):
            received += chunk
    except ConnectionResetError:
        pass
    return received.count(b"HTTP/1.1 200")


def test_a_flood_of_bad_requests_logs_a_few_lines(tmp_path: Path) -> None:
    with _server("metastore", tmp_path) as server:
        port = int(server.url.rsplit(":", 1)[1])
        for _ in range(ATTACK):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                assert sock.recv(65536).startswith(b"HTTP/1.1 400")
        lines = [line for line in _log_lines(server) if "Invalid HTTP request" in line]
        assert 1 <= len(lines) <= 2, f"{len(lines)} lines for {ATTACK} bad requests"


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = bytearray()
    while chunk := sock.recv(1 << 16):
        received += chunk
    return bytes(received)


@pytest.mark.parametrize(("pad", "status"), [(12_000, b"200"), (20_000, b"400")])
def test_request_heads_are_bounded_at_16_kib(pad: int, status: bytes, tmp_path: Path) -> None:
    head = b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: "
    with (
        _server("metastore", tmp_path, client_timeout=60) as server,
        _sockets(server.url, 1) as (sock,),
    ):
        sock.sendall(head + b"a" * pad + b"\r\n\r\n")
        assert _answer(sock).startswith(b"HTTP/1.1 " + status)


def test_a_head_that_never_ends_is_refused_400_once_past_16_kib(tmp_path: Path) -> None:
    """One header growing forever (no timeout cuts it: the client keeps sending) is refused as
    soon as it is too large, not buffered until memory runs out."""
    piece = b"a" * 2048
    with (
        _server("metastore", tmp_path, client_timeout=60) as server,
        _sockets(server.url, 1, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ") as (sock,),
    ):
        sent = 0
        while sent < (1 << 20) and not select.select([sock], [], [], 0.02)[0]:
            sock.sendall(piece)  # a piece a pace (the wait above): each is a read of its own
            sent += len(piece)
        assert _answer(sock).startswith(b"HTTP/1.1 400")
        assert sent < 256 * 1024, f"refused only after {sent} bytes"
        assert _health(server.url)[1] == 200


@pytest.mark.parametrize(
    ("name", "value"),
    [("MAX_CONNECTIONS", "lots"), ("MAX_CONNECTIONS", str(NOFILE)), ("CLIENT_TIMEOUT", "0")],
)
def test_bad_limits_are_refused_before_listening(name: str, value: str, tmp_path: Path) -> None:
    command = [sys.executable, "-c", _WITH_NOFILE, str(NOFILE), *_command("metastore", tmp_path)]
    port_file = tmp_path / "port"
    result = subprocess.run(
        [*command, "--port", "0", "--port-file", str(port_file)],
        env={**os.environ, f"METASTORE_{name}": value},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert f"METASTORE_{name}" in result.stderr
    assert not port_file.exists()


def test_repeat_filter_reports_how_many_it_dropped() -> None:
    now = [0.0]
    repeats = RepeatFilter(interval_s=10, clock=lambda: now[0])

    def record(msg: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("svc", logging.WARNING, __file__, 1, msg, args, None)

    assert repeats.filter(record("commit failed: %s", "disk full"))
    assert not any(repeats.filter(record("commit failed: %s", "disk full")) for _ in range(5))
    assert repeats.filter(record("commit failed: %s", "timeout"))  # another message
    now[0] = 10.0
    after = record("commit failed: %s", "disk full")
    assert repeats.filter(after)
    assert after.__dict__["repeated"] == 5
    assert not repeats.filter(record("commit failed: %s", "disk full"))
