"""SIGKILL during a commit stream, and many clients racing for the same LSNs."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from graft_core.errors import CommitRejectedError, GraftError
from graft_core.ids import ClientId, VolumeId
from graft_core.wire import PullCommitsRequest, PullCommitsResponse, SnapshotInfo
from tests.metastore.conftest import MetaClient, expect_error, metastore_command
from tests.support.servers import ServerProcess, running_server


def _all_commits(client: MetaClient, vid: VolumeId) -> list[int]:
    lsns: list[int] = []
    while True:
        start = len(lsns) + 1
        page = client.call(
            "pull_commits", PullCommitsRequest(vid=vid, start=start), PullCommitsResponse
        )
        if not page.commits:
            return lsns
        lsns += [c.lsn for c in page.commits]


def test_sigkill_during_commits_keeps_every_acknowledged_commit(tmp_path: Path) -> None:
    cmd = metastore_command(
        "--data-dir", str(tmp_path / "d"), "--segment-size", "8192", "--checkpoint-every", "50"
    )
    vids = [VolumeId.random() for _ in range(4)]
    # (vid, lsn) -> (cid, digest) of every commit the server acknowledged.
    acked: dict[tuple[VolumeId, int], tuple[ClientId, bytes]] = {}
    lock = threading.Lock()
    enough = threading.Event()

    def writer(url: str, vid: VolumeId, base: int | None, target: int) -> None:
        client = MetaClient(url)
        cid = ClientId.random()
        while True:
            digest = bytes(ClientId.random()) * 2
            try:
                snap = client.commit(vid, base, cid=cid, digest=digest)
            except (httpx.TransportError, GraftError):
                return
            with lock:
                acked[(vid, snap.lsn)] = (cid, digest)
                if len(acked) >= target:
                    enough.set()
            base = snap.lsn

    with running_server(cmd, tmp_path) as server:
        latest: dict[VolumeId, int] = dict.fromkeys(vids, 0)
        for round_ in range(1, 3):
            threads = [
                threading.Thread(
                    target=writer, args=(server.url, v, latest[v] or None, 150 * round_)
                )
                for v in vids
            ]
            for t in threads:
                t.start()
            assert enough.wait(timeout=60)
            server.kill()
            for t in threads:
                t.join(timeout=30)
            enough.clear()
            server.start()
            check = MetaClient(server.url)
            for vid in vids:
                lsns = _all_commits(check, vid)
                assert lsns == list(range(1, len(lsns) + 1)), "gap-free, no duplicates"
                assert all(lsn <= len(lsns) for v, lsn in acked if v == vid)
                latest[vid] = len(lsns)
            for (vid, lsn), (cid, digest) in acked.items():
                # The commit stored at an acknowledged LSN is exactly that commit.
                assert check.commit(vid, lsn - 1 or None, cid=cid, digest=digest).lsn == lsn


def test_racing_clients_exactly_one_wins_each_lsn(metastore: ServerProcess) -> None:
    vid = VolumeId.random()
    racers = 16
    winners: dict[int, list[int]] = {}

    def race(
        i: int, base: int | None, cid: ClientId, digest: bytes
    ) -> tuple[int, SnapshotInfo | None]:
        client = MetaClient(metastore.url)
        try:
            return i, client.commit(vid, base, cid=cid, digest=digest)
        except CommitRejectedError:
            return i, None
        finally:
            client.close()

    ids = [(ClientId.random(), bytes([i]) * 32) for i in range(racers)]
    base: int | None = None
    with ThreadPoolExecutor(racers) as pool:
        for _ in range(5):
            results = list(pool.map(race, range(racers), [base] * racers, *zip(*ids, strict=True)))
            won = [(i, s) for i, s in results if s is not None]
            assert len(won) == 1
            ((winner, snap),) = won
            assert snap is not None and snap.lsn == (base or 0) + 1
            winners[snap.lsn] = [winner]
            client = MetaClient(metastore.url)
            cid, digest = ids[winner]
            assert client.commit(vid, base, cid=cid, digest=digest) == snap
            loser = (winner + 1) % racers
            expect_error(
                CommitRejectedError,
                client.commit,
                vid,
                base,
                cid=ids[loser][0],
                digest=ids[loser][1],
            )
            base = snap.lsn
    assert sorted(winners) == [1, 2, 3, 4, 5]
