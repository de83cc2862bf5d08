"""The object-store backend when the store stalls or its bucket is gone: a prompt, clear 503.

A stalled store (the fault proxy holds every request) must not hold commits and pulls: with
``--store-timeout`` they answer 503 ``storage_unavailable`` long before the client's own timeout,
and once the store answers again everything acknowledged is there. A bucket that does not exist
is a 503 naming the bucket, on both servers, never "no such object" or "no such volume".
"""

from __future__ import annotations

import os
import secrets
import subprocess
from pathlib import Path

import pytest

from graft_core.errors import StorageUnavailableError
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import PullCommitsRequest, PullCommitsResponse
from tests.metastore.conftest import MetaClient, metastore_command
from tests.pagestore.cluster import pagestore_command, running_cluster
from tests.pagestore.faulty_s3 import faulty_s3
from tests.support.moto import MotoS3
from tests.support.servers import running_server

# A client that waited this long for a 503 would have found the server hanging.
CLIENT_TIMEOUT_S = 5.0


def _lsns(client: MetaClient, vid: VolumeId) -> list[int]:
    found = client.call("pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse)
    return [commit.lsn for commit in found.commits]


def test_a_stalled_store_answers_503_in_time_and_loses_nothing(
    moto_s3: MotoS3, tmp_path: Path
) -> None:
    bucket = moto_s3.make_bucket(f"stall-{secrets.token_hex(4)}")
    with faulty_s3(moto_s3.endpoint) as proxy:
        env = {**moto_s3.env, "AWS_ENDPOINT_URL": proxy.url}
        command = metastore_command("--store", bucket, "--store-timeout", "0.5")
        with running_server(command, tmp_path, env) as server:
            client = MetaClient(server.url)
            client.http.timeout.read = CLIENT_TIMEOUT_S
            vid = VolumeId.random()
            client.commit(vid, None)
            client.commit(vid, 1)

            proxy.set_mode("stall")
            with pytest.raises(StorageUnavailableError, match=r"did not answer within 0\.5 s"):
                client.commit(vid, 2)
            with pytest.raises(StorageUnavailableError):
                _lsns(client, vid)

            proxy.set_mode("ok")
            lsns = _lsns(client, vid)
            # The refused commit may have landed after all (a 503 is an unknown outcome).
            assert lsns in ([1, 2], [1, 2, 3])
            client.commit(vid, len(lsns))
            assert _lsns(client, vid) == [*lsns, len(lsns) + 1]
            client.close()


def test_a_lost_bucket_is_a_clear_503_on_both_servers(moto_s3: MotoS3, tmp_path: Path) -> None:
    bucket = f"lost-{secrets.token_hex(4)}"
    store = moto_s3.make_bucket(bucket)
    meta_command = metastore_command("--store", f"{store}/meta")
    with (
        running_cluster(tmp_path, store=f"{store}/pages", env=moto_s3.env) as cluster,
        running_server(meta_command, tmp_path / "meta-on-s3", moto_s3.env) as server,
    ):
        http, client = cluster.client(), MetaClient(server.url)
        vid = VolumeId.random()
        client.commit(vid, None)
        moto_s3.remove_bucket(bucket)
        with pytest.raises(StorageUnavailableError, match=f"bucket '{bucket}' does not exist"):
            http.write(vid, {1: bytes(PAGE_SIZE)})
        with pytest.raises(StorageUnavailableError, match=f"bucket '{bucket}' does not exist"):
            client.commit(vid, 1)
        with pytest.raises(StorageUnavailableError, match=f"bucket '{bucket}' does not exist"):
            _lsns(client, vid)
        client.close()


def test_a_server_on_a_missing_bucket_refuses_to_start_in_one_line(
    moto_s3: MotoS3, tmp_path: Path
) -> None:
    missing = f"gone-{secrets.token_hex(4)}"
    for command in (
        metastore_command("--store", f"s3://{missing}", "--port", "0"),  # 3001 may be taken
        pagestore_command(
            "--metastore",
            "http://127.0.0.1:9",
            "--store",
            f"s3://{missing}",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--port",
            "0",
        ),
    ):
        done = subprocess.run(
            command, env={**os.environ, **moto_s3.env}, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 1, done.stderr
        assert done.stderr.strip().splitlines()[-1] == (
            f"error: object store bucket '{missing}' does not exist"
        )
        assert "Traceback" not in done.stderr
