"""Two metastores and two pagestores over one S3 bucket, clients spread across the nodes.

Client threads commit and push to shared volumes (racing for LSNs, resetting and retrying when
they lose) and to private ones, and read through both kinds of client, while a ``History``
records every operation. Afterwards each node's view of every volume must be the same log, the
history must be linearizable against it with nothing lost or duplicated, and every page at every
LSN must read the same through either node, equal to what the winning commits wrote.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from graft_client import Volume
from graft_core.errors import CommitRejectedError, GraftError, VolumeNotFoundError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE
from tests.pagestore.cluster import Cluster, running_cluster
from tests.scaleout.history import History, check
from tests.support.moto import MotoS3
from tests.sync.support import client_for, lite_for, page, remote_lsns

CLIENTS = 4
ROUNDS = 5
SHARED_VOLUMES = 2
PAGES = 8  # each commit writes page 1 (its token) and one more page of 2..PAGES
ATTEMPTS = 20  # per commit: lost races reset and retry


@dataclass
class Node:
    """A metastore/pagestore pair a client talks to (possibly the pagestore of the other node)."""

    name: str
    servers: Cluster


@pytest.fixture(scope="module")
def nodes(tmp_path_factory: pytest.TempPathFactory, moto_s3: MotoS3) -> Iterator[list[Node]]:
    """Node 1 and node 2 over one bucket, plus the two crossed pairs (m1+p2, m2+p1)."""
    tmp = tmp_path_factory.mktemp("scaleout")
    bucket = moto_s3.make_bucket(f"scaleout-{secrets.token_hex(4)}")
    meta = ["--store", f"{bucket}/metastore"]
    with (
        running_cluster(
            tmp / "n1", store=f"{bucket}/segments", metastore_args=meta, env=moto_s3.env
        ) as one,
        running_cluster(
            tmp / "n2", store=f"{bucket}/segments", metastore_args=meta, env=moto_s3.env
        ) as two,
    ):
        yield [
            Node("m1+p1", one),
            Node("m2+p2", two),
            Node("m1+p2", Cluster(one.metastore, two.pagestore)),
            Node("m2+p1", Cluster(two.metastore, one.pagestore)),
        ]


def token_of(data: bytes) -> str | None:
    return None if data == EMPTY_PAGE else data.rstrip(b".").decode()


class Worker:
    """One client (own data dir) and one lite client on one node pair, recording everything."""

    def __init__(self, index: int, node: Node, data_dir: Path, history: History) -> None:
        self.name = f"client{index}"
        self.node = node
        self.history = history
        self.client = client_for(node.servers, data_dir / self.name)
        self.lite = lite_for(node.servers)
        self.written: dict[str, dict[int, bytes]] = {}
        self._made = 0

    def pull(self, volume: Volume) -> None:
        """Pull, recorded as a read of the remote state it brought."""
        with self.history.read(str(volume.vid), self.name, self.node.name) as op:
            volume.pull()
            snapshot = volume.snapshot()
            if snapshot is None or snapshot.remote_lsn is None:
                op.ok(0, None)  # nothing committed remotely yet
            else:
                with volume.reader() as reader:
                    op.ok(snapshot.remote_lsn, token_of(reader.read(1)))

    def read(self, vid: VolumeId) -> None:
        """A stateless read through this node: the latest LSN and the token there."""
        with self.history.read(str(vid), self.name, self.node.name) as op:
            try:
                lsn = self.lite.snapshot(vid).lsn
            except VolumeNotFoundError:
                op.ok(0, None)
            else:
                op.ok(lsn, token_of(self.lite.read(vid, 1, lsn)))

    def write(self, volume: Volume) -> str:
        """One local commit of page 1 (a fresh token) and one other page; returns the token."""
        self._made += 1
        token = f"{self.name} commit {self._made}"
        pages = {1: page(token), 2 + self._made % (PAGES - 1): page(f"{token} page")}
        with volume.writer() as writer:
            for idx, data in pages.items():
                writer.write(idx, data)
        self.written[token] = pages
        return token

    def push(self, volume: Volume, token: str) -> bool:
        """Push the commit of ``token``; True if it won an LSN. A lost race resets to remote."""
        snapshot = volume.snapshot()
        assert snapshot is not None
        base = snapshot.remote_lsn or 0
        # Any other error leaves the commit recorded as unknown: it may or may not have landed.
        with (
            contextlib.suppress(GraftError),
            self.history.commit(str(volume.vid), self.name, self.node.name, base, token) as op,
        ):
            try:
                lsn = volume.push()
            except CommitRejectedError:
                op.fail()
            else:
                assert lsn is not None, "a local commit was waiting to be pushed"
                op.ok(lsn)
        if op.outcome == "ok":
            return True
        volume.reset_to_remote()
        return False

    def commit(self, volume: Volume, before_push: threading.Barrier | None = None) -> None:
        """Commit until one push wins an LSN; ``before_push`` lines up the first attempt."""
        for _ in range(ATTEMPTS):
            self.pull(volume)
            token = self.write(volume)
            if before_push is not None:
                before_push.wait(timeout=30)
                before_push = None
            if self.push(volume, token):
                return
        raise AssertionError(f"{self.name} lost {ATTEMPTS} races in a row on {volume.vid}")

    def run(self, shared: list[VolumeId], race: threading.Barrier) -> VolumeId:
        """The workload; returns the id of this client's private volume."""
        private = self.client.create_volume()
        volumes = [*(self.client.open_volume(vid) for vid in shared), private]
        for round_ in range(ROUNDS):
            for volume in volumes:
                # Round 0 starts with every client pushing to one LSN of the first shared volume.
                self.commit(volume, race if round_ == 0 and volume is volumes[0] else None)
                self.read(volume.vid)
        return private.vid

    def close(self) -> None:
        self.lite.close()
        self.client.close()


