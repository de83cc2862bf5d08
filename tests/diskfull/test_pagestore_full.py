"""A real pagestore whose segments and frame cache live on a real 3 MB tmpfs that fills up.

Writes on the full disk answer 503 ``storage_full`` and leave neither a segment nor a temp file;
reads keep working (frames that cannot be cached are just not cached); once space is freed the
same process writes again, and a restart (also on the full disk) serves every committed page.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_core.errors import StorageFullError
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import SegmentRef
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.support.tmpfs import Filler, small_tmpfs

PAGES = 48  # random, so about as large stored: a few of these fit the 3 MB disk


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_tmpfs(tmp_path / "disk") as mounted:
        yield mounted


def _pages(first: int) -> dict[int, bytes]:
    return {idx: os.urandom(PAGE_SIZE) for idx in range(first, first + PAGES)}


class Volume:
    """One volume's committed pages, written through the cluster."""

    def __init__(self, http: GraftHttp) -> None:
        self.http = http
        self.vid = VolumeId.random()
        self.pages: dict[int, bytes] = {}
        self.lsn = 0
        self.segments: set[str] = set()

    def write(self) -> list[SegmentRef]:
        return self.http.write(self.vid, _pages(len(self.pages) + 1))

    def commit_new_pages(self) -> None:
        pages = _pages(len(self.pages) + 1)
        refs = self.http.write(self.vid, pages)
        self.http.commit(self.vid, self.lsn or None, max(pages), refs)
        self.lsn += 1
        self.pages |= pages
        self.segments |= {str(ref.sid) for ref in refs}

    def check(self) -> None:
        assert self.http.read(self.vid, self.lsn, sorted(self.pages)) == self.pages


def _stored(store: Path) -> set[str]:
    return {path.name for path in (store / "segments").iterdir()}


def _refused_writes(volume: Volume, store: Path) -> None:
    for _ in range(3):
        with pytest.raises(StorageFullError) as info:
            volume.write()
        assert info.value.http_status == 503
    assert _stored(store) == volume.segments, "a refused write left a segment"
    assert not list((store / ".graft-tmp").iterdir()), "a refused write left a temp file"


def test_a_full_disk_refuses_segment_writes_and_keeps_serving_reads(
    tmp_path: Path, disk: Path
) -> None:
    store, cache = disk / "segments", disk / "cache"
    filler = Filler(disk / "filler")
    args = ["--cache-dir", str(cache), "--flush-window-ms", "0"]
    with running_cluster(tmp_path, store=str(store), pagestore_args=args) as cluster:
        volume = Volume(cluster.client())
        volume.commit_new_pages()
        filler.fill()
        _refused_writes(volume, store)
        volume.check()  # its frames miss the cache and cannot be cached: still answered
        assert not [p for p in cache.iterdir() if p.name.endswith(".tmp")]

        filler.free()  # the same process writes again
        volume.commit_new_pages()
        volume.check()

        filler.fill()
        volume = _restarted(cluster, volume)  # on the full disk
        volume.check()
        _refused_writes(volume, store)
        filler.free()
        volume.commit_new_pages()
        volume = _restarted(cluster, volume)
        volume.check()


def _restarted(cluster: Cluster, volume: Volume) -> Volume:
    cluster.pagestore.restart()
    volume.http = cluster.client()
    return volume
