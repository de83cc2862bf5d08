"""A writer's legal page-count swings cannot freeze the clients that pull them (issue 14 item 7):
a pull costs what was written and what the client stores, never what page counts span.

Work is asserted as the pages each pulled local commit names (one key per page and family), so
the old behaviour (a marker per page up to 2^32-1) fails by count, not by a timer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import ConflictPolicy, PullOutcome, Volume, VolumeStatus
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId
from graft_core.types import EMPTY_PAGE, MAX_PAGEIDX
from graft_core.wire import CommitRequest, SegmentRef
from metastore_server.catalog import MAX_GRAFT_SEGMENTS
from tests.hostile.rpc import send
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.receipts import signed
from tests.sync.support import client_for, lite_for, page, write_pages

TOP = MAX_PAGEIDX


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as running:
        yield running


def read(volume: Volume, pageidxs: list[int]) -> dict[int, bytes]:
    with volume.reader() as reader:
        return {idx: reader.read(idx) for idx in pageidxs}


def pulled_pages(volume: Volume, since: int) -> int:
    """Page versions the local commits after ``since`` wrote (pulls write one per named page)."""
    return sum(len(commit.pages) for commit in volume.log(since + 1))


def latest_lsn(volume: Volume) -> int:
    snap = volume.snapshot()
    assert snap is not None
    return snap.lsn


def test_pull_across_a_swing_to_the_top_page_count_and_back(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A cut from 2^32-1 pages to 1 and a regrow to 2^32-1 in one pull: the client blanks what
    it stores and marks what was written, and reads zeros everywhere else."""
    with (
        client_for(cluster, tmp_path / "a") as a,
        client_for(cluster, tmp_path / "b") as b,
        lite_for(cluster) as lite,
    ):
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("one"), 5: page("five"), TOP: page("top")})
        vol_a.push()
        vol_b = b.open_volume(vol_a.vid)
        assert read(vol_b, [1, 5, TOP]) == {1: page("one"), 5: page("five"), TOP: page("top")}

        write_pages(vol_a, {}, truncate=1)
        vol_a.push()
        write_pages(vol_a, {TOP: page("top again")})
        assert vol_a.push() == 3
        before = latest_lsn(vol_b)
        assert vol_b.pull() is PullOutcome.APPLIED
        assert [commit.pages for commit in vol_b.log(before + 1)] == [Graft([5, TOP])]

        expected = {1: page("one"), 2: EMPTY_PAGE, 5: EMPTY_PAGE, TOP - 1: EMPTY_PAGE}
        expected[TOP] = page("top again")
        assert read(vol_b, list(expected)) == expected
        assert lite.read_many(vol_a.vid, list(expected)) == expected
        # Growing once more (the top page only): page 5 stays cut on the reader too.
        write_pages(vol_a, {3: page("three")})
        vol_a.push()
        assert vol_b.pull() is PullOutcome.APPLIED
        assert read(vol_b, [3, 5]) == {3: page("three"), 5: EMPTY_PAGE}


def test_rebase_across_a_cut_checks_the_cut_pages(cluster: Cluster, tmp_path: Path) -> None:
    """Local pages below the remote cut rebase; a local page the remote cut and regrew
    conflicts, as it did when the cut pages came one by one."""
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("one"), 9: page("nine"), TOP: page("top")})
        vol_a.push()
        vol_b = b.open_volume(vol_a.vid)
        vol_b.conflict_policy = ConflictPolicy.REBASE
        write_pages(vol_a, {}, truncate=2)
        vol_a.push()
        write_pages(vol_a, {TOP: page("top again")})
        vol_a.push()

        write_pages(vol_b, {2: page("local two")})
        assert vol_b.pull() is PullOutcome.REBASED
        expected = {1: page("one"), 2: page("local two"), 9: EMPTY_PAGE, TOP: page("top again")}
        assert read(vol_b, list(expected)) == expected

        write_pages(vol_a, {}, truncate=2)
        vol_a.push()
        write_pages(vol_a, {TOP: page("top thrice")})
        vol_a.push()
        write_pages(vol_b, {7: page("local seven")})
        assert vol_b.pull() is PullOutcome.CONFLICT
        assert vol_b.status() is VolumeStatus.CONFLICT
        vol_b.reset_to_remote()
        expected = {1: page("one"), 2: EMPTY_PAGE, 7: EMPTY_PAGE, TOP: page("top thrice")}
        assert read(vol_b, list(expected)) == expected