@pytest.fixture
def workers(nodes: list[Node], tmp_path: Path) -> Iterator[list[Worker]]:
    history = History()
    made: list[Worker] = []
    try:
        for index in range(CLIENTS):
            made.append(Worker(index, nodes[index % len(nodes)], tmp_path, history))
        yield made
    finally:
        for worker in made:
            worker.close()


def final_log(
    nodes: list[Node], vid: VolumeId, written: dict[str, dict[int, bytes]]
) -> dict[int, str]:
    """LSN -> token of ``vid``, after checking both nodes serve the same pages at every LSN."""
    lsns = remote_lsns(nodes[0].servers, vid)
    assert remote_lsns(nodes[1].servers, vid) == lsns, "the metastores disagree on the log"
    log: dict[int, str] = {}
    state: dict[int, bytes] = {}
    with lite_for(nodes[0].servers) as one, lite_for(nodes[1].servers) as two:
        for lsn in lsns:
            pages = one.read_many(vid, range(1, PAGES + 1), lsn)
            assert two.read_many(vid, range(1, PAGES + 1), lsn) == pages, f"LSN {lsn} differs"
            token = token_of(pages[1])
            assert token is not None, f"LSN {lsn} of {vid} has no token on page 1"
            log[lsn] = token
            state.update(written.get(token, {}))  # a token nobody wrote fails the history check
            assert pages == {idx: state.get(idx, EMPTY_PAGE) for idx in range(1, PAGES + 1)}
    return log


def test_clients_on_two_nodes_agree_on_every_commit(
    nodes: list[Node], workers: list[Worker]
) -> None:
    first = workers[0]
    shared = [first.client.create_volume() for _ in range(SHARED_VOLUMES)]
    for volume in shared:
        first.commit(volume)
    race = threading.Barrier(CLIENTS)
    with ThreadPoolExecutor(CLIENTS) as pool:
        running = [pool.submit(w.run, [v.vid for v in shared], race) for w in workers]
        private = [future.result(timeout=120) for future in running]

    written = {token: pages for w in workers for token, pages in w.written.items()}
    vids = [*(v.vid for v in shared), *private]
    logs = {str(vid): final_log(nodes, vid, written) for vid in vids}
    ops = first.history.ops
    assert check(ops, logs) == []

    commits = [op for op in ops if op.kind == "commit"]
    raced = [op for op in commits if op.vid == str(shared[0].vid) and op.outcome == "fail"]
    assert len(raced) >= CLIENTS - 1, "the lined-up pushes did not race for one LSN"
    for volume in shared:
        winners = {
            op.node[:2] for op in commits if op.vid == str(volume.vid) and op.outcome == "ok"
        }
        assert winners == {"m1", "m2"}, "both metastores acknowledged commits to a shared volume"
    outcomes = [op.outcome for op in commits]
    print(
        f"{len(ops)} ops: {outcomes.count('ok')} commits won, {outcomes.count('fail')} rejected, "
        f"{outcomes.count('unknown')} unknown, {len(ops) - len(commits)} reads; "
        f"{sum(len(log) for log in logs.values())} LSNs in {len(logs)} volumes"
    )
