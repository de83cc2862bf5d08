from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    with Client(tmp_path / "client") as opened:
        yield opened


def page(tag: str) -> bytes:
    """A recognisable 4 KiB page."""
    return tag.encode().ljust(4096, b"~")
