"""One seeded metastore + pagestore pair (auth off) shared by the fuzz modules that need servers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from graft_core.ids import VolumeId
from graft_core.wire import VolumesRequest, VolumesResponse, encode
from tests.fuzz.routes import PAGE
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster


@dataclass
class Seeded:
    """A volume with one commit of pages 1 and 2 (both ``PAGE``)."""

    cluster: Cluster
    http: GraftHttp
    vid: VolumeId
    segments_dir: Path

    def url(self, service: str) -> str:
        server = self.cluster.metastore if service == "metastore" else self.cluster.pagestore
        return server.url

    def state(self) -> tuple[bytes, list[str]]:
        """Every volume's LSN and page count, and the segment objects stored."""
        request = VolumesRequest(limit=1000)
        listed = self.http._call(self.http.meta, "/metastore/v1/volumes", request, VolumesResponse)
        return encode(listed), sorted(p.name for p in self.segments_dir.rglob("*"))


@pytest.fixture(scope="package")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    tmp = tmp_path_factory.mktemp("fuzz-cluster")
    with running_cluster(tmp) as cluster:
        http = cluster.client()
        vid = VolumeId.random()
        http.commit(vid, None, 2, http.write(vid, {1: PAGE, 2: PAGE}))
        yield Seeded(cluster, http, vid, tmp / "segments")
