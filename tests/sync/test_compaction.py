"""Lazy clones stay readable when the servers compact their history away (issue 14, item 4).

A clone keeps PENDING markers that name the remote LSN it learned a page at. Once compaction
raises the retention horizon past that LSN, the pagestore answers 404 there, yet a page that has
not changed since reads the same at any retained LSN: the client must read it there. Only a
page that did change, read through a snapshot the servers dropped, is a clear
``SnapshotNotFoundError``; never wrong bytes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from graft_client import LiteClient, PullOutcome, Volume, VolumeReader
from graft_core.errors import SnapshotNotFoundError
from graft_core.ids import VolumeId
from graft_core.types import Snapshot
from graft_pipeline.compact import run_compact
from graft_pipeline.location import Location
from graft_pipeline.retention import Retention
from tests.pipeline.conftest import spark  # noqa: F401 (the shared session-scoped fixture)
from tests.support.receipts import TEST_KEY
from tests.sync.support import (
    ProxiedCluster,
    client_for,
    lite_for,
    model_pages,
    page,
    read_all,
    wait_until,
    write_pages,
)

PAGES = 5


def push_commits(volume: Volume, commits: list[dict[int, bytes]], model: dict[int, bytes]) -> None:
    for pages in commits:
        write_pages(volume, pages)
        model.update(pages)
        assert volume.push() is not None


def remote_lsn(volume: Volume) -> int | None:
    snapshot = volume.snapshot()
    return None if snapshot is None else snapshot.remote_lsn


def below_horizon(lite: LiteClient, vid: VolumeId, lsn: int) -> bool:
    try:
        lite.read(vid, 1, lsn)
    except SnapshotNotFoundError:
        return True
    return False


def compact_to_latest(session: SparkSession, cluster: ProxiedCluster, vid: VolumeId) -> None:
    """``graft pipeline compact --keep-last 1``, then wait until the pagestore drops LSN 3."""
    location = Location(
        metastore=cluster.metastore.url,
        store=str(Path(cluster.pagestore.work_dir).parent / "segments"),
        pagestore=cluster.pagestore.url,
        receipt_key=TEST_KEY,
    )
    summary = run_compact(session, location, [vid], Retention(keep_last=1))
    assert [v["status"] for v in summary["volumes"]] == ["compacted"]
    assert summary["volumes"][0]["horizon"] == 6
    with lite_for(cluster) as lite:
        # The pagestore re-reads the volume's commit list within a second of the checkpoint.
        wait_until(lambda: below_horizon(lite, vid, 3), 10, "the pagestore to drop LSN 3")


def test_lazy_clone_reads_after_compaction(
    spark: SparkSession,  # noqa: F811
    cluster: ProxiedCluster,
    tmp_path: Path,
) -> None:
    model: dict[int, bytes] = {}
    with client_for(cluster, tmp_path / "writer") as writer:
        volume = writer.create_volume()
        first = [{idx: page(f"v1 p{idx}") for idx in range(1, PAGES)}]
        push_commits(volume, [*first, {2: page("v2 p2")}, {3: page("v3 p3")}], model)
        at_three = dict(model)
        clones = [client_for(cluster, tmp_path / name) for name in ("pulled", "stale", "whole")]
        try:
            pulled, stale, whole = (clone.open_volume(volume.vid) for clone in clones)
            assert {remote_lsn(v) for v in (pulled, stale, whole)} == {3}
            old_reader = pulled.reader()
            later = [{4: page("v4 p4")}, {PAGES: page("v5 p5")}, {4: page("v6 p4")}]
            push_commits(volume, later, model)
            compact_to_latest(spark, cluster, volume.vid)
            check_clones(pulled, stale, whole, old_reader, model, at_three)
        finally:
            for clone in clones:
                clone.close()


def check_clones(
    pulled: Volume,
    stale: Volume,
    whole: Volume,
    old_reader: VolumeReader,
    model: dict[int, bytes],
    at_three: dict[int, bytes],
) -> None:
    assert pulled.pull() is PullOutcome.APPLIED
    assert read_all(pulled, PAGES) == model_pages(model, PAGES, PAGES)
    # Pages 1-3 (learned at LSN 3) and 4-5 (at 6), each batch read straight at LSN 6.
    assert (pulled.stats().pages_fetched, pulled.stats().round_trips) == (PAGES, 2)

    # A reader pinned before the pull: pages unchanged since read as they were; a changed page
    # cannot be served at a dropped LSN and says so.
    with old_reader:
        assert [old_reader.read(idx) for idx in (1, 2, 3)] == [at_three[i] for i in (1, 2, 3)]
        with pytest.raises(SnapshotNotFoundError, match="pull"):
            old_reader.read(4)

    # A clone that has not pulled: same, through the metastore's graft of what changed since.
    with stale.reader() as reader:
        assert [reader.read(idx) for idx in (1, 2, 3)] == [at_three[i] for i in (1, 2, 3)]
        with pytest.raises(SnapshotNotFoundError, match="pull"):
            reader.read(4)
    # Pages 1-3: a 404 at LSN 3, the graft since, a read at 6; page 4: the 404 and the graft.
    assert (stale.stats().pages_fetched, stale.stats().round_trips) == (3, 5)
    stale.reset_to_remote()
    assert read_all(stale, PAGES) == model_pages(model, PAGES, PAGES)

    assert whole.pull() is PullOutcome.APPLIED
    assert whole.fetch_all() == PAGES
    assert read_all(whole, PAGES) == model_pages(model, PAGES, PAGES)


def test_lite_latest_read_overtaken_by_compaction(
    spark: SparkSession,  # noqa: F811
    cluster: ProxiedCluster,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The latest snapshot a lite read asked for is compacted away before its pages are read:
    the read takes the new latest instead of failing."""
    model: dict[int, bytes] = {}
    with client_for(cluster, tmp_path / "writer") as writer, lite_for(cluster) as lite:
        volume = writer.create_volume()
        push_commits(volume, [{idx: page(f"v{idx} p{idx}")} for idx in range(1, 4)], model)
        at_three = dict(model)
        asked = lite.snapshot

        def overtaken(vid: VolumeId, lsn: int | None = None) -> Snapshot:
            latest = asked(vid, lsn)
            monkeypatch.setattr(lite, "snapshot", asked)
            push_commits(volume, [{1: page(f"v{n} p1")} for n in range(4, 7)], model)
            compact_to_latest(spark, cluster, volume.vid)
            return latest

        monkeypatch.setattr(lite, "snapshot", overtaken)
        assert lite.read_many(volume.vid, range(1, 4)) == model_pages(model, 3, 3)
        assert model != at_three
        with pytest.raises(SnapshotNotFoundError, match="retention horizon"):
            lite.read_many(volume.vid, [1], lsn=3)
