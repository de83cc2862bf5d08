"""A bulk import (``graft import``) onto a real tmpfs too small for it: a typed error, no
volume, no leftover load file, and the client goes on working."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_core.errors import StorageFullError
from graft_core.types import PAGE_SIZE
from tests.support.tmpfs import small_tmpfs


def test_an_import_larger_than_the_disk_leaves_nothing_behind(tmp_path: Path) -> None:
    source = tmp_path / "big.bin"
    source.write_bytes(os.urandom(16 << 20))  # incompressible: twice the disk
    with small_tmpfs(tmp_path / "disk", size="8m") as disk, Client(disk / "client") as client:
        with pytest.raises(StorageFullError):
            import_file(client, source)
        assert client.volumes() == []
        assert not [p.name for p in (disk / "client").iterdir() if p.name.startswith(".load")]
        volume = client.create_volume()  # the space the import took is free again
        with volume.writer() as writer:
            writer.write(1, b"k" * PAGE_SIZE)
        with volume.reader() as reader:
            assert reader.read(1) == b"k" * PAGE_SIZE
