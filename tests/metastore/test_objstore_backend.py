"""The object-store backend: local files, and S3 on moto_server with two metastore processes."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

from graft_core.errors import CommitRejectedError, VolumeNotFoundError
from graft_core.ids import ClientId, VolumeId
from graft_core.wire import PullCommitsRequest, PullCommitsResponse, SnapshotInfo, SnapshotRequest
from tests.metastore.conftest import MetaClient, expect_error, metastore_command
from tests.support.moto import MotoS3
from tests.support.servers import running_server


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


def test_two_metastores_on_one_bucket_never_both_win(tmp_path: Path, moto_s3: MotoS3) -> None:
    url = moto_s3.make_bucket(f"meta-{secrets.token_hex(4)}")
    cmd = metastore_command("--store", url)
    with (
        running_server(cmd, tmp_path / "a", moto_s3.env) as a,
        running_server(cmd, tmp_path / "b", moto_s3.env) as b,
    ):
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
