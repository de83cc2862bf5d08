"""The pagestore's metastore calls: only "no such volume" passes through; everything else the
pagestore's caller did not cause is a 503 it can retry."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from graft_core.errors import ServiceUnavailableError, VolumeNotFoundError
from graft_core.ids import VolumeId
from tests.pagestore.cluster import pagestore_command, running_cluster
from tests.support.receipts import server_env
from tests.support.servers import ServerProcess
from tests.sync.support import FixedPortServer


def test_a_metastore_url_that_is_not_a_metastore_is_a_503_not_a_missing_volume(
    tmp_path: Path,
) -> None:
    """A pagestore whose metastore URL leads to another pagestore once it is up (a pagestore
    that led there at its own start would have refused to start): that one answers
    ``pull_commits`` with its "no such route" 404. Passed on as "not found", every read looked
    like a missing volume."""
    with running_cluster(tmp_path / "a") as cluster:
        for sub in ("b", "c"):
            (tmp_path / sub).mkdir()
        other = FixedPortServer(
            pagestore_command(
                "--metastore",
                cluster.metastore.url,
                "--store",
                str(tmp_path / "c" / "segments"),
                "--cache-dir",
                str(tmp_path / "c" / "cache"),
            ),
            tmp_path / "c",
            server_env(),
        )
        misdirected: ServerProcess | None = None
        try:
            url = other.start()
            other.kill()
            misdirected = ServerProcess(
                pagestore_command(
                    "--metastore",
                    url,
                    "--store",
                    str(tmp_path / "b" / "segments"),
                    "--cache-dir",
                    str(tmp_path / "b" / "cache"),
                ),
                tmp_path / "b",
                server_env(),
            )
            misdirected.start()
            other.start()
            vid = VolumeId.random()
            with pytest.raises(VolumeNotFoundError):
                cluster.client().read(vid, 1, [1])  # the well-configured pagestore
            wrong = cluster.client()
            wrong.pages.base_url = httpx.URL(misdirected.url)
            with pytest.raises(ServiceUnavailableError, match="is not a metastore"):
                wrong.read(vid, 1, [1])
        finally:
            if misdirected is not None:
                misdirected.kill()
            other.kill()
