"""Fixtures shared by every test package (one moto_server per session, the options of Spark's
JVMs) and hypothesis profiles.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (the default, kept small so ``make test`` stays
fast) or ``long`` for a manual fuzzing session (see ``tests/fuzz/__init__.py``).
"""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.support.moto import moto_s3
from tests.support.receipts import TEST_KEY  # sets GRAFT_RECEIPT_KEY for the servers started
from tests.support.spark_jvm import spark_java_options

__all__ = ["TEST_KEY", "moto_s3", "spark_jvm"]
_DRIVER_OPTIONS = "GRAFT_SPARK_JAVA_OPTIONS"


@pytest.fixture(scope="session")
def spark_jvm() -> Iterator[str]:
    """The options of every Spark JVM started from here on, drivers included (through
    ``GRAFT_SPARK_JAVA_OPTIONS``, unless the caller set it)."""
    given = os.environ.get(_DRIVER_OPTIONS)
    if given is not None:
        yield given
        return
    options = os.environ[_DRIVER_OPTIONS] = spark_java_options()
    try:
        yield options
    finally:
        del os.environ[_DRIVER_OPTIONS]


def _register(name: str, max_examples: int) -> None:
    # Fuzz targets here start real servers in module fixtures: a per-example deadline would
    # only measure their start-up, and fixtures shared across examples are intended.
    settings.register_profile(
        name,
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


_register("ci", 50)
_register("long", 5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
