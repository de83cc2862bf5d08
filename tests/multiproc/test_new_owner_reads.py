"""After the owner goes away, the processes still attached read what the last owner's commits
wrote, not older versions their secondaries had read (a new owner opens the database again, and
a secondary cannot follow that reopen: ``LocalDB.catch_up``). Before, a SQLite commit built on
such a stale page wrote it back over the acknowledged rows after it."""

from __future__ import annotations

import multiprocessing as mp
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client


def _page(text: str) -> bytes:
    return text.encode().ljust(4096, b"\0")


def _serve(data_dir: str, vid: str, orders: Connection) -> None:
    """Runs the test's orders in this process: ("write", idx, text), ("read", idx), ("close",)."""
    with Client(data_dir) as client:
        volume = client.local_volume(vid)
        orders.send(client.is_owner)
        while True:
            order: Any = orders.recv()
            if order[0] == "close":
                break
            if order[0] == "write":
                with volume.writer() as writer:
                    writer.write(order[1], _page(order[2]))
                orders.send(None)
            else:
                with volume.reader() as reader:
                    orders.send(reader.read(order[1]).rstrip(b"\0").decode())
    orders.send(None)


@pytest.mark.parametrize("owner_leaves", ["closes", "is killed"])
def test_processes_attached_across_a_takeover_read_the_newest_pages(
    tmp_path: Path, owner_leaves: str
) -> None:
    with Client(tmp_path) as client:
        vid = str(client.create_volume().vid)
    ctx = mp.get_context("spawn")
    procs, links = [], []
    for _ in range(3):  # the owner, then two attached
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(str(tmp_path), vid, theirs), daemon=True)
        proc.start()
        procs.append(proc)
        links.append(mine)
        assert links[-1].recv() is (len(links) == 1)

    def ask(n: int, *order: object) -> Any:
        links[n].send(order)
        return links[n].recv()

    try:
        ask(1, "write", 2, "old")
        assert ask(1, "read", 2) == "old"  # the secondary of 1 holds this version
        ask(2, "write", 2, "new")
        for n in range(3):
            ask(2, "write", 1, f"x{n}")
        assert ask(1, "read", 2) == "new"
        if owner_leaves == "closes":
            ask(0, "close")
        else:
            procs[0].kill()
        procs[0].join(30)
        for n in range(3):  # a takeover; commits of the new owner and of the one attached
            for writer in (1, 2):
                ask(writer, "write", 1, f"y{n}")
                assert [ask(reader, "read", 2) for reader in (1, 2)] == ["new", "new"]
    finally:
        for n in (1, 2):
            links[n].send(("close",))
        for proc in procs:
            proc.join(30)
            if proc.is_alive():
                proc.kill()
