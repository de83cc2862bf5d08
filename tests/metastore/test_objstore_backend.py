"""The object-store backend: local files, and S3 on moto_server with two metastore processes."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from graft_core.errors import (
    CommitRejectedError,
    InvalidInputError,
    SnapshotNotFoundError,
    VolumeNotFoundError,
)
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import (
    CheckpointRequest,
    PullCommitsRequest,
    PullCommitsResponse,
    PullGraftRequest,
    PullGraftResponse,
    SegmentRef,
    SnapshotInfo,
    SnapshotRequest,
)
from metastore_server.objstore_backend import DEFAULT_CHECKPOINT_TTL, DEFAULT_POLL_INTERVAL
from tests.metastore.conftest import MetaClient, expect_error, metastore_command
from tests.support.faultproxy import Fault, FaultProxy, Rule
from tests.support.moto import MotoS3
from tests.support.receipts import signed
from tests.support.servers import ServerProcess, running_server

# Slack for scheduling and moto round trips on a loaded machine; still far below the deadlines.
_SLACK_S = 2.0


@pytest.fixture(scope="module")
def two_nodes(
    tmp_path_factory: pytest.TempPathFactory, moto_s3: MotoS3
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two metastore processes over one fresh moto bucket."""
    tmp = tmp_path_factory.mktemp("two-nodes")
    cmd = metastore_command("--store", moto_s3.make_bucket(f"meta-{secrets.token_hex(4)}"))
    with (
        running_server(cmd, tmp / "a", moto_s3.env) as a,
        running_server(cmd, tmp / "b", moto_s3.env) as b,
    ):
        yield a, b


def test_local_object_store_backend_survives_restart(tmp_path: Path) -> None:
    cmd = metastore_command("--store", str(tmp_path / "objects"))
    with running_server(cmd, tmp_path) as server:
        client = MetaClient(server.url)
        vid, cid = VolumeId.random(), ClientId.random()
        client.commit(vid, None, cid=cid, digest=b"a" * 32)
        client.commit(vid, 1, pages=(4,))
        server.kill()
        client = MetaClient(server.start())
        assert client.call("snapshot", SnapshotRequest(vid=vid), SnapshotInfo).page_count == 4
        assert client.commit(vid, None, cid=cid, digest=b"a" * 32).lsn == 1
        expect_error(CommitRejectedError, client.commit, vid, 1)
        assert (tmp_path / "objects" / "volumes" / str(vid) / "log" / f"{2:016x}").exists()


