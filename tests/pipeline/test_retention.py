"""compact --keep-newer: commit times are the metastore's ``CommitInfo.ts_ms`` (segment-id times
only for commits stored without one), and the horizon follows from an explicit "now", so the test
never waits for a clock."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pyspark.sql import SparkSession

from graft_core.errors import SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import SegmentId
from graft_core.wire import CommitInfo, SegmentRef
from graft_pipeline.cli import main
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.retention import Retention
from tests.pagestore.cluster import Cluster
from tests.pipeline.history import build_history
from tests.pipeline.test_compact import check_reads

COMMITS = 40
HOUR_MS = 3_600_000


def commit(lsn: int, segment_ms: int | None, ts_ms: int | None) -> CommitInfo:
    segments = [] if segment_ms is None else [SegmentRef(SegmentId.random(segment_ms), Graft([1]))]
    return CommitInfo(lsn=lsn, page_count=1, segments=segments, ts_ms=ts_ms)


def test_keep_newer_uses_commit_times_over_segment_times() -> None:
    day = 24 * HOUR_MS
    now = 100 * day
    # Segments written long before their commits (e.g. a client that was offline for days).
    commits = [commit(lsn, segment_ms=lsn, ts_ms=now - (6 - lsn) * day) for lsn in range(1, 6)]
    assert Retention(keep_newer_s=2.5 * 86400).horizon(commits, now) == 4
    assert Retention(keep_newer_s=2.5 * 86400, keep_last=4).horizon(commits, now) == 2
    assert Retention(keep_newer_s=0).horizon(commits, now) == 5  # the latest is always kept


def test_keep_newer_falls_back_to_segment_times_without_ts() -> None:
    # Commits stored before the metastore recorded times; LSN 3 is a pure truncate.
    commits = [
        commit(1, segment_ms=1_000, ts_ms=None),
        commit(2, segment_ms=2_000, ts_ms=None),
        commit(3, segment_ms=None, ts_ms=None),
        commit(4, segment_ms=4_000, ts_ms=None),
        commit(5, segment_ms=None, ts_ms=5_000),  # mixed: a newer metastore took over
        commit(6, segment_ms=6_000, ts_ms=6_000),
    ]
    assert Retention(keep_newer_s=0.5).horizon(commits, 2_600) == 4  # LSN 3 reads as 2_000
    assert Retention(keep_newer_s=1.5).horizon(commits, 3_500) == 2
    assert Retention(keep_newer_s=1.5).horizon(commits, 6_400) == 5


def test_compact_keep_newer_cli(spark: SparkSession, cluster: Cluster, location: Location) -> None:
    model = build_history(cluster.client(), COMMITS, seed=5)
    with MetastoreHttp(location.metastore) as meta:
        commits = meta.log(model.vid).commits
    times = [c.ts_ms for c in commits]
    assert all(ts is not None for ts in times), "the metastore reports commit times"
    stamps = [ts for ts in times if ts is not None]
    assert stamps == sorted(stamps)
    # The first commit past the middle whose time is strictly after its predecessor's.
    horizon = next(lsn for lsn in range(COMMITS // 2, COMMITS) if stamps[lsn - 1] > stamps[lsn - 2])
    now = stamps[horizon - 1] + HOUR_MS  # exactly one hour after the horizon's commit
    args = [
        "compact",
        "--metastore",
        location.metastore,
        "--store",
        location.store,
        "--volumes",
        str(model.vid),
        "--keep-newer",
        "1h",
        "--now-ms",
        str(now),
        "--no-progress",
    ]

    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    (volume,) = json.loads(result.stdout)["volumes"]
    assert volume["status"] == "compacted" and volume["horizon"] == horizon

    check_reads(cluster, model, range(horizon, COMMITS + 1))
    http = cluster.client()
    for lsn in (1, horizon - 1):
        with pytest.raises(SnapshotNotFoundError):
            http.read(model.vid, lsn, [1])

    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.output
    (volume,) = json.loads(again.stdout)["volumes"]
    assert volume["status"] == "unchanged" and volume["horizon"] == horizon
