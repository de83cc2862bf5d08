"""Helpers of the SQLite-on-volumes tests: a registered VFS per client, JSON pragmas, polling."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import apsw

from graft_client import Client
from graft_client.sqlite import GraftVFS, register, unregister
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until

__all__ = [
    "Device",
    "as_stored",
    "device",
    "extended_result",
    "key_values",
    "pragma_json",
    "scalar",
    "wait_until",
]

T = TypeVar("T")
_names = itertools.count()


class Device:
    """A client (one data dir) with its own VFS name, as one app on one device would have."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.vfs = f"graft-test-{next(_names)}"
        self.registered: GraftVFS = register(client, self.vfs)

    def connect(self, vid: str = "new") -> apsw.Connection:
        return apsw.Connection(vid, vfs=self.vfs)


@contextmanager
def device(data_dir: Path, cluster: Cluster | None = None) -> Iterator[Device]:
    metastore = pagestore = None
    if cluster is not None:
        metastore, pagestore = cluster.metastore.url, cluster.pagestore.url
    with Client(data_dir, metastore=metastore, pagestore=pagestore) as client:
        made = Device(client)
        try:
            yield made
        finally:
            unregister(made.vfs)


# Page 1's change counter and its version-valid-for twin: a volume serves them as the snapshot's
# LSN (``VolumeFile``) and does not store them, so a commit that changed nothing else in page 1
# leaves it out.
_SERVED_COUNTERS = (slice(24, 28), slice(92, 96))


def as_stored(pages: Sequence[bytes]) -> list[bytes]:
    """A database image's pages as a volume stores SQLite's writes: page 1 without its
    counters (zeroed), every other page as it is."""
    found = list(pages)
    if found:
        first = bytearray(found[0])
        for counter in _SERVED_COUNTERS:
            first[counter] = bytes(4)
        found[0] = bytes(first)
    return found


def pragma_json(db: apsw.Connection, pragma: str) -> Any:
    """The JSON answer of a graft pragma (one row, one column)."""
    return json.loads(scalar(db, f"pragma {pragma}", str))


def scalar(
    db: apsw.Connection, sql: str, kind: type[T], bindings: apsw.Bindings | None = None
) -> T:
    """The one value a query answers (one row, one column), checked to be a ``kind``."""
    rows = db.execute(sql, bindings).fetchall()
    assert len(rows) == 1 and len(rows[0]) == 1, rows
    value = rows[0][0]
    assert isinstance(value, kind), value
    return value


def key_values(db: apsw.Connection, sql: str) -> dict[str, apsw.SQLiteValue]:
    """The rows of a two-column query of text keys, as a dict (as the graft_status table)."""
    found: dict[str, apsw.SQLiteValue] = {}
    for key, value in db.execute(sql).fetchall():
        assert isinstance(key, str), key
        found[key] = value
    return found


def extended_result(error: apsw.Error) -> int:
    """The extended result code of an error, as SQLITE_BUSY_SNAPSHOT for a stale snapshot."""
    # apsw's stub documents Error.extendedresult but does not declare it (apsw 3.54.1.0).
    code = error.extendedresult  # type: ignore[attr-defined]
    assert isinstance(code, int), code
    return code
