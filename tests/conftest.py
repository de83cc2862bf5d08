"""Fixtures shared by every test package (one moto_server per session) and hypothesis profiles.

``HYPOTHESIS_PROFILE`` picks the profile: ``ci`` (the default, kept small so ``make test`` stays
fast) or ``long`` for a manual fuzzing session (see ``tests/fuzz/__init__.py``).
"""

import os

from hypothesis import HealthCheck, settings

from tests.support.moto import moto_s3
from tests.support.receipts import TEST_KEY  # sets GRAFT_RECEIPT_KEY for the servers started

__all__ = ["TEST_KEY", "moto_s3"]

# Fuzz targets here start real servers in module fixtures: a per-example deadline would only
# measure their start-up, and fixtures shared across examples are intended.
_SHARED = {"deadline": None, "suppress_health_check": [HealthCheck.function_scoped_fixture]}
settings.register_profile("ci", max_examples=50, **_SHARED)
settings.register_profile("long", max_examples=5000, **_SHARED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
