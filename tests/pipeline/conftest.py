"""One local[2] SparkSession for every pipeline test (Spark allows one per process, and starting
it costs seconds), and a metastore + pagestore pair per test on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from graft_pipeline.location import Location
from graft_pipeline.spark import session
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.receipts import TEST_KEY


@pytest.fixture(scope="session", autouse=True)
def _spark_jvm_options(spark_jvm: str) -> str:
    """Every pipeline test's JVMs (its drivers' processes too) start with the suite's options."""
    return spark_jvm


@pytest.fixture(scope="session")
def spark(spark_jvm: str) -> Iterator[SparkSession]:
    spark = session("local[2]", app_name="graft-pipeline-tests")
    yield spark
    spark.stop()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(tmp_path) as running:
        yield running


@pytest.fixture
def location(cluster: Cluster, tmp_path: Path) -> Location:
    return Location(
        metastore=cluster.metastore.url,
        store=str(tmp_path / "segments"),
        pagestore=cluster.pagestore.url,
        receipt_key=TEST_KEY,
    )
