"""Direct-mode test support: a remote (moto S3 bucket or a shared directory), clients on it,
and the commit log read straight from the store."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from graft_client import Client, LiteClient
from graft_core.ids import VolumeId
from graft_core.objstore import open_store
from graft_core.wire import decode
from metastore_server.records import LogRecord

__all__ = ["Remote", "stored_commits", "stored_lsns"]

GRAFT = str(Path(sys.executable).with_name("graft"))


@dataclass
class Remote:
    """A store URL and the environment that reaches it (AWS_* for moto)."""

    url: str
    env: Mapping[str, str] = field(default_factory=dict)

    def client(self, data_dir: Path) -> Client:
        return Client(data_dir, remote=self.url)

    def lite(self) -> LiteClient:
        return LiteClient(remote=self.url)

    def child_env(self) -> dict[str, str]:
        return {**os.environ, **self.env}


def new_remote_url(base: str) -> str:
    """A fresh prefix under ``base``: each test its own cluster."""
    return f"{base.rstrip('/')}/{uuid.uuid4().hex}"


def stored_commits(remote: Remote, vid: VolumeId) -> list[LogRecord]:
    """The commit records of ``vid`` in the store, in LSN order."""
    store = open_store(remote.url, env={**os.environ, **remote.env})
    try:
        prefix = f"volumes/{vid}/log/"
        return [decode(store.get(meta.key), LogRecord) for meta in store.list(prefix)]
    finally:
        store.close()


def stored_lsns(remote: Remote, vid: VolumeId) -> list[int]:
    return [record.lsn for record in stored_commits(remote, vid)]
