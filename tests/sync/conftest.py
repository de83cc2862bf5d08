"""One metastore + pagestore pair per test module, behind fault proxies (support.sync_cluster)."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.faultproxy import FaultPlan
from tests.sync.support import SYNC_FAULTS, ProxiedCluster, sync_cluster


def faults_seeded_by(name: str) -> FaultPlan:
    """SYNC_FAULTS with a seed of its own per module or test: the same faults on every run, but
    not the same ones everywhere."""
    return replace(SYNC_FAULTS, seed=zlib.crc32(name.encode()))


@pytest.fixture(scope="module")
def cluster(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ProxiedCluster]:
    faults = faults_seeded_by(request.module.__name__)
    with sync_cluster(tmp_path_factory.mktemp("cluster"), faults) as started:
        yield started


@pytest.fixture
def own_cluster(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProxiedCluster]:
    """A cluster of this test alone, for tests that stop and restart the servers."""
    with sync_cluster(tmp_path / "cluster", faults_seeded_by(request.node.nodeid)) as started:
        yield started
