"""export --format sqlite: rebuild each volume's database at an LSN and write every table as
Parquet, partitioned by volume: ``OUT/{table}/vid={vid}/part-0.parquet``.

Each Spark task writes its volume's files itself (through pyarrow's file systems, so ``OUT`` may
be a local path or an object store URL): tables differ in schema across databases, so there is
no single DataFrame to write. ``spark.read.parquet("OUT/{table}")`` reads one table of every
volume at once, with ``vid`` as a column. Column types follow the values (see
``graft_pipeline.sqlitefile``); a volume's columns of mixed types are listed in the summary
under ``as_text``.

A table name that is not plain (letters, digits, ``_``, ``-``) is written under a directory of
its name with every other character as ``_`` and a hash of the name appended, so no name can
reach outside ``OUT``; the summary maps such names to their directories under ``dirs``.

Spark would read a table's own ``vid`` column as the partition's (losing its values), so that
column is written as ``vid_`` (more ``_`` if taken), listed in the summary under ``renamed``.

A volume that is not a readable SQLite database is skipped and listed under ``skipped`` with
the reason; the other volumes are exported.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Mapping
from functools import partial
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]  # no stubs
import pyarrow.fs  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
from pyspark.sql import SparkSession

from graft_core.errors import InvalidInputError
from graft_core.ids import VolumeId
from graft_pipeline.export import Target
from graft_pipeline.location import Location
from graft_pipeline.pages import check_keys, pages_at
from graft_pipeline.sqlitefile import read_tables
from graft_pipeline.tasks import TaskContext, per_volume

__all__ = ["run_export_sqlite", "table_dir"]

_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
_PARTITION = "vid"


def table_dir(name: str) -> str:
    """The directory under ``OUT`` of table ``name``: the name itself when plain."""
    if _PLAIN_NAME.fullmatch(name):
        return name
    digest = hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=4).hexdigest()
    return f"{re.sub(r'[^A-Za-z0-9_-]', '_', name)}-{digest}"


def _partition_safe(table: pa.Table) -> tuple[pa.Table, dict[str, str]]:
    """``table`` without a column that Spark would confuse with the partition column."""
    names = table.column_names
    taken = {name.lower() for name in names}  # Spark resolves columns ignoring case
    renamed = {}
    for name in names:
        if name.lower() == _PARTITION:
            new = name + "_"
            while new.lower() in taken:
                new += "_"
            taken.add(new.lower())
            renamed[name] = new
    return table.rename_columns([renamed.get(name, name) for name in names]), renamed


def _export_volume(
    ctx: TaskContext, vid: VolumeId, *, lsns: Mapping[str, int], out: str
) -> Iterator[dict[str, Any]]:
    lsn = lsns[str(vid)]
    log = ctx.meta.log(vid)
    summary: dict[str, Any] = {"vid": str(vid), "lsn": lsn}
    try:
        pages = pages_at(ctx.store, log, lsn, ctx.meta.log, key=ctx.location.key)
        tables = read_tables(pages, log.page_count(lsn))
    except InvalidInputError as exc:
        yield {**summary, "skipped": str(exc)}
        return
    fs, root = pyarrow.fs.FileSystem.from_uri(out)
    renamed = {}
    for name, table in tables.items():
        data, renamed[name] = _partition_safe(table.data)
        directory = f"{root}/{table_dir(name)}/{_PARTITION}={vid}"
        fs.create_dir(directory, recursive=True)
        pq.write_table(data, f"{directory}/part-0.parquet", filesystem=fs)
    summary["tables"] = {name: table.data.num_rows for name, table in tables.items()}
    as_text = {name: list(table.as_text) for name, table in tables.items() if table.as_text}
    dirs = {name: table_dir(name) for name in tables if table_dir(name) != name}
    optional = {
        "as_text": as_text,
        "dirs": dirs,
        "renamed": {t: r for t, r in renamed.items() if r},
    }
    yield {**summary, **{key: value for key, value in optional.items() if value}}


def run_export_sqlite(
    spark: SparkSession, location: Location, targets: list[Target], out: str
) -> dict[str, Any]:
    check_keys(location, [vid for vid, _ in targets])
    lsns = {str(vid): lsn for vid, lsn in targets}
    work = partial(_export_volume, lsns=lsns, out=out)
    results = sorted(
        per_volume(spark, location, [vid for vid, _ in targets], work).collect(),
        key=lambda result: str(result["vid"]),
    )
    return {
        "job": "export",
        "format": "sqlite",
        "out": out,
        "volumes": [r for r in results if "skipped" not in r],
        "skipped": [r for r in results if "skipped" in r],
    }
