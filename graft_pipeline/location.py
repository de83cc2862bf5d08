"""Where a job's data lives: the metastore (commits, through its API) and the segment store.

A ``Location`` is plain, picklable data: Spark ships it to every task, and each task opens its
own HTTP client and object store from it (connections do not pickle).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from graft_core.objstore import ObjectStore, open_store
from graft_core.receipts import ReceiptKey

__all__ = ["DEFAULT_METASTORE", "DEFAULT_PAGESTORE", "Location"]

# What ``graft serve`` listens on by default.
DEFAULT_METASTORE = "http://127.0.0.1:3001"
DEFAULT_PAGESTORE = "http://127.0.0.1:3000"


@dataclass(frozen=True)
class Location:
    metastore: str
    store: str
    pagestore: str = DEFAULT_PAGESTORE
    token: str | None = None
    # Signs the segments compaction writes, so the metastore accepts its checkpoints.
    receipt_key: ReceiptKey | None = None

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
    ) -> Location:
        """Explicit URLs win; ``data_dir`` means the layout ``graft serve --data-dir`` uses
        (its receipt key too, unless a key file or ``GRAFT_RECEIPT_KEY`` is given)."""
        if store is None and data_dir is not None:
            store = str(data_dir / "segments")
        if store is None:
            raise ValueError("say where the segments are: --store URL or --data-dir D")
        return cls(
            metastore=metastore or os.environ.get("GRAFT_METASTORE") or DEFAULT_METASTORE,
            store=store,
            pagestore=pagestore or os.environ.get("GRAFT_PAGESTORE") or DEFAULT_PAGESTORE,
            token=token or os.environ.get("GRAFT_TOKEN") or None,
            receipt_key=(
                ReceiptKey.load(receipt_key_file)
                if receipt_key_file is not None
                else ReceiptKey.from_env(data_dir)
            ),
        )

    def open_store(self) -> ObjectStore:
        return open_store(self.store)
