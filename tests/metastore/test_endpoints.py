"""Every endpoint through a real server: commit semantics, reads, checkpoints, long-poll, auth."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx

from graft_core.errors import (
    AuthError,
    CommitRejectedError,
    ForbiddenError,
    InvalidInputError,
    PayloadTooLargeError,
    SnapshotNotFoundError,
    VolumeNotFoundError,
)
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import (
    CheckpointRequest,
    CommitRequest,
    PullCommitsRequest,
    PullCommitsResponse,
    PullGraftRequest,
    PullGraftResponse,
    SegmentRef,
    SnapshotInfo,
    SnapshotRequest,
    VolumesRequest,
    VolumesResponse,
    error_from_body,
)
from tests.metastore.conftest import MetaClient, expect_error, metastore_command
from tests.support.receipts import signed
from tests.support.servers import ServerProcess, running_server


def test_commit_cas_and_exact_idempotency(client: MetaClient) -> None:
    vid, cid = VolumeId.random(), ClientId.random()
    first = client.commit(vid, None, cid=cid, digest=b"a" * 32, pages=(1, 2))
    assert (first.lsn, first.page_count) == (1, 2)
    assert client.commit(vid, None, cid=cid, digest=b"a" * 32, pages=(1, 2)) == first
    expect_error(CommitRejectedError, client.commit, vid, None)
    second = client.commit(vid, 1, cid=cid, digest=b"b" * 32, pages=(3,))
    assert second.lsn == 2
    # A retry of an older commit this client won is still answered with its own result.
    assert client.commit(vid, None, cid=cid, digest=b"a" * 32, pages=(1, 2)) == first
    expect_error(CommitRejectedError, client.commit, vid, 5)
    expect_error(CommitRejectedError, client.commit, vid, 1)
    snap = client.call("snapshot", SnapshotRequest(vid=vid), SnapshotInfo)
    assert (snap.lsn, snap.page_count) == (2, 3)


def test_reads(client: MetaClient) -> None:
    vid = VolumeId.random()
    expect_error(
        VolumeNotFoundError, client.call, "snapshot", SnapshotRequest(vid=vid), SnapshotInfo
    )
    empty = client.call("pull_graft", PullGraftRequest(vid=vid, start=1), PullGraftResponse)
    assert empty.snapshot is None and not empty.graft
    for lsn, pages in enumerate([(1, 2), (2, 5), (7,)], start=1):
        client.commit(vid, lsn - 1 or None, pages=pages)
    pulled = client.call("pull_graft", PullGraftRequest(vid=vid, start=2), PullGraftResponse)
    assert pulled.snapshot is not None and pulled.snapshot.lsn == 3
    assert pulled.graft == Graft([2, 5, 7])
    upto = client.call("pull_graft", PullGraftRequest(vid=vid, start=1, end=2), PullGraftResponse)
    assert upto.graft == Graft([1, 2, 5]) and upto.snapshot is not None and upto.snapshot.lsn == 2
    none = client.call("pull_graft", PullGraftRequest(vid=vid, start=4), PullGraftResponse)
    assert none.snapshot is not None and none.snapshot.lsn == 3 and not none.graft
    commits = client.call("pull_commits", PullCommitsRequest(vid=vid, start=2), PullCommitsResponse)
    assert [c.lsn for c in commits.commits] == [2, 3] and commits.checkpoint is None
    at2 = client.call("snapshot", SnapshotRequest(vid=vid, lsn=2), SnapshotInfo)
    assert (at2.lsn, at2.page_count) == (2, 5)
    expect_error(
        SnapshotNotFoundError,
        client.call,
        "snapshot",
        SnapshotRequest(vid=vid, lsn=4),
        SnapshotInfo,
    )
    bad = PullGraftRequest(vid=vid, start=3, end=2)
    expect_error(InvalidInputError, client.call, "pull_graft", bad, PullGraftResponse)


def test_checkpoint_sets_the_horizon(client: MetaClient) -> None:
    vid = VolumeId.random()
    for lsn in range(1, 5):
        client.commit(vid, lsn - 1 or None, pages=(lsn,))
    segs = signed(vid, [SegmentRef(SegmentId.random(), Graft([1, 2, 3]))])
    client.call("checkpoint", CheckpointRequest(vid=vid, lsn=3, segments=segs), SnapshotInfo)
    expect_error(
        SnapshotNotFoundError,
        client.call,
        "snapshot",
        SnapshotRequest(vid=vid, lsn=2),
        SnapshotInfo,
    )
    assert client.call("snapshot", SnapshotRequest(vid=vid, lsn=3), SnapshotInfo).lsn == 3
    pulled = client.call("pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse)
    assert pulled.checkpoint is not None and pulled.checkpoint.lsn == 3
    assert [c.lsn for c in pulled.commits] == [3, 4]
    older = CheckpointRequest(vid=vid, lsn=2, segments=segs)
    expect_error(InvalidInputError, client.call, "checkpoint", older, SnapshotInfo)
    beyond = CheckpointRequest(vid=vid, lsn=9, segments=segs)
    expect_error(SnapshotNotFoundError, client.call, "checkpoint", beyond, SnapshotInfo)


def test_long_poll_wakes_on_commit_and_times_out(
    client: MetaClient, metastore: ServerProcess
) -> None:
    vid = VolumeId.random()
    client.commit(vid, None)
    started = time.monotonic()
    idle = client.call(
        "pull_graft", PullGraftRequest(vid=vid, start=2, wait_ms=300), PullGraftResponse
    )
    assert idle.snapshot is not None and idle.snapshot.lsn == 1 and not idle.graft
    assert time.monotonic() - started >= 0.3
    result: list[PullGraftResponse] = []
    waiter = threading.Thread(
        target=lambda: result.append(
            MetaClient(metastore.url).call(
                "pull_graft", PullGraftRequest(vid=vid, start=2, wait_ms=20_000), PullGraftResponse
            )
        )
    )
    started = time.monotonic()
    waiter.start()
    # The commit cannot be observed by the waiter before it exists; the pull answers at once.
    client.commit(vid, 1, pages=(9,))
    waiter.join(timeout=20)
    assert time.monotonic() - started < 5
    assert result[0].snapshot is not None and result[0].snapshot.lsn == 2
    assert result[0].graft == Graft([9])


def test_volumes_paginated(client: MetaClient) -> None:
    vids = sorted(VolumeId.random() for _ in range(7))
    for vid in vids:
        client.commit(vid, None)
    seen: list[VolumeId] = []
    after = None
    while True:
        page = client.call("volumes", VolumesRequest(limit=3, after=after), VolumesResponse)
        seen += [s.vid for s in page.volumes]
        if page.next is None:
            break
        after = page.next
    assert seen == vids
    one = client.call("volumes", VolumesRequest(limit=5, prefix=str(vids[3])), VolumesResponse)
    assert [s.vid for s in one.volumes] == [vids[3]]
    expect_error(
        InvalidInputError,
        client.call,
        "volumes",
        VolumesRequest(limit=5, prefix="0OIl"),
        VolumesResponse,
    )


def test_limits_health_metrics_and_index(client: MetaClient) -> None:
    too_big = client.http.post("/metastore/v1/commit", content=b"\x00" * (2 << 20))
    assert too_big.status_code == 413
    assert too_big.headers["content-type"] == "application/msgpack"
    assert isinstance(error_from_body(413, too_big.content), PayloadTooLargeError)
    assert client.http.get("/health").status_code == 200
    client.commit(VolumeId.random(), None)
    text = client.http.get("/metrics").text
    for name in (
        "metastore_commits_total",
        "metastore_group_commit_batch_size",
        "metastore_log_append_seconds",
        "metastore_idempotent_replays_total",
    ):
        assert name in text
    described = client.http.get("/", headers={"accept": "application/json"}).json()
    assert described["backend"] == "local commit log"


def test_bearer_tokens_scope_volumes_and_writes(tmp_path: Path) -> None:
    vid, other = VolumeId.random(), VolumeId.random()
    tokens = [
        {"token": "admin"},
        {"token": "reader", "read_only": True},
        {"token": "scoped", "volumes": [str(vid)]},
    ]
    (tmp_path / "tokens.json").write_text(json.dumps(tokens))
    cmd = metastore_command(
        "--data-dir", str(tmp_path / "d"), "--tokens-file", str(tmp_path / "tokens.json")
    )
    with running_server(cmd, tmp_path) as server:
        anon, bad = MetaClient(server.url), MetaClient(server.url, "nope")
        expect_error(AuthError, anon.commit, vid, None)
        expect_error(AuthError, bad.commit, vid, None)
        admin = MetaClient(server.url, "admin")
        admin.commit(other, None)
        scoped = MetaClient(server.url, "scoped")
        scoped.commit(vid, None)
        expect_error(ForbiddenError, scoped.commit, other, 1)
        reader = MetaClient(server.url, "reader")
        expect_error(ForbiddenError, reader.commit, vid, 1)
        assert reader.call("snapshot", SnapshotRequest(vid=other), SnapshotInfo).lsn == 1
        listed = scoped.call("volumes", VolumesRequest(limit=10), VolumesResponse)
        assert [s.vid for s in listed.volumes] == [vid]
        assert httpx.get(server.url + "/health").status_code == 200


def test_pull_graft_names_the_cut_of_pages_cut_and_regrown_in_its_range(client: MetaClient) -> None:
    vid = VolumeId.random()

    def commit(base: int | None, page_count: int, pages: tuple[int, ...]) -> None:
        segments = signed(vid, [SegmentRef(SegmentId.random(), Graft(pages))] if pages else [])
        request = CommitRequest(
            vid=vid,
            cid=ClientId.random(),
            base_lsn=base,
            page_count=page_count,
            segments=segments,
            commit_hash=bytes(ClientId.random()) * 2,
        )
        client.call("commit", request, SnapshotInfo)

    commit(None, 10, tuple(range(1, 11)))
    commit(1, 5, ())  # truncate to 5 pages
    commit(2, 12, (10, 12))  # grow again, rewriting only pages 10 and 12

    def pulled(start: int) -> tuple[Graft, int | None]:
        request = PullGraftRequest(vid=vid, start=start)
        answer = client.call("pull_graft", request, PullGraftResponse)
        return answer.graft, answer.cut

    # 6..9 were cut, then regrown: one number says so, whatever the page counts
    assert pulled(2) == (Graft([10, 12]), 5)
    assert pulled(3) == (Graft([10, 12]), None)  # from LSN 2 on there was no truncate: growth
    assert pulled(1) == (Graft(range(1, 11)) | Graft([12]), 5)  # a cut within the range
