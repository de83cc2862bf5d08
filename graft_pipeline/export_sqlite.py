"""export --format sqlite: rebuild each volume's database at an LSN and write every table as
Parquet, partitioned by volume: ``OUT/{table}/vid={vid}/part-0.parquet``.

Each Spark task writes its volume's files itself (through pyarrow's file systems, so ``OUT`` may
be a local path or an object store URL): tables differ in schema across databases, so there is
no single DataFrame to write. ``spark.read.parquet("OUT/{table}")`` reads one table of every
volume at once, with ``vid`` as a column.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from typing import Any

import pyarrow.fs  # type: ignore[import-untyped]  # no stubs
import pyarrow.parquet as pq  # type: ignore[import-untyped]
from pyspark.sql import SparkSession

from graft_core.ids import VolumeId
from graft_pipeline.export import Target
from graft_pipeline.location import Location
from graft_pipeline.pages import pages_at
from graft_pipeline.sqlitefile import read_tables
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["run_export_sqlite"]


def _export_volume(
    ctx: TaskContext, vid: VolumeId, *, lsns: Mapping[str, int], out: str
) -> Iterator[dict[str, Any]]:
    lsn = lsns[str(vid)]
    log = ctx.meta.log(vid)
    tables = read_tables(pages_at(ctx.store, log, lsn), log.page_count(lsn))
    fs, root = pyarrow.fs.FileSystem.from_uri(out)
    for name, table in tables.items():
        directory = f"{root}/{name}/vid={vid}"
        fs.create_dir(directory, recursive=True)
        pq.write_table(table, f"{directory}/part-0.parquet", filesystem=fs)
    yield {"vid": str(vid), "lsn": lsn, "tables": {n: t.num_rows for n, t in tables.items()}}


def run_export_sqlite(
    spark: SparkSession, location: Location, targets: list[Target], out: str
) -> dict[str, Any]:
    lsns = {str(vid): lsn for vid, lsn in targets}
    work = partial(_export_volume, lsns=lsns, out=out)
    volumes = per_volume(spark, location, [vid for vid, _ in targets], work).collect()
    return {"job": "export", "format": "sqlite", "out": out, "volumes": volumes}
