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
from graft_client.shared.state import ATTACHED_DIR
from tests.sqlite.support import Device


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


def test_secondaries_left_behind_close_once_no_view_reads_them(
    pair: tuple[Device, Device],
) -> None:
    """A process attached through many takeovers opens a secondary at each: the ones behind
    close (and their directories go) once no open view reads them, but the newest."""
    owner, attached = pair
    vid = owner.client.create_volume().vid
    with owner.client.local_volume(vid).writer() as writer:
        writer.write(1, _page("one"))
    state = attached.client.state
    reader = attached.client.local_volume(vid).reader()
    assert reader.read(1) == _page("one")
    first = state.records().db
    for _ in range(5):
        state._follow_anew()  # as after a takeover
    kept = [db for db, _ in state._secondaries]
    assert len(kept) == 3 and kept[0] is first  # read by the reader; newest behind; current
    assert reader.read(1) == _page("one")
    reader.close()
    state._follow_anew()
    assert len(state._secondaries) == 2 and first not in [db for db, _ in state._secondaries]
    attached_dirs = {path for _, path in state._secondaries}
    assert set((attached.client.data_dir / ATTACHED_DIR).iterdir()) == attached_dirs
    with attached.client.local_volume(vid).reader() as again:
        assert again.read(1) == _page("one")
