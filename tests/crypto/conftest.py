"""A metastore + pagestore pair on loopback (real processes); tampering tests get their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client, Key
from tests.pagestore.cluster import Cluster, running_cluster

PASSPHRASE = "correct horse battery staple"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as started:
        yield started


@pytest.fixture
def no_key_in_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No key from the environment: a client opened without one has none."""
    for name in ("GRAFT_KEY", "GRAFT_KEY_FILE", "GRAFT_PASSPHRASE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(tmp_path / "cluster") as started:
        yield started


def make_client(cluster: Cluster, data_dir: Path, key: Key | None = None) -> Client:
    return Client(
        data_dir, metastore=cluster.metastore.url, pagestore=cluster.pagestore.url, key=key
    )


def passphrase(text: str = PASSPHRASE) -> Key:
    return Key.from_passphrase(text)
