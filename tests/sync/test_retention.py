"""Local retention around pushes: the records of unpushed commits stay until they are pushed,
then go with the next reclaims, however many reclaims kept them meanwhile."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_urls, page, write_pages


def test_the_records_kept_for_unpushed_commits_go_once_pushed(
    cluster: Cluster, tmp_path: Path
) -> None:
    metastore, pagestore = client_urls(cluster)
    with Client(tmp_path, metastore=metastore, pagestore=pagestore, keep_commits=4) as client:
        volume = client.create_volume()
        for n in range(1, 31):  # a reclaim runs every few commits, and keeps every record
            write_pages(volume, {1 + n % 3: page(f"v{n}")})
        assert [entry.lsn for entry in volume.log()] == list(range(1, 31))
        assert volume.push() is not None
        for n in range(31, 41):
            write_pages(volume, {1 + n % 3: page(f"v{n}")})
        # LSN 30 stays readable while later commits are unpushed: a reset goes back to it.
        assert [entry.lsn for entry in volume.log()] == list(range(30, 41))
