"""One metastore + pagestore pair per test module (tests use fresh volumes and data dirs)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pagestore.cluster import Cluster, running_cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started
