"""Example counts for the slower fuzz targets, as a share of the active hypothesis profile."""

from __future__ import annotations

from hypothesis import settings

__all__ = ["share_of_profile"]


def share_of_profile(share: float) -> settings:
    """``share`` of the profile's examples (at least 5): slow targets stay cheap under ``ci``
    and still grow with ``long``."""
    profile = settings.default
    assert profile is not None, "no hypothesis profile is loaded"
    return settings(max_examples=max(5, round(profile.max_examples * share)))
