"""verify: a sound store passes; a flipped byte in a segment is found and reported with the
(vid, LSN) range that reads it, and the command exits 1."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_pipeline.cli import main
from graft_pipeline.location import Location
from graft_pipeline.verify import run_verify
from tests.pagestore.cluster import Cluster
from tests.pipeline.history import Model, build_history, page

COMMITS = 30
DAMAGED_LSN = 10


def readers_of(model: Model, lsn: int, pageidxs: list[int]) -> int:
    """The newest LSN at which a page written at ``lsn`` still reads as that version."""
    return max(
        at
        for at in range(lsn, len(model.states) + 1)
        if any(model.at(at)[1].get(idx) == page(lsn, idx) for idx in pageidxs)
    )


def test_verify_reports_a_flipped_byte(
    spark: SparkSession, cluster: Cluster, location: Location
) -> None:
    http = cluster.client()
    model = build_history(http, DAMAGED_LSN - 1)
    written = {3: page(DAMAGED_LSN, 3), 7: page(DAMAGED_LSN, 7)}
    (damaged,) = http.write(model.vid, written)
    count = max(model.at(DAMAGED_LSN - 1)[0], 7)
    http.commit(model.vid, DAMAGED_LSN - 1, count, [damaged])
    model.states.append((count, {**model.at(DAMAGED_LSN - 1)[1], **written}))
    # Page 3 is rewritten at the next LSN, page 7 one later: the damage stops being read there.
    for lsn, idx in ((DAMAGED_LSN + 1, 3), (DAMAGED_LSN + 2, 7)):
        http.commit(model.vid, lsn - 1, count, http.write(model.vid, {idx: page(lsn, idx)}))
        model.states.append((count, {**model.at(lsn - 1)[1], idx: page(lsn, idx)}))
    rest = build_history(http, COMMITS, seed=3)  # another volume, untouched
    assert run_verify(spark, location, [model.vid, rest.vid])["ok"]

    path = Path(location.store) / "segments" / str(damaged.sid)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))

    result = CliRunner().invoke(
        main,
        ["verify", "--metastore", location.metastore, "--store", location.store, "--no-progress"],
    )
    assert result.exit_code == 1, result.output
    summary = json.loads(result.stdout)
    assert not summary["ok"] and summary["volumes"] == 2
    (problem,) = summary["problems"]
    assert problem["segment"] == str(damaged.sid) and "CRC" in problem["error"]
    last = readers_of(model, DAMAGED_LSN, list(written))
    assert last == DAMAGED_LSN + 1
    assert problem["affected"] == [
        {"vid": str(model.vid), "first_lsn": DAMAGED_LSN, "last_lsn": last}
    ]


def test_an_unknown_volume_is_bad_input(location: Location) -> None:
    unknown = str(VolumeId.random())
    where = ["--metastore", location.metastore, "--store", location.store, "--no-progress"]
    for job in (["verify"], ["compact", "--keep-last", "1"]):
        result = CliRunner().invoke(main, [*job, "--volumes", unknown, *where])
        assert result.exit_code == 2, result.output
        assert result.stderr == f"error: volume {unknown} has no commits\n"
