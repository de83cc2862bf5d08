"""Direct mode on a ``file://`` store whose disk is full (a real 3 MB tmpfs): a push fails with
a clear error, nothing is acknowledged that is not stored, and once space is back the same push
lands exactly once and another device reads every page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.errors import StorageFullError
from tests.direct.support import Remote, stored_lsns
from tests.support.tmpfs import Filler, small_tmpfs
from tests.sync.support import read_all, write_pages

PAGES = 64


def _pages(tag: str) -> dict[int, bytes]:
    # Incompressible, so the segment cannot squeeze into the space a full disk leaves.
    return {idx: os.urandom(4096) for idx in range(1, PAGES + 1)} | {1: tag.encode().ljust(4096)}


def test_a_push_to_a_full_store_fails_clearly_and_lands_once_space_is_back(
    tmp_path: Path,
) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        remote = Remote(f"file://{disk / 'store'}")
        filler = Filler(disk / "filler")
        with Client(tmp_path / "a", remote=remote.url) as a:
            volume = a.create_volume()
            write_pages(volume, _pages("first"))
            assert volume.push() == 1
            second = _pages("second")
            write_pages(volume, second)
            filler.fill()
            with pytest.raises(StorageFullError, match="No space left"):
                volume.push()
            assert stored_lsns(remote, volume.vid) == [1]
            assert volume.snapshot().remote.remote_lsn == 1  # type: ignore[union-attr]
            filler.free()
            assert volume.push() == 2
        assert stored_lsns(remote, volume.vid) == [1, 2]
        with Client(tmp_path / "b", remote=remote.url) as b:
            clone = b.open_volume(volume.vid)
            assert read_all(clone, PAGES) == second
