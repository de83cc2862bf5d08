"""export --format sqlite on databases typed the way SQLite types them (issue 14, item 14): declared
types other than the four storage-class names, values whose storage class is not the column's
affinity, odd table names, a column named like the partition column, and volumes that are not
SQLite databases (skipped and named)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import apsw
import pytest
from click.testing import CliRunner
from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_pipeline.cli import main
from graft_pipeline.export_sqlite import run_export_sqlite, table_dir
from graft_pipeline.location import Location
from graft_pipeline.sqlitefile import affinity, file_pages
from tests.pagestore.cluster import Cluster

SCHEMA = """
CREATE TABLE items (
    id INTEGER PRIMARY KEY, updated_ms int, price DECIMAL(10, 2), name VARCHAR(20),
    body CLOB, ratio DOUBLE PRECISION, weight FLOAT, flag BOOLEAN, raw, stamp DATETIME
);
CREATE TABLE "../outside" (x, vid TEXT);
"""
TYPED_ROWS = """
INSERT INTO items VALUES (1, 1700000000000, 9.5, 'a', 'long text', 0.25, 2, 1, x'00ff', 20240101);
INSERT INTO items VALUES (2, -5, 3, 'b', NULL, 1e300, 2.5, 0, x'', 20240102);
INSERT INTO "../outside" VALUES (1, 'own');
"""
# Values that SQLite keeps as another storage class than the column's affinity.
MIXED_ROWS = """
INSERT INTO items VALUES (1, 1700000000000, 1.5, 'a', 'x', 0.5, 1.0, 1, 7, '2024-01-01');
INSERT INTO items VALUES (2, 'yesterday', 2, 'b', x'41', 2, 3, 'yes', 'seven', 5);
INSERT INTO items VALUES (3, x'00ff', 9007199254740993, CAST(x'ff41' AS TEXT), 4, 1, 2, 0, 7.5, 6);
INSERT INTO "../outside" VALUES (2, 'mine');
"""


def database(sql: str) -> dict[int, bytes]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "db.sqlite"
        conn = apsw.Connection(str(path))
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        conn.execute(sql)
        conn.close()
        return file_pages(path.read_bytes())


def volume(cluster: Cluster, pages: dict[int, bytes]) -> VolumeId:
    vid = VolumeId.random()
    http = cluster.client()
    try:
        http.commit(vid, None, len(pages), http.write(vid, pages))
    finally:
        http.close()
    return vid


def test_affinity_follows_sqlite_rules() -> None:
    assert [
        affinity(declared)
        for declared in ["int", "BIGINT", "VARCHAR(20)", "clob", "", "blob", "double", "FLOAT"]
    ] == ["INTEGER", "INTEGER", "TEXT", "TEXT", "BLOB", "BLOB", "REAL", "REAL"]
    # Rule order matters: "CHARINT" has INT first, "POINT" contains INT, "DECIMAL" is numeric.
    assert [affinity(d) for d in ["CHARINT", "POINT", "DECIMAL(10,2)", "DATETIME"]] == [
        "INTEGER",
        "INTEGER",
        "NUMERIC",
        "NUMERIC",
    ]


def test_export_skips_volumes_that_are_not_databases_and_names_them(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    good = volume(cluster, database("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);"))
    garbage = volume(cluster, file_pages(random.Random(14).randbytes(3 * PAGE_SIZE)))
    out = tmp_path / "export"

    summary = run_export_sqlite(spark, location, [(good, 1), (garbage, 1)], str(out))

    assert [(s["vid"], s["lsn"]) for s in summary["skipped"]] == [(str(garbage), 1)]
    assert "not a readable SQLite database" in summary["skipped"][0]["skipped"]
    assert summary["volumes"] == [{"vid": str(good), "lsn": 1, "tables": {"t": 1}}]
    assert [tuple(r) for r in spark.read.parquet(str(out / "t")).collect()] == [(1, str(good))]


def test_export_types_columns_by_their_values(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    typed = volume(cluster, database(SCHEMA + TYPED_ROWS))
    mixed = volume(cluster, database(SCHEMA + MIXED_ROWS))
    out = tmp_path / "export"

    summary = run_export_sqlite(spark, location, [(typed, 1), (mixed, 1)], str(out))

    assert summary["skipped"] == []
    by_vid = {v["vid"]: v for v in summary["volumes"]}
    assert set(by_vid) == {str(typed), str(mixed)}
    assert by_vid[str(typed)]["tables"] == {"../outside": 1, "items": 2}
    assert "as_text" not in by_vid[str(typed)]
    # Its own vid column would be shadowed by the partition column when Spark reads it.
    assert by_vid[str(typed)]["renamed"] == {"../outside": {"vid": "vid_"}}
    assert by_vid[str(typed)]["dirs"] == {"../outside": table_dir("../outside")}
    assert by_vid[str(mixed)]["as_text"] == {
        "items": [
            "updated_ms",
            "price",
            "body",
            "flag",
            "raw",
            "stamp",
        ]
    }

    typed_items = spark.read.parquet(str(out / "items" / f"vid={typed}"))
    assert dict(typed_items.dtypes) == {
        "id": "bigint",
        "updated_ms": "bigint",
        "price": "double",
        "name": "string",
        "body": "string",
        "ratio": "double",
        "weight": "double",
        "flag": "bigint",
        "raw": "binary",
        "stamp": "bigint",
    }
    assert [tuple(r) for r in typed_items.orderBy("id").collect()] == [
        (1, 1700000000000, 9.5, "a", "long text", 0.25, 2.0, 1, bytearray(b"\x00\xff"), 20240101),
        (2, -5, 3.0, "b", None, 1e300, 2.5, 0, bytearray(), 20240102),
    ]

    mixed_items = spark.read.parquet(str(out / "items" / f"vid={mixed}"))
    assert [tuple(r) for r in mixed_items.orderBy("id").collect()] == [
        (1, "1700000000000", "1.5", "a", "x", 0.5, 1.0, "1", "7", "2024-01-01"),
        (2, "yesterday", "2", "b", "41", 2.0, 3.0, "yes", "seven", "5"),
        (3, "00ff", "9007199254740993", "\ufffdA", "4", 1.0, 2.0, "0", "7.5", "6"),
    ]

    # Every file stays under OUT, and the oddly named table reads back from its directory.
    assert not (tmp_path / "outside").exists()
    assert all(out in path.parents for path in tmp_path.rglob("*.parquet"))
    odd = spark.read.parquet(str(out / table_dir("../outside")))
    assert {tuple(r) for r in odd.select("vid", "x", "vid_").collect()} == {
        (str(typed), 1, "own"),
        (str(mixed), 2, "mine"),
    }


def test_export_to_a_relative_directory(
    spark: SparkSession,
    cluster: Cluster,
    location: Location,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pages = database("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (7);")
    good = volume(cluster, pages)
    monkeypatch.chdir(tmp_path)
    where = ["--metastore", location.metastore, "--store", location.store, "--no-progress"]
    for fmt in ("sqlite", "pages"):
        args = ["export", "--format", fmt, "--out", f"out-{fmt}", "--volumes", str(good), *where]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
    assert [tuple(r) for r in spark.read.parquet(str(tmp_path / "out-sqlite" / "t")).collect()] == [
        (7, str(good))
    ]
    assert spark.read.parquet(str(tmp_path / "out-pages")).count() == len(pages)
