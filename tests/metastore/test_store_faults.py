"""The object-store backend when the store stalls or its bucket is gone: a prompt, clear 503.

A stalled store (the fault proxy holds every request) must not hold commits and pulls: with
``--store-timeout`` they answer 503 ``storage_unavailable`` long before the client's own timeout,
and once the store answers again everything acknowledged is there. A bucket that does not exist
is a 503 naming the bucket, on both servers, never "no such object" or "no such volume".
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from graft_core.errors import StorageUnavailableError
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import PullCommitsRequest, PullCommitsResponse
from tests.metastore.conftest import MetaClient, metastore_command
from tests.pagestore.cluster import running_cluster
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


def test_a_missing_bucket_is_a_clear_503_on_both_servers(moto_s3: MotoS3, tmp_path: Path) -> None:
    missing = f"gone-{secrets.token_hex(4)}"
    with running_cluster(tmp_path, store=f"s3://{missing}", env=moto_s3.env) as cluster:
        http = cluster.client()
        vid = VolumeId.random()
        with pytest.raises(StorageUnavailableError, match=f"bucket '{missing}' does not exist"):
            http.write(vid, {1: bytes(PAGE_SIZE)})
    command = metastore_command("--store", f"s3://{missing}")
    with running_server(command, tmp_path / "meta-on-s3", moto_s3.env) as server:
        client = MetaClient(server.url)
        with pytest.raises(StorageUnavailableError, match=f"bucket '{missing}' does not exist"):
            client.commit(vid, None)
        with pytest.raises(StorageUnavailableError, match=f"bucket '{missing}' does not exist"):
            _lsns(client, vid)
        client.close()
