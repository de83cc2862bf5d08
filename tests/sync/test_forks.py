"""Forks (DESIGN section 12): chains of forks at random LSNs read exactly as a dict model says,
locally, on a lazy clone on another device and through the lite client."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from graft_client import Client, Volume
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, client_urls, lite_for, page

LAST_PAGE = 24
COMMITS = 6


@dataclass
class Model:
    """Each local LSN's (page count, written pages) of one volume, and its remote LSNs."""

    snapshots: dict[int, tuple[int, dict[int, bytes]]] = field(default_factory=dict)
    remote: dict[int, int] = field(default_factory=dict)  # local LSN -> remote LSN

    def pages(self, lsn: int) -> dict[int, bytes]:
        count, written = self.snapshots[lsn]
        return {
            idx: written.get(idx, EMPTY_PAGE) if idx <= count else EMPTY_PAGE
            for idx in range(1, LAST_PAGE + 1)
        }


def _commit_randomly(volume: Volume, model: Model, rng: random.Random, name: str) -> None:
    """Random commits (writes, now and then a truncate), each pushed or not."""
    lsn = volume.latest_lsn()
    count, written = model.snapshots[lsn]
    for step in range(COMMITS):
        written = dict(written)
        with volume.writer() as writer:
            if rng.random() < 0.3:
                count = rng.randrange(0, max(1, count))
                writer.truncate(count)
                written = {idx: data for idx, data in written.items() if idx <= count}
            for _ in range(rng.randrange(1, 5)):
                idx = rng.randrange(1, LAST_PAGE + 1)
                data = page(f"{name} {step} {idx}")
                writer.write(idx, data)
                written[idx] = data
                count = max(count, idx)
        lsn = volume.latest_lsn()
        model.snapshots[lsn] = (count, written)
        if rng.random() < 0.6 or step == COMMITS - 1:
            remote = volume.push()
            assert remote is not None
            model.remote[lsn] = remote


def _check_every_lsn(volume: Volume, model: Model) -> None:
    for lsn in model.snapshots:
        with volume.reader(lsn) as reader:
            got = {idx: reader.read(idx) for idx in range(1, LAST_PAGE + 1)}
        assert got == model.pages(lsn), f"{volume.vid} at local LSN {lsn}"


def test_fork_chain_reads_as_model(cluster: Cluster, tmp_path: Path) -> None:
    rng = random.Random(17)
    models: dict[VolumeId, Model] = {}
    with client_for(cluster, tmp_path / "owner") as client:
        root = client.create_volume()
        models[root.vid] = Model({0: (0, {})})
        _commit_randomly(root, models[root.vid], rng, "root")
        del models[root.vid].snapshots[0]
        volumes = [root]
        for depth in range(3):
            parent = volumes[-1]
            parent_model = models[parent.vid]
            at = rng.choice(sorted(parent_model.remote))
            fork = parent.fork(at)
            assert fork.origin == (parent.vid, parent_model.remote[at])
            models[fork.vid] = Model({1: parent_model.snapshots[at]}, {1: 1})
            _check_every_lsn(fork, models[fork.vid])  # before it writes anything
            _commit_randomly(fork, models[fork.vid], rng, f"fork{depth}")
            volumes.append(fork)
        # The parents wrote on after being forked: the forks still read their origins.
        _commit_randomly(root, models[root.vid], rng, "root again")
        for volume in volumes:
            _check_every_lsn(volume, models[volume.vid])

    with client_for(cluster, tmp_path / "other") as other:
        for volume in volumes[1:]:
            model = models[volume.vid]
            clone = other.open_volume(volume.vid)  # lazy: pages are fetched on first read
            latest = max(model.remote)
            with clone.reader() as reader:
                got = {idx: reader.read(idx) for idx in range(1, LAST_PAGE + 1)}
            assert got == model.pages(latest), f"clone of {volume.vid}"
            assert clone.stats().pages_fetched > 0

    with lite_for(cluster) as lite:
        for volume in volumes:
            model = models[volume.vid]
            for lsn, remote in model.remote.items():
                got = lite.read_many(volume.vid, range(1, LAST_PAGE + 1), remote)
                assert got == model.pages(lsn), f"lite {volume.vid} at remote LSN {remote}"


def test_a_fork_reads_its_origin_after_the_parent_is_cloned_anew(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A parent deleted and cloned again numbers its local LSNs anew: the fork must not read
    the parent's new local LSN 1 (its latest) as the origin (remote LSN 1)."""
    with client_for(cluster, tmp_path / "a") as client:
        parent = client.create_volume()
        for n in range(3):
            with parent.writer() as writer:
                writer.write(1, page(f"parent {n}"))
            parent.push()
        fork = parent.fork(1)
        client.delete_volume(parent.vid)
        again = client.open_volume(parent.vid)
        assert again.latest_lsn() == 1
        with fork.reader() as reader:
            assert reader.read(1) == page("parent 0")


def test_fetch_all_hydrates_the_pages_a_clone_of_a_fork_inherits(
    cluster: Cluster, tmp_path: Path
) -> None:
    with client_for(cluster, tmp_path / "a") as client:
        parent = client.create_volume()
        with parent.writer() as writer:
            for idx in range(1, 11):
                writer.write(idx, page(f"parent {idx}"))
        parent.push()
        fork = parent.fork()
        with fork.writer() as writer:
            writer.write(2, page("fork 2"))
        fork.push()
        expected = {idx: page(f"parent {idx}") for idx in range(1, 11)} | {2: page("fork 2")}
    with client_for(cluster, tmp_path / "b") as other:
        clone = other.open_volume(fork.vid)
        assert clone.fetch_all() == 10
        fetched = clone.stats().pages_fetched
        with clone.reader() as reader:
            assert {idx: reader.read(idx) for idx in range(1, 11)} == expected
        assert clone.stats().pages_fetched == fetched  # nothing left to fetch


def test_local_reclaim_keeps_the_parent_snapshot_a_fork_reads(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The fork reads its origin from the parent's local versions, which reclaim keeps: no
    page is fetched from the servers, however far the parent's retention moved on."""
    metastore, pagestore = client_urls(cluster)
    with Client(tmp_path / "a", metastore=metastore, pagestore=pagestore, keep_commits=1) as client:
        parent = client.create_volume()
        for n in range(3):
            with parent.writer() as writer:
                writer.write(1 + n, page(f"parent {n}"))
                writer.write(9, page(f"parent {n} on 9"))
            parent.push()
        fork = parent.fork(2)
        for n in range(3, 8):
            with parent.writer() as writer:
                writer.write(9, page(f"parent {n} on 9"))
        client.compact()
        # keep_commits=1 would keep LSN 8 alone: the fork pins LSN 2 (and the versions it reads)
        assert parent.log()[0].lsn == 2 and parent.latest_lsn() == 8
        with fork.reader() as reader:
            assert reader.read(9) == page("parent 1 on 9")
            assert [reader.read(idx) for idx in (1, 2, 3)] == [
                page("parent 0"),
                page("parent 1"),
                EMPTY_PAGE,
            ]
        assert fork.stats().pages_fetched == 0
