"""Tags, forks, reverts and diffs from an attached process act as from the owner (issues 16
and 17): its changes go to the owner, and it reads a fork's inherited pages right even while
its secondary instance lags behind the owner."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.storage.db import LocalDB
from graft_client.storage.records import OriginRecord
from graft_core.ids import VolumeId
from tests.cli.runner import ok, ok_json, servers_env
from tests.multiproc.conftest import running_daemon
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, page, write_pages

PAGES = 6


@pytest.fixture
def pair(cluster: Cluster, tmp_path: Path) -> Iterator[tuple[Client, Client]]:
    """The owner of a data dir and a client attached to it over the owner's socket."""
    with client_for(cluster, tmp_path) as owner, client_for(cluster, tmp_path) as attached:
        assert owner.is_owner and not attached.is_owner
        yield owner, attached


def test_tags_set_in_an_attached_process_name_volumes_for_every_process(
    pair: tuple[Client, Client],
) -> None:
    owner, attached = pair
    volume = attached.create_volume()
    attached.tag("notes", volume.vid)
    assert owner.resolve("notes") == volume.vid
    assert attached.tags() == {"notes": volume.vid}
    owner.tag("moved", volume.vid)
    assert attached.resolve("moved") == volume.vid  # read after the owner wrote it
    assert attached.untag("notes") == volume.vid
    assert owner.tags() == {"moved": volume.vid}


def test_an_attached_process_forks_reverts_and_diffs(pair: tuple[Client, Client]) -> None:
    owner, attached = pair
    parent = attached.create_volume()
    write_pages(parent, {idx: page(f"p{idx}") for idx in range(1, PAGES + 1)})
    write_pages(parent, {2: page("p2 again")})
    parent.push()
    fork = parent.fork()
    assert owner.local_volume(fork.vid).origin == (parent.vid, 1)
    write_pages(fork, {1: page("f1")})
    with fork.reader() as reader:
        assert reader.read(1) == page("f1")
        assert [reader.read(idx) for idx in range(2, PAGES + 1)] == [
            page("p2 again"),
            *(page(f"p{idx}") for idx in range(3, PAGES + 1)),
        ]
    assert list(parent.changes(1, 2)) == [2]
    assert parent.revert_to(1) is not None
    with owner.local_volume(parent.vid).reader() as reader:
        assert reader.read(2) == page("p2")


def test_an_attached_reader_behind_the_owner_reads_a_forks_inherited_pages(
    pair: tuple[Client, Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, attached = pair
    parent = owner.create_volume()
    write_pages(parent, {idx: page(f"p{idx}") for idx in range(1, PAGES + 1)})
    parent.push()
    fork = owner.local_volume(parent.vid).fork()
    behind = attached.local_volume(fork.vid)
    # The owner commits to the fork after the attached reader learnt the origin (its last
    # catch-up) and before it pins: its secondary lacks the snapshot it reads, every time.
    learn = attached.state.origin

    def then_commit(vid: VolumeId) -> OriginRecord | None:
        found = learn(vid)
        write_pages(fork, {PAGES + 1: page("new")})
        return found

    monkeypatch.setattr(attached.state, "origin", then_commit)
    with behind.reader() as reader:
        assert reader.snapshot is not None and reader.snapshot.lsn == 2
        assert [reader.read(idx) for idx in range(1, PAGES + 2)] == [
            *(page(f"p{idx}") for idx in range(1, PAGES + 1)),
            page("new"),
        ]


def test_an_attached_process_reads_a_cloned_fork_from_the_servers(
    cluster: Cluster, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "a") as a:
        parent = a.create_volume()
        write_pages(parent, {idx: page(f"p{idx}") for idx in range(1, PAGES + 1)})
        parent.push()
        vid = parent.fork().vid
    with client_for(cluster, tmp_path / "b") as owner, client_for(cluster, tmp_path / "b") as b:
        clone = b.open_volume(vid)  # its parent is not on this device: read from the servers
        with clone.reader() as reader:
            assert [reader.read(idx) for idx in range(1, PAGES + 1)] == [
                page(f"p{idx}") for idx in range(1, PAGES + 1)
            ]
        assert owner.local_volume(vid).checksum() == clone.checksum()
        assert clone.fetch_all() == 0  # the owner stored what it fetched for the reader


def test_an_attached_process_reads_a_lazy_clone_page_by_page(
    cluster: Cluster, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "a") as a:
        volume = a.create_volume()
        write_pages(volume, {idx: page(f"p{idx}") for idx in range(1, PAGES + 1)})
        volume.push()
    with client_for(cluster, tmp_path / "b") as owner, client_for(cluster, tmp_path / "b") as b:
        clone = b.open_volume(volume.vid)
        with clone.reader() as reader:  # the first fetch brings its neighbours too
            assert [reader.read(idx) for idx in range(1, PAGES + 1)] == [
                page(f"p{idx}") for idx in range(1, PAGES + 1)
            ]
        assert owner.local_volume(volume.vid).missing_pages() == 0


def test_tag_fork_diff_and_revert_commands_while_the_daemon_runs(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    device = tmp_path / "device"
    with running_daemon(device, env):
        vid = ok("volume", "create", data_dir=device, env=env).decode().strip()
        ok("tag", "set", "notes", vid, data_dir=device, env=env)
        ok("write", "notes", "1", "--fill", "0x41", data_dir=device, env=env)
        ok("write", "notes", "1", "--fill", "0x42", data_dir=device, env=env)
        assert ok_json("diff", "notes", "1", "2", data_dir=device, env=env)["ranges"] == [[1, 1]]
        assert ok_json("revert", "notes", "--lsn", "1", data_dir=device, env=env)["lsn"] == 3
        ok("push", "notes", data_dir=device, env=env)
        fork = ok_json("fork", "notes", "--tag", "try", data_dir=device, env=env)
        assert ok("read", "try", "1", data_dir=device, env=env) == b"A" * 4096
        tags = {t["tag"]: t["vid"] for t in ok_json("tag", "list", data_dir=device, env=env)}
        assert tags == {"notes": vid, "try": fork["vid"]}
    with Client(device) as client:  # what the daemon stored for the commands
        pushed = client.local_volume("notes").snapshot()
        assert pushed is not None and pushed.remote is not None and pushed.lsn == 3
        assert client.local_volume("try").origin == (VolumeId.parse(vid), pushed.remote.remote_lsn)


def test_readers_of_an_attached_process_do_not_wait_for_a_catch_up_each(
    pair: tuple[Client, Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every reader looked its volume's fork origin up in the secondary, which first caught up
    with the owner (milliseconds, in the reader's thread): a one-page commit from an attached
    process took 10x one from the owner (benchmarks/multiprocess.py). Once a volume has a
    snapshot its origin is final and is looked up once."""
    _, attached = pair
    here = threading.get_ident()
    waited: list[int] = []
    real_catch_up = LocalDB.catch_up

    def counted(db: LocalDB) -> bool:
        if threading.get_ident() == here:
            waited.append(1)
        return real_catch_up(db)

    monkeypatch.setattr(LocalDB, "catch_up", counted)
    volume = attached.create_volume()
    for n in range(20):
        write_pages(volume, {1: page(f"commit {n}")})
    assert len(waited) <= 3, f"{len(waited)} catch-ups in the writing thread for 20 commits"
    with volume.reader() as reader:
        assert reader.read(1) == page("commit 19")
