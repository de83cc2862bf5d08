"""Where a job's data lives: the metastore (commits, through its API) and the segment store.

A ``Location`` is plain, picklable data: Spark ships it to every task, and each task opens its
own HTTP client and object store from it (connections do not pickle).

There is no default address: a job runs against the servers it is told of (options, then
``GRAFT_*`` variables, then the config file: ``graft_core.settings``) or against the live owner
of ``--data-dir`` (its ``servers.json``, below the config file).
``check_cluster`` then refuses to go on unless the metastore and the segment store carry the
same cluster key, so no job judges one cluster's segments by another cluster's commits, and
unless each URL leads to the service it is given for (a pagestore given, of the same cluster).
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass
from pathlib import Path

from graft_core.cluster import read_marker
from graft_core.crypto import Key
from graft_core.datadir import read_servers
from graft_core.errors import ServiceUnavailableError, WrongClusterError
from graft_core.objstore import ObjectStore, open_store
from graft_core.receipts import ReceiptKey
from graft_core.rpcclient import probe_health
from graft_core.settings import Settings

__all__ = ["Location"]

_HEALTH_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Location:
    metastore: str
    store: str
    pagestore: str | None = None
    token: str | None = None
    # Signs the segments compaction writes, so the metastore accepts its checkpoints.
    receipt_key: ReceiptKey | None = None
    cluster: str | None = None  # as ``servers.json`` announced it, checked against both
    # The key-encryption key of encrypted volumes, for the jobs that read pages (DESIGN 13).
    key: Key | None = None

    @classmethod
    def resolve(
        cls,
        *,
        metastore: str | None,
        store: str | None,
        data_dir: Path | None,
        pagestore: str | None = None,
        token: str | None = None,
        receipt_key_file: Path | None = None,
        config: str | os.PathLike[str] | None = None,
        key: Key | None = None,
    ) -> Location:
        """The servers and token as ``Settings.resolve`` finds them, with what the live owner of
        ``data_dir`` announced in ``servers.json`` (``NotFoundError`` if none) below the config
        file (the named one, else ``data_dir/graft.toml``); its receipt key too, unless a key
        file or ``GRAFT_RECEIPT_KEY`` is given."""
        announced = {} if data_dir is None else read_servers(data_dir)
        settings = Settings.resolve(
            data_dir=data_dir,
            metastore=metastore,
            pagestore=pagestore,
            token=token,
            config=config,
            found={k: v for k, v in announced.items() if k in ("metastore", "pagestore")},
        )
        if settings.metastore is None:
            raise ValueError("say where the metastore is: --metastore URL or --data-dir D")
        store = store or announced.get("store")
        if store is None:
            raise ValueError("say where the segments are: --store URL or --data-dir D")
        return cls(
            metastore=settings.metastore,
            store=store,
            pagestore=settings.pagestore,
            token=settings.token,
            receipt_key=(
                ReceiptKey.load(receipt_key_file)
                if receipt_key_file is not None
                else ReceiptKey.from_env(data_dir)
            ),
            cluster=announced.get("cluster"),
            key=key if key is not None else Key.from_env(),
        )

    def open_store(self) -> ObjectStore:
        return open_store(self.store)

    def metastore_cluster(self) -> uuid.UUID:
        """The cluster key the metastore's ``/health`` reports (``InvalidInputError`` if the URL
        leads to no metastore)."""
        health = probe_health(self.metastore, "metastore", _HEALTH_TIMEOUT_S)
        if health is None or health.cluster is None:
            raise ServiceUnavailableError(
                f"metastore {self.metastore} did not report its cluster key (unreachable or "
                "starting)"
            )
        return health.cluster

    def _check_pagestore(self, cluster: uuid.UUID) -> None:
        """A pagestore URL must lead to a pagestore of ``cluster``: a job that pushes pages to
        another cluster's would commit segments this cluster's store never holds. Only
        ``publish`` writes to it, so one that does not answer is left for that job to tell."""
        if self.pagestore is None:
            return
        health = probe_health(self.pagestore, "pagestore", _HEALTH_TIMEOUT_S)
        if health is not None and health.cluster not in (None, cluster):
            raise WrongClusterError(
                f"metastore {self.metastore} is cluster {cluster} but pagestore {self.pagestore} "
                f"is cluster {health.cluster}: refusing to mix two clusters"
            )

    def check_cluster(self) -> uuid.UUID:
        """The cluster key, once the metastore and the segment store are seen to share it."""
        meta = self.metastore_cluster()
        with self.open_store() as store:
            marked = read_marker(store)
        if marked is None:
            raise WrongClusterError(
                f"segment store {self.store} carries no cluster marker (no pagestore of cluster "
                f"{meta} has opened it): refusing to run against it"
            )
        if marked != meta:
            raise WrongClusterError(
                f"metastore {self.metastore} is cluster {meta} but segment store {self.store} "
                f"is cluster {marked}: refusing to mix two clusters"
            )
        if self.cluster is not None and self.cluster != str(meta):
            raise WrongClusterError(
                f"servers.json names cluster {self.cluster}, but metastore {self.metastore} "
                f"is cluster {meta}: refusing to run"
            )
        self._check_pagestore(meta)
        return meta
