"""publish, then read back: through the volume's pages opened with apsw, through export --format
sqlite (Parquet per table, partitioned by vid) and export --format pages; a second publish with
one key changed commits only that key, and only the pages that differ."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import apsw
from pyspark.sql import DataFrame, SparkSession

from graft_client import LiteClient
from graft_core.ids import VolumeId
from graft_pipeline.export import run_export_pages
from graft_pipeline.export_sqlite import run_export_sqlite
from graft_pipeline.location import Location
from graft_pipeline.publish import publish_vid, run_publish

TABLE = "events"
KEYS = ["berlin", "lagos", "lima"]
COLUMNS = "site STRING, id LONG, score DOUBLE, note STRING, tag BINARY"


def rows_for(seed: int, per_key: int = 150) -> list[tuple[Any, ...]]:
    rng = random.Random(seed)
    return [
        (
            key,
            n,
            rng.choice([None, round(rng.uniform(0, 100), 3)]),
            " ".join(rng.choices(["graft", "page", "lsn", "sync"], k=rng.randrange(1, 30))),
            rng.randbytes(rng.randrange(0, 40)),
        )
        for key in KEYS
        for n in range(per_key)
    ]


def as_set(rows: list[Any]) -> set[tuple[Any, ...]]:
    return {tuple(bytes(v) if isinstance(v, bytearray) else v for v in row) for row in rows}


def volume_rows(lite: LiteClient, vid: VolumeId) -> set[tuple[Any, ...]]:
    """The table, read from the volume's latest pages written to a file and opened with apsw."""
    snapshot = lite.snapshot(vid)
    pages = lite.read_many(vid, range(1, snapshot.page_count + 1), snapshot.lsn)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "db.sqlite"
        path.write_bytes(b"".join(pages[idx] for idx in sorted(pages)))
        conn = apsw.Connection(str(path))
        try:
            return as_set(conn.execute(f"SELECT * FROM {TABLE}").fetchall())
        finally:
            conn.close()


def publish(spark: SparkSession, location: Location, tmp: Path, rows: list[Any]) -> dict[str, Any]:
    path = str(tmp / f"input-{len(list(tmp.iterdir()))}")
    spark.createDataFrame(rows, COLUMNS).write.parquet(path)
    frame: DataFrame = spark.read.parquet(path)
    return run_publish(spark, location, frame, "site", TABLE)


def test_publish_export_round_trip(spark: SparkSession, location: Location, tmp_path: Path) -> None:
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    rows = rows_for(1)
    first = publish(spark, location, inputs, rows)
    assert [k["status"] for k in first["keys"]] == ["created"] * len(KEYS)
    vids = {key: publish_vid(TABLE, key) for key in KEYS}

    with LiteClient(location.metastore, location.pagestore) as lite:
        for key, vid in vids.items():
            assert volume_rows(lite, vid) == as_set([r for r in rows if r[0] == key])

    targets = [(vid, 1) for vid in vids.values()]
    run_export_sqlite(spark, location, targets, str(tmp_path / "tables"))
    exported = spark.read.parquet(str(tmp_path / "tables" / TABLE))
    key_of = {str(vid): key for key, vid in vids.items()}
    assert {key_of[v] for (v,) in exported.select("vid").distinct().collect()} == set(KEYS)
    assert as_set(exported.drop("vid").collect()) == as_set(rows)

    pages = run_export_pages(spark, location, targets, str(tmp_path / "pages"))
    assert pages["pages"] == sum(k["pages"] for k in first["keys"])
    with LiteClient(location.metastore, location.pagestore) as lite:
        for vid_text, pageidx, data in (
            spark.read.parquet(str(tmp_path / "pages")).select("vid", "pageidx", "page").collect()
        ):
            assert lite.read(vid_text, pageidx, 1) == bytes(data)

    # Second run: one key's rows change; the others commit nothing.
    changed = [(*r[:3], "edited", r[4]) if r[0] == "lima" and r[1] == 7 else r for r in rows]
    second = publish(spark, location, inputs, changed)
    by_key = {k["key"]: k for k in second["keys"]}
    assert by_key["berlin"]["status"] == by_key["lagos"]["status"] == "unchanged"
    assert by_key["lima"]["status"] == "updated" and by_key["lima"]["lsn"] == 2
    assert 0 < by_key["lima"]["changed_pages"] < by_key["lima"]["pages"]
    with LiteClient(location.metastore, location.pagestore) as lite:
        assert volume_rows(lite, vids["lima"]) == as_set([r for r in changed if r[0] == "lima"])
