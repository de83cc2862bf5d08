"""One metastore + pagestore pair per test module (tests use fresh volumes and data dirs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pagestore.cluster import Cluster
from tests.sync.support import sync_cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with sync_cluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """A cluster of this test alone, for tests that stop and restart the servers."""
    with sync_cluster(tmp_path / "cluster") as started:
        yield started
