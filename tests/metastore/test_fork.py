"""The ``fork`` endpoint on both backends: one small LSN 1 naming the origin, kept across a
restart, in the object-store layout too, and announced by ``pull_commits`` and ``pull_graft``."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_core.ids import ClientId, VolumeId
from graft_core.wire import (
    ForkRequest,
    Origin,
    PullCommitsRequest,
    PullCommitsResponse,
    PullGraftRequest,
    PullGraftResponse,
    SnapshotInfo,
)
from tests.metastore.conftest import MetaClient, metastore_command
from tests.support.servers import running_server


@pytest.mark.parametrize("backend", ["log", "objects"])
def test_fork_records_its_origin(tmp_path: Path, backend: str) -> None:
    where = ["--data-dir", str(tmp_path / "meta")] if backend == "log" else []
    where = where or ["--store", str(tmp_path / "objects")]
    with running_server(metastore_command(*where), tmp_path) as server:
        client = MetaClient(server.url)
        parent, child, cid = VolumeId.random(), VolumeId.random(), ClientId.random()
        client.commit(parent, None, pages=(3,))
        client.commit(parent, 1, pages=(9,))
        fork = ForkRequest(vid=child, cid=cid, parent=parent, lsn=1)
        assert client.call("fork", fork, SnapshotInfo) == SnapshotInfo(
            vid=child, lsn=1, page_count=3
        )
        server.kill()
        client = MetaClient(server.start())
        origin = Origin(vid=parent, lsn=1, page_count=3)
        commits = client.call(
            "pull_commits", PullCommitsRequest(vid=child, start=1), PullCommitsResponse
        )
        assert commits.origin == origin and [c.segments for c in commits.commits] == [[]]
        pulled = client.call("pull_graft", PullGraftRequest(vid=child, start=1), PullGraftResponse)
        assert pulled.origin == origin and not pulled.graft
        plain = client.call(
            "pull_commits", PullCommitsRequest(vid=parent, start=1), PullCommitsResponse
        )
        assert plain.origin is None
        assert client.call("fork", fork, SnapshotInfo).lsn == 1  # a retry, after the restart
    if backend == "objects":
        record = tmp_path / "objects" / "volumes" / str(child) / "log" / f"{1:016x}"
        assert record.stat().st_size < 4096
