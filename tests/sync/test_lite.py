"""LiteClient: reads at every LSN equal the writer's model, in at most two round trips."""

from __future__ import annotations

import os
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import pytest

from graft_client import LiteClient
from graft_core import wire
from graft_core.errors import SnapshotNotFoundError
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, page

COMMITS = 20
LAST_PAGE = 40


class RequestCounter:
    """Counts the HTTP requests a LiteClient sends, per service, via httpx event hooks."""

    def __init__(self, lite: LiteClient) -> None:
        self.counts = {"metastore": 0, "pagestore": 0}
        runtime = lite.runtime
        runtime.metastore.http.event_hooks = {"request": [self._hook("metastore")]}
        runtime.pagestore.http.event_hooks = {"request": [self._hook("pagestore")]}

    def _hook(self, service: str) -> Callable[[httpx.Request], Awaitable[None]]:
        async def count(request: httpx.Request) -> None:
            self.counts[service] += 1

        return count

    def take(self) -> dict[str, int]:
        taken = dict(self.counts)
        self.counts = {"metastore": 0, "pagestore": 0}
        return taken


def test_lite_reads_every_lsn(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(6)
    models: dict[int, dict[int, bytes]] = {}
    counts: dict[int, int] = {}
    with client_for(cluster, tmp_path / "writer") as writer_client:
        volume = writer_client.create_volume()
        model: dict[int, bytes] = {}
        page_count = 0
        for lsn in range(1, COMMITS + 1):
            with volume.writer() as writer:
                if lsn % 7 == 0:
                    page_count = rng.randrange(3, max(4, page_count))
                    writer.truncate(page_count)
                    model = {idx: data for idx, data in model.items() if idx <= page_count}
                for idx in rng.sample(range(1, 31), rng.randrange(1, 6)):
                    model[idx] = page(f"lsn {lsn} page {idx}")
                    writer.write(idx, model[idx])
                    page_count = max(page_count, idx)
            assert volume.push() == lsn
            models[lsn] = dict(model)
            counts[lsn] = page_count
        vid = volume.vid

    # No local state: a LiteClient has no data dir, and writes nothing to cwd or the default one.
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    monkeypatch.setenv("GRAFT_DIR", str(home / "graft"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    monkeypatch.setenv("HOME", str(home))
    with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
        requests = RequestCounter(lite)
        for lsn in range(1, COMMITS + 1):
            snap = lite.snapshot(vid, lsn)
            assert (snap.lsn, snap.page_count) == (lsn, counts[lsn])
            assert requests.take() == {"metastore": 1, "pagestore": 0}
            got = lite.read_many(vid, range(1, LAST_PAGE + 1), lsn=lsn)
            assert requests.take() == {"metastore": 0, "pagestore": 1}
            expected = {idx: models[lsn].get(idx, EMPTY_PAGE) for idx in range(1, LAST_PAGE + 1)}
            assert got == expected, f"LSN {lsn}"
        latest = lite.read_many(vid, range(1, LAST_PAGE + 1))
        assert requests.take() == {"metastore": 1, "pagestore": 1}  # the two-round-trip bound
        assert latest == {idx: models[COMMITS].get(idx, EMPTY_PAGE) for idx in latest}
        some = next(iter(models[COMMITS]))
        assert lite.read(vid, some) == models[COMMITS][some]
        assert requests.take() == {"metastore": 1, "pagestore": 1}
        with pytest.raises(SnapshotNotFoundError):
            lite.read(vid, 1, lsn=COMMITS + 1)
        assert lite.snapshot(vid).lsn == COMMITS
    assert os.listdir(home) == []


def test_a_batch_over_the_pagestore_limit_is_split(cluster: Cluster) -> None:
    """The pagestore answers at most 1024 pages per request; a larger read_many still works."""
    http = cluster.client()
    last = 2 * wire.MAX_READ_PAGES + 100
    pages = {idx: page(f"big {idx}") for idx in range(1, last + 1, 3)}
    vid = VolumeId.random()
    http.commit(vid, None, last, http.write(vid, pages))
    with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
        requests = RequestCounter(lite)
        got = lite.read_many(vid, range(1, last + 1), lsn=1)
        assert requests.take() == {"metastore": 0, "pagestore": 3}
    assert got == {idx: pages.get(idx, EMPTY_PAGE) for idx in range(1, last + 1)}
