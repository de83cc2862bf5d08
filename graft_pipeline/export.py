"""export --format pages: the pages of volumes at an LSN as Parquet rows (vid, lsn, pageidx, page).

Pages are read in Spark tasks straight from the segments; pages that read as zeros (never
written, truncated, or written empty) are left out, as the pagestore leaves them out of a read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql.types import BinaryType, LongType, StringType, StructField, StructType

from graft_core.ids import VolumeId
from graft_pipeline.location import Location
from graft_pipeline.pages import check_keys, pages_at
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["PAGES_SCHEMA", "Target", "run_export_pages"]

PAGES_SCHEMA = StructType(
    [
        StructField("vid", StringType(), nullable=False),
        StructField("lsn", LongType(), nullable=False),
        StructField("pageidx", LongType(), nullable=False),
        StructField("page", BinaryType(), nullable=False),
    ]
)

# A volume and the LSN to export it at.
Target = tuple[VolumeId, int]


def _rows(
    ctx: TaskContext, vid: VolumeId, *, lsns: Mapping[str, int]
) -> Iterator[tuple[str, int, int, bytes]]:
    lsn = lsns[str(vid)]
    log = ctx.meta.log(vid)
    for pageidx, page in pages_at(ctx.store, log, lsn, ctx.meta.log, key=ctx.location.key).items():
        yield str(vid), lsn, pageidx, page


def run_export_pages(
    spark: SparkSession, location: Location, targets: list[Target], out: str
) -> dict[str, Any]:
    check_keys(location, [vid for vid, _ in targets])
    lsns = {str(vid): lsn for vid, lsn in targets}
    rows = per_volume(spark, location, [vid for vid, _ in targets], partial(_rows, lsns=lsns))
    frame = spark.createDataFrame(rows, PAGES_SCHEMA)
    frame.write.parquet(out)
    written = spark.read.parquet(out)
    return {
        "job": "export",
        "format": "pages",
        "out": out,
        "volumes": [{"vid": vid, "lsn": lsn} for vid, lsn in sorted(lsns.items())],
        "pages": written.count(),
    }
