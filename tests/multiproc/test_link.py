"""OwnerLink over a real socket, with a scripted owner at the other end: calls read their own
answers (no thread in between), any number of threads share the link, and a link nobody calls
on still notices its owner going away."""

from __future__ import annotations

import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from graft_client.shared import link as link_module
from graft_client.shared.link import OwnerLink
from graft_client.shared.wire import ConnectionLost, FrameReader, send_frame
from graft_core.errors import StorageUnavailableError
from tests.support.polling import wait_until

Answer = Callable[[list[Any]], list[list[Any]]]  # the requests so far -> answers to send


@contextmanager
def scripted_owner(
    answer: Answer, wrap: Callable[[socket.socket], Any] = lambda sock: sock
) -> Iterator[tuple[OwnerLink, socket.socket, list[int]]]:
    """A link (on ``wrap(its socket)``) whose owner is a thread answering as ``answer`` says;
    the owner's socket, and how many times the link said it was lost."""
    here, there = socket.socketpair()
    lost: list[int] = []
    requests: list[Any] = []

    def serve() -> None:
        frames = FrameReader(there)
        try:
            while True:
                requests.append(frames.next())
                for reply in answer(requests):
                    send_frame(there, reply)
        except (ConnectionLost, OSError):
            pass

    owner = threading.Thread(target=serve, daemon=True)
    owner.start()
    link = OwnerLink(wrap(here), lambda _: lost.append(1), Path("/nowhere"))
    try:
        yield link, there, lost
    finally:
        link.close()
        there.close()
        owner.join(10)


def echo(requests: list[Any]) -> list[list[Any]]:
    request_id, op, args = requests[-1]
    return [[request_id, True, [op, *args]]]


def test_a_call_reads_its_own_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    readers: list[threading.Thread] = []

    class Traced(FrameReader):
        __slots__ = ()

        def read(self) -> list[Any]:
            readers.append(threading.current_thread())
            return super().read()

    monkeypatch.setattr(link_module, "FrameReader", Traced)
    with scripted_owner(echo) as (link, _, _):
        assert link.call("mark", 1) == ["mark", 1]
        assert readers[0] is threading.current_thread()


