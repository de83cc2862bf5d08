"""A call that never reached the owner (it went away first) did nothing there: it runs again at
the next owner, even a commit, which is not run twice otherwise. Before, a COMMIT issued just
after the owner died failed as "its outcome is unknown" and SQLite rolled the transaction back
(seen in 3 of 15 runs of an outside test that killed the owner before an attached COMMIT)."""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client
from graft_client.shared.link import OwnerLink, connect
from graft_client.shared.server import OwnerServer, Reply
from graft_client.shared.wire import NotSentError, address
from tests.support.polling import wait_until


def test_a_call_on_a_link_whose_owner_closed_says_it_was_not_sent() -> None:
    here, there = socket.socketpair()
    lost: list[OwnerLink] = []
    link = OwnerLink(here, lost.append, Path("/nowhere"))
    there.close()
    try:
        with pytest.raises(NotSentError):
            link.call("commit", b"vid")
        assert link.lost and lost == [link]
    finally:
        link.close()


def test_a_commit_sent_after_the_owner_went_away_lands_at_the_next_owner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The attached process has not noticed the owner going (its link's watcher is slow):
    # the commit is the first to find out, as it sends.
    monkeypatch.setattr(OwnerLink, "_watch", lambda link: None)
    owner = Client(tmp_path)
    vid = owner.create_volume().vid
    with Client(tmp_path) as attached:
        writer = attached.local_volume(vid).writer()
        writer.write(1, b"\x01" * 4096)
        owner.close()
        writer.commit()
        assert attached.is_owner
        with attached.local_volume(vid).reader() as reader:
            assert reader.snapshot is not None and reader.snapshot.lsn == 1
            assert reader.read(1) == b"\x01" * 4096


def test_a_request_that_comes_as_the_owner_closes_is_not_run_and_says_so(tmp_path: Path) -> None:
    """Before, the closing owner ran it while it dropped the connections: a commit could land
    with its answer lost ("outcome unknown"), seen on clean stops of ``graft daemon``."""
    ran: list[str] = []
    holding, release = threading.Event(), threading.Event()

    def handle(reply: Reply, op: str, args: list[Any]) -> Any:
        ran.append(op)
        if op == "hold":  # the request the closing owner waits for
            holding.set()
            release.wait(30)
        return op

    server = OwnerServer(address(tmp_path), handle, lambda conn: None, lambda op, args: False)
    links = []
    for _ in range(2):
        sock = connect(address(tmp_path), tmp_path)
        assert sock is not None
        links.append(OwnerLink(sock, lambda link: None, tmp_path))
    held = threading.Thread(target=links[0].call, args=("hold",))
    held.start()
    holding.wait(30)
    closing = threading.Thread(target=server.close)
    closing.start()
    wait_until(lambda: server._closed or None, 30, "the server closing")
    try:
        with pytest.raises(NotSentError):
            links[1].call("commit")
    finally:
        release.set()
        held.join(30)
        closing.join(30)
        for link in links:
            link.close()
    assert ran == ["hold"]
