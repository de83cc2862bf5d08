"""One metastore + pagestore pair for the package; fresh fault proxies in front of them per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.faultproxy import FaultPlan
from tests.sync.support import ProxiedCluster, behind_proxies


@pytest.fixture(scope="package")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("servers")) as started:
        yield started


@pytest.fixture
def cluster(servers: Cluster) -> Iterator[ProxiedCluster]:
    """The servers behind proxies that inject nothing until a test scripts or plans faults."""
    with behind_proxies(servers, FaultPlan()) as proxied:
        yield proxied