def test_threads_sharing_a_link_each_get_their_own_answer() -> None:
    def in_reverse(requests: list[Any]) -> list[list[Any]]:
        # Answers in batches of 4, last asked first: each reader answers others on the way.
        if len(requests) % 4:
            return []
        return [[rid, True, [op, *args]] for rid, op, args in reversed(requests[-4:])]

    with scripted_owner(in_reverse) as (link, _, _):
        found: dict[int, list[Any]] = {}

        def caller(n: int) -> None:
            found[n] = [link.call("mark", n, k) for k in range(25)]

        threads = [threading.Thread(target=caller, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert found == {n: [["mark", n, k] for k in range(25)] for n in range(4)}


def test_an_idle_link_notices_its_owner_going_away() -> None:
    with scripted_owner(echo) as (link, there, lost):
        assert link.call("mark") == ["mark"]
        there.shutdown(socket.SHUT_RDWR)
        wait_until(lambda: lost or None, 10, "the link to see its owner go")
        assert link.lost and lost == [1]
        with pytest.raises(StorageUnavailableError):
            link.call("mark")


def test_calls_in_flight_when_the_owner_goes_fail_and_the_loss_is_told_once() -> None:
    asked = threading.Semaphore(0)

    def never(requests: list[Any]) -> list[list[Any]]:
        asked.release()
        return []

    with scripted_owner(never) as (link, there, lost):
        failed: list[BaseException] = []

        def caller() -> None:
            try:
                link.call("pull")
            except StorageUnavailableError as exc:
                failed.append(exc)

        threads = [threading.Thread(target=caller) for _ in range(3)]
        for thread in threads:
            thread.start()
        for _ in threads:
            assert asked.acquire(timeout=10)
        there.shutdown(socket.SHUT_RDWR)
        for thread in threads:
            thread.join(10)
        assert len(failed) == 3
        assert lost == [1]


def test_releases_sent_soon_go_with_the_next_request_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(link_module, "SOON_S", 30.0)
    seen: list[Any] = []

    def record(requests: list[Any]) -> list[list[Any]]:
        seen.append(requests[-1])
        return echo(requests) if requests[-1][0] else []

    with scripted_owner(record) as (link, _, _):
        link.notify_soon("unpin", 1)
        link.notify_soon("unpin", 2)
        assert link.call("mark") == ["mark"]  # answered after the owner read both releases
        assert [op for _, op, _ in seen] == ["unpin", "unpin", "mark"]
        assert [args for _, _, args in seen[:2]] == [[1], [2]]


def test_releases_sent_soon_reach_an_idle_owner_within_soon_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(link_module, "SOON_S", 0.01)
    seen: list[Any] = []

    def record(requests: list[Any]) -> list[list[Any]]:
        seen.append(requests[-1])
        return []

    with scripted_owner(record) as (link, _, _):
        link.notify_soon("unpin", 1)
        wait_until(lambda: seen or None, 10, "the release to reach the owner")
        link.notify_soon("unpin", 2)  # a second round: the flusher waits again
        wait_until(lambda: len(seen) == 2 or None, 10, "the second release")
        assert [args for _, _, args in seen] == [[1], [2]]


def test_a_closed_link_leaves_no_thread_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "SOON_S", 0.1)
    before = threading.active_count()
    with scripted_owner(echo) as (link, _, _):
        link.notify_soon("unpin", 1)
        # The link closes while its flusher waits to send that release.
        wait_until(lambda: link._flush_wanted.locked() or None, 10, "the flusher to wait")
    wait_until(lambda: threading.active_count() == before or None, 10, "the link's threads to end")


class _Silent:
    """An owner that answers nothing by itself: the test sends the answers (``requests`` are
    those it read so far)."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    def __call__(self, requests: list[Any]) -> list[list[Any]]:
        self.requests = list(requests)
        return []

    def id_of(self, op: str) -> int:
        wait_until(lambda: any(r[1] == op for r in self.requests) or None, 10, f"{op} sent")
        found: int = next(r[0] for r in self.requests if r[1] == op)
        return found


def _call_in_thread(link: OwnerLink, op: str) -> tuple[threading.Thread, list[Any]]:
    got: list[Any] = []
    thread = threading.Thread(target=lambda: got.append(link.call(op)), daemon=True)
    thread.start()
    return thread, got


def _ctrl_c() -> None:
    """SIGINT to the main thread, as a Ctrl-C (from another thread: the main one waits)."""
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def test_a_call_interrupted_while_it_reads_hands_the_socket_to_a_waiting_one() -> None:
    owner = _Silent()
    with scripted_owner(owner) as (link, there, _):

        def then() -> None:
            owner.id_of("first")  # this thread's call, sent first: it reads the socket
            other, got = _call_in_thread(link, "second")
            second = owner.id_of("second")
            wait_until(lambda: len(link._calls) == 2 or None, 10, "both calls waiting")
            _ctrl_c()
            orchestra.append((other, got, second))

        orchestra: list[Any] = []
        threading.Thread(target=then, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            link.call("first")
        wait_until(lambda: orchestra or None, 10, "the second call")
        other, got, second = orchestra[0]
        send_frame(there, [second, True, "second's answer"])
        other.join(10)
        assert got == ["second's answer"]  # before: it slept, its turn given to the first


class _CtrlCAsBytesArrive:
    """A socket that, once ``armed``, takes a Ctrl-C right after a ``recv`` brought bytes:
    the interrupt comes as an answer has left the socket and not yet reached its call."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self.armed = False

    def recv(self, size: int) -> bytes:
        data = self._sock.recv(size)
        if data and self.armed:
            self.armed = False
            signal.raise_signal(signal.SIGINT)
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def test_an_answer_read_as_ctrl_c_comes_still_reaches_its_call() -> None:
    owner, wrapped = _Silent(), []

    def wrap(sock: socket.socket) -> _CtrlCAsBytesArrive:
        wrapped.append(_CtrlCAsBytesArrive(sock))
        return wrapped[0]

    with scripted_owner(owner, wrap) as (link, there, _):

        def then() -> None:
            owner.id_of("first")
            other, got = _call_in_thread(link, "second")
            second = owner.id_of("second")
            wait_until(lambda: len(link._calls) == 2 or None, 10, "both calls waiting")
            wrapped[0].armed = True
            orchestra.append((other, got))
            send_frame(there, [second, True, "second's answer"])  # the first call reads it

        orchestra: list[Any] = []
        threading.Thread(target=then, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            link.call("first")
        wait_until(lambda: orchestra or None, 10, "the second call")
        other, got = orchestra[0]
        other.join(10)
        assert got == ["second's answer"]  # before: lost with the interrupt