def test_a_pull_past_the_metastore_s_limits_comes_in_steps(
    cluster: Cluster, tmp_path: Path
) -> None:
    """More segment references than one answer joins: the metastore answered "every page" up
    to 2^32-1, which the client marked one by one. Now each step names what it wrote."""
    refs_per_commit = 11_000  # near the metastore's 1 MiB body limit
    commits = MAX_GRAFT_SEGMENTS // refs_per_commit + 1
    with client_for(cluster, tmp_path / "b") as b, client_for(cluster, tmp_path / "a") as a:
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("one"), TOP: page("top")})
        vol_a.push()
        vol_b = b.open_volume(vol_a.vid)
        assert read(vol_b, [1]) == {1: page("one")}
        before = latest_lsn(vol_b)
        for base in range(1, commits + 1):
            # Receipted references to pages 2..11001, as a writer with that many tiny
            # write_pages calls would hold.
            refs = [SegmentRef(SegmentId.random(), Graft([idx])) for idx in range(2, 11_002)]
            request = CommitRequest(
                vid=vol_a.vid,
                cid=ClientId.random(),
                base_lsn=base,
                page_count=TOP,
                segments=signed(vol_a.vid, refs),
                commit_hash=bytes(32),
            )
            status, body = send(cluster.metastore.url, "/metastore/v1/commit", request)
            assert status == 200, body
        assert vol_b.pull() is PullOutcome.APPLIED
        snap = vol_b.snapshot()
        assert snap is not None and snap.remote_lsn == commits + 1 and snap.page_count == TOP
        steps = vol_b.log(before + 1)
        assert len(steps) >= 2  # the answer came in bounded steps
        assert pulled_pages(vol_b, before) == len(steps) * 11_000
        assert read(vol_b, [1, 11_002, TOP - 1]) == {
            1: page("one"),
            11_002: EMPTY_PAGE,
            TOP - 1: EMPTY_PAGE,
        }


def test_page_count_swings_read_as_the_model_at_every_pull(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A seeded random walk of writes and page counts (up to 2^32-1) on one client, pulled at
    random points by another: every page of interest reads as the model's."""
    rng = random.Random(14)
    watched = [1, 2, 3, 7, 40, 1 << 20, TOP - 1, TOP]
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        model: dict[int, bytes] = {}
        page_count = 0
        vol_b: Volume | None = None
        for step in range(24):
            dirty = {idx: page(f"{step} {idx}") for idx in rng.sample(watched, 2)}
            truncate = rng.choice([1, 2, 7, 1 << 20, None])
            if truncate is not None:
                page_count = truncate
                model = {idx: data for idx, data in model.items() if idx <= truncate}
            write_pages(vol_a, dirty, truncate=truncate)
            model |= dirty
            page_count = max([page_count, *dirty])
            vol_a.push()
            if vol_b is None:
                vol_b = b.open_volume(vol_a.vid)
            elif rng.random() < 0.4:
                before = latest_lsn(vol_b)
                vol_b.pull()
                # Only watched pages were ever written, stored, or blanked.
                assert pulled_pages(vol_b, before) <= len(watched)
                expected = {
                    i: model.get(i, EMPTY_PAGE) if i <= page_count else EMPTY_PAGE for i in watched
                }
                assert read(vol_b, watched) == expected
