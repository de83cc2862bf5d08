"""Helpers of the SQLite-on-volumes tests: a registered VFS per client, JSON pragmas, polling."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import apsw

from graft_client import Client
from graft_client.sqlite import GraftVFS, register, unregister
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until

__all__ = ["Device", "device", "pragma_json", "wait_until"]

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
def device(data_dir: Path, cluster: Cluster | None = None, **kw: Any) -> Iterator[Device]:
    remote = {}
    if cluster is not None:
        remote = {"metastore": cluster.metastore.url, "pagestore": cluster.pagestore.url}
    with Client(data_dir, **remote, **kw) as client:
        made = Device(client)
        try:
            yield made
        finally:
            unregister(made.vfs)


def pragma_json(db: apsw.Connection, pragma: str) -> Any:
    """The JSON answer of a graft pragma (one row, one column)."""
    rows = db.execute(f"pragma {pragma}").fetchall()
    assert len(rows) == 1 and len(rows[0]) == 1, rows
    return json.loads(rows[0][0])