def test_two_metastores_on_one_bucket_never_both_win(
    two_nodes: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_nodes
    vid = VolumeId.random()
    wins: dict[int, list[str]] = {}
    lock = threading.Lock()

    def writer(name: str, url: str) -> None:
        client = MetaClient(url)
        for _ in range(12):
            try:
                latest = client.call("snapshot", SnapshotRequest(vid=vid), SnapshotInfo).lsn
            except VolumeNotFoundError:
                latest = 0
            try:
                snap = client.commit(vid, latest or None)
            except CommitRejectedError:
                continue
            with lock:
                wins.setdefault(snap.lsn, []).append(name)

    threads = [
        threading.Thread(target=writer, args=(f"{n}{i}", s.url))
        for n, s in (("a", a), ("b", b))
        for i in range(3)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert all(len(names) == 1 for names in wins.values()), wins
    commits = MetaClient(a.url).call(
        "pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse
    )
    lsns = [c.lsn for c in commits.commits]
    assert lsns == list(range(1, len(lsns) + 1))
    assert sorted(wins) == lsns


def test_long_poll_sees_a_commit_made_through_another_node(
    two_nodes: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_nodes
    vid = VolumeId.random()
    writer, reader = MetaClient(b.url), MetaClient(a.url)
    writer.commit(vid, None)
    # Node A learns the volume first, so its long-poll is parked before B's commit lands.
    assert reader.call("snapshot", SnapshotRequest(vid=vid), SnapshotInfo).lsn == 1

    started = time.monotonic()
    idle = reader.call(
        "pull_graft", PullGraftRequest(vid=vid, start=2, wait_ms=300), PullGraftResponse
    )
    assert time.monotonic() - started >= 0.3
    assert idle.snapshot is not None and idle.snapshot.lsn == 1 and not idle.graft

    sent = threading.Event()
    answered: list[tuple[float, PullGraftResponse]] = []

    def long_poll() -> None:
        hooks = {"request": [lambda _: sent.set()]}
        with httpx.Client(base_url=a.url, timeout=60.0, event_hooks=hooks) as http:
            client = MetaClient(a.url)
            client.http = http
            pulled = client.call(
                "pull_graft", PullGraftRequest(vid=vid, start=2, wait_ms=30_000), PullGraftResponse
            )
            answered.append((time.monotonic(), pulled))

    waiter = threading.Thread(target=long_poll)
    waiter.start()
    assert sent.wait(timeout=10)
    writer.commit(vid, 1, pages=(7,))
    committed = time.monotonic()
    waiter.join(timeout=40)
    ((at, pulled),) = answered
    latency = at - committed
    print(f"long-poll on node A answered {1000 * latency:.0f} ms after node B's commit")
    assert latency < DEFAULT_POLL_INTERVAL + _SLACK_S, "answered long before the 30 s deadline"
    assert pulled.snapshot is not None and pulled.snapshot.lsn == 2
    assert pulled.graft == Graft([7])


def test_checkpoint_through_another_node_is_honoured_within_the_ttl(
    two_nodes: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_nodes
    vid = VolumeId.random()
    writer, reader = MetaClient(b.url), MetaClient(a.url)
    for lsn in range(1, 4):
        writer.commit(vid, lsn - 1 or None, pages=(lsn,))
    below = SnapshotRequest(vid=vid, lsn=1)
    # Node A caches "no checkpoint" for this volume.
    assert reader.call("snapshot", below, SnapshotInfo).lsn == 1

    segs = signed(vid, [SegmentRef(SegmentId.random(), Graft([1, 2]))])
    writer.call("checkpoint", CheckpointRequest(vid=vid, lsn=2, segments=segs), SnapshotInfo)
    registered = time.monotonic()
    # Through the registering node the new horizon holds at once.
    expect_error(SnapshotNotFoundError, writer.call, "snapshot", below, SnapshotInfo)
    deadline = registered + DEFAULT_CHECKPOINT_TTL + _SLACK_S
    while True:
        try:
            reader.call("snapshot", below, SnapshotInfo)
        except SnapshotNotFoundError:
            break
        assert time.monotonic() < deadline, "node A still ignores the checkpoint after the TTL"
    print(f"node A honoured B's checkpoint after {1000 * (time.monotonic() - registered):.0f} ms")
    pulled = reader.call("pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse)
    assert pulled.checkpoint is not None and pulled.checkpoint.lsn == 2
    # B moves the horizon on; A's cache still says 2, but registering (2, segs) again through
    # A is judged against a fresh listing: below the current checkpoint, not a silent replay.
    writer.call("checkpoint", CheckpointRequest(vid=vid, lsn=3, segments=segs), SnapshotInfo)
    again = CheckpointRequest(vid=vid, lsn=2, segments=segs)
    expect_error(InvalidInputError, reader.call, "checkpoint", again, SnapshotInfo)


def test_commit_and_checkpoint_whose_store_answers_were_lost_are_answered_as_stored(
    tmp_path: Path, moto_s3: MotoS3
) -> None:
    """The store created the object, then its answers were lost (the first attempt's only, or
    every attempt's): the record holds this request, so the answer is success, not 503 or 409."""
    bucket = moto_s3.make_bucket(f"lost-{secrets.token_hex(4)}")
    with FaultProxy(moto_s3.endpoint) as proxy:
        env = dict(moto_s3.env, AWS_ENDPOINT_URL=proxy.url)
        with running_server(metastore_command("--store", bucket), tmp_path, env) as server:
            client, vid = MetaClient(server.url), VolumeId.random()
            proxy.script(Rule(f"/log/{1:016x}", Fault.DROP_RESPONSE, times=4, method="PUT"))
            assert client.commit(vid, None).lsn == 1
            for lsn in (2, 3):
                client.commit(vid, lsn - 1, pages=(lsn,))
            proxy.script(Rule(f"/checkpoint/{2:016x}", Fault.DROP_RESPONSE, method="PUT"))
            segs = signed(vid, [SegmentRef(SegmentId.random(), Graft([1, 2]))])
            checkpoint = CheckpointRequest(vid=vid, lsn=2, segments=segs)
            assert client.call("checkpoint", checkpoint, SnapshotInfo).lsn == 2
            assert proxy.stats().count(Fault.DROP_RESPONSE) == 5
            below = SnapshotRequest(vid=vid, lsn=1)
            expect_error(SnapshotNotFoundError, client.call, "snapshot", below, SnapshotInfo)
            expect_error(CommitRejectedError, client.commit, vid, 2)
            assert client.commit(vid, 3).lsn == 4
