"""Fixtures shared by every test package (one moto_server per session)."""

from tests.support.moto import moto_s3

__all__ = ["moto_s3"]
