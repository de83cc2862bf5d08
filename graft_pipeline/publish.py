"""publish: rows partitioned by a key column -> one SQLite database per key, committed as the next
LSN of that key's volume.

Each key's volume id is derived from (table, key) (see ``publish_vid``), so the first run
creates it (a commit with no base LSN) and later runs find it without any registry. A run
rebuilds the database file, compares it page by page with the volume's latest version (read
straight from the segments) and writes only the pages that differ, so edge clients pull just
the new data. Rows are sorted within each database so unchanged input gives unchanged pages
and no commit at all. Commits are compare-and-set on the base LSN: a concurrent writer makes
the commit fail (409) rather than be overwritten.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import Any

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import types as T

from graft_core.commit_hash import commit_hash
from graft_core.crypto import Keyring, seal_page
from graft_core.errors import InvalidInputError, KeyRequiredError, VolumeNotFoundError
from graft_core.ids import ClientId, VolumeId
from graft_core.rpcclient import SyncPagestoreClient
from graft_core.types import EMPTY_PAGE
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.pages import keyring_of, pages_at
from graft_pipeline.sqlitefile import build_database, check_schema, file_pages

__all__ = ["publish_vid", "run_publish"]

_SQLITE_TYPES: dict[type[T.DataType], str] = {
    T.LongType: "INTEGER",
    T.IntegerType: "INTEGER",
    T.ShortType: "INTEGER",
    T.ByteType: "INTEGER",
    T.BooleanType: "INTEGER",
    T.DoubleType: "REAL",
    T.FloatType: "REAL",
    T.StringType: "TEXT",
    T.BinaryType: "BLOB",
}


def publish_vid(table: str, key: object) -> VolumeId:
    """The volume of ``key``'s database: a zero timestamp marks a derived (not random) id."""
    digest = hashlib.blake2b(f"{table}\0{key!r}".encode(), digest_size=9).digest()
    return VolumeId(bytes([0x80]) + bytes(6) + digest)


def _columns(frame: DataFrame) -> list[tuple[str, str]]:
    columns = []
    for field in frame.schema.fields:
        kind = _SQLITE_TYPES.get(type(field.dataType))
        if kind is None:
            raise InvalidInputError(f"column {field.name!r}: {field.dataType} cannot be published")
        columns.append((field.name, kind))
    return columns


def _shown(key: object) -> object:
    """``key`` as the JSON summary can show it (binary keys in hex)."""
    return key.hex() if isinstance(key, bytes | bytearray) else key


def _publish_key(
    meta: MetastoreHttp,
    pagestore: SyncPagestoreClient,
    location: Location,
    vid: VolumeId,
    database: bytes,
) -> dict[str, Any]:
    new = file_pages(database)
    try:
        base, old, old_count, ring = _current(meta, location, vid)
    except KeyRequiredError as exc:  # told in the summary: a task's exception would be a trace
        return {
            "vid": str(vid),
            "pages": len(new),
            "changed_pages": 0,
            "status": "refused",
            "error": str(exc),
        }
    changed = {idx: page for idx, page in new.items() if old.get(idx, EMPTY_PAGE) != page}
    result: dict[str, Any] = {"vid": str(vid), "pages": len(new), "changed_pages": len(changed)}
    if not changed and len(new) == old_count:
        return {**result, "lsn": base, "status": "unchanged"}
    pages = sorted(changed.items())
    keyring = b""
    if ring is not None:
        key = ring.current()
        pages = [(idx, seal_page(key, vid, idx, (base or 0) + 1, page)) for idx, page in pages]
        keyring = ring.encode()
    refs = pagestore.write_pages(vid, pages, sealed=ring is not None)
    digest = commit_hash(vid, base, len(new), pages)
    snapshot = meta.commit(vid, ClientId.random(), base, len(new), refs, digest, keyring)
    return {**result, "lsn": snapshot.lsn, "status": "created" if base is None else "updated"}


def _current(
    meta: MetastoreHttp, location: Location, vid: VolumeId
) -> tuple[int | None, dict[int, bytes], int, Keyring | None]:
    """The volume's latest LSN, pages, page count and keyring (None: plain). A new volume is
    encrypted if the job has a key (DESIGN 13); an existing one keeps what it is."""
    try:
        log = meta.log(vid)
    except VolumeNotFoundError:
        key = location.key
        return None, {}, 0, None if key is None else Keyring.create(vid, key)
    encoded = log.commits[-1].keyring if log.commits else b""
    ring = keyring_of(log, location.key) if encoded else None
    with location.open_store() as store:
        pages = pages_at(store, log, log.latest, meta.log, key=location.key)
    return log.latest, pages, log.page_count(log.latest), ring


def _publish_partition(
    location: Location,
    table: str,
    columns: list[tuple[str, str]],
    groups: Iterable[tuple[Any, Iterable[tuple[Any, ...]]]],
) -> Iterator[dict[str, Any]]:
    assert location.pagestore is not None, "run_publish checked it"
    with (
        MetastoreHttp(location.metastore, location.token) as meta,
        SyncPagestoreClient(location.pagestore, location.token) as pagestore,
    ):
        for key, rows in groups:
            # Sorted by their text form: stable for any mix of types, None included.
            ordered = sorted(rows, key=repr)
            database = build_database(table, columns, ordered)
            result = _publish_key(meta, pagestore, location, publish_vid(table, key), database)
            yield {"key": _shown(key), "rows": len(ordered), **result}


def run_publish(
    spark: SparkSession, location: Location, frame: DataFrame, key: str, table: str
) -> dict[str, Any]:
    if key not in frame.columns:
        raise InvalidInputError(f"no column {key!r} in the input (columns: {frame.columns})")
    if location.pagestore is None:
        raise InvalidInputError("say where the pagestore is: --pagestore URL or --data-dir D")
    columns = _columns(frame)
    check_schema(table, columns)
    at = frame.columns.index(key)
    groups = frame.rdd.map(lambda row: (row[at], tuple(row))).groupByKey()
    keys = groups.mapPartitions(lambda part: _publish_partition(location, table, columns, part))
    published: list[dict[str, Any]] = sorted(keys.collect(), key=lambda r: repr(r["key"]))
    return {
        "job": "publish",
        "table": table,
        "keys": published,
        "changed_pages": sum(r["changed_pages"] for r in published),
        "commits": sum(r["status"] in ("created", "updated") for r in published),
        "ok": all(r["status"] != "refused" for r in published),
    }
