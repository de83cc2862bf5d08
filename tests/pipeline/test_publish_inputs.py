"""publish on inputs SQLite or the JSON summary would trip over: names SQLite refuses are refused
before any Spark work (not as a task's traceback), and binary keys show in the summary."""

from __future__ import annotations

import json

import pytest
from pyspark.sql import SparkSession

from graft_core.errors import InvalidInputError
from graft_pipeline.location import Location
from graft_pipeline.publish import publish_vid, run_publish

# Never contacted: the input is refused first.
NOWHERE = Location(
    metastore="http://127.0.0.1:9", store="memory://", pagestore="http://127.0.0.1:9"
)


@pytest.mark.parametrize(
    ("columns", "table", "problem"),
    [
        ("id long, ID string", "t", "case-insensitive"),
        ("id long, v string", "sqlite_stats", "reserved"),
        ("id long, v string", "", "empty"),
    ],
)
def test_publish_refuses_names_sqlite_refuses(
    spark: SparkSession, columns: str, table: str, problem: str
) -> None:
    frame = spark.createDataFrame([(1, "x")], columns)
    with pytest.raises(InvalidInputError, match=problem):
        run_publish(spark, NOWHERE, frame, "id", table)


def test_publish_summary_shows_binary_keys(spark: SparkSession, location: Location) -> None:
    frame = spark.createDataFrame([(b"\x00k", 1), (b"\xffz", 2)], "k binary, v long")

    summary = run_publish(spark, location, frame, "k", "blobs")

    shown = json.loads(json.dumps(summary))
    assert sorted((k["key"], k["vid"], k["status"]) for k in shown["keys"]) == [
        ("006b", str(publish_vid("blobs", b"\x00k")), "created"),
        ("ff7a", str(publish_vid("blobs", b"\xffz")), "created"),
    ]
