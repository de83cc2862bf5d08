"""Pagestore settings (the size syntax of ``--cache-limit`` is ``graft_core.options``)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graft_core.options import parse_size
from graft_core.receipts import ReceiptKey
from graft_core.service import Auth
from graft_core.types import PAGE_SIZE
from graft_core.wire import CONTENT_TYPE, MAX_READ_PAGES, PAGESTORE_MAX_BODY

__all__ = ["Config", "parse_size"]


@dataclass(frozen=True)
class Config:
    metastore_url: str
    store_url: str
    cache_dir: Path
    cache_limit: int = 1 << 30
    auth: Auth = field(default_factory=lambda: Auth(None))
    metastore_token: str | None = None
    max_body: int = PAGESTORE_MAX_BODY
    max_read_pages: int = MAX_READ_PAGES
    # 8192 pages (32 MiB) fits the 64 MiB body limit with room for msgpack overhead.
    max_write_pages: int = 8192
    # Raw page bytes per segment: 16 MiB compresses to the 4-16 MiB objects DESIGN 8 targets.
    segment_target_bytes: int = 4096 * PAGE_SIZE
    flush_window_s: float = 0.003
    max_parallel_flushes: int = 2
    store_timeout_s: float | None = None
    # The cluster the segment store must belong to; None: the metastore's (asked at start).
    cluster_key: uuid.UUID | None = None
    # How long a volume's cached commit list is trusted for reads at or below its latest LSN
    # before the metastore is asked again (new checkpoints raise the horizon).
    commits_refresh_s: float = 1.0
    # Signs a receipt per written segment (``graft_core.receipts``); the metastore's key.
    receipt_key: ReceiptKey = field(kw_only=True)

    def describe(self) -> dict[str, Any]:
        return {
            "service": "graft pagestore",
            "metastore": self.metastore_url,
            "store": self.store_url,
            "cache_dir": str(self.cache_dir),
            "cache_limit_bytes": self.cache_limit,
            "auth": "bearer tokens" if self.auth.enabled else "off (loopback, no tokens)",
            "max_body_bytes": self.max_body,
            "max_read_pages": self.max_read_pages,
            "max_write_pages": self.max_write_pages,
            "flush_window_ms": self.flush_window_s * 1000,
            "endpoints": [
                "POST /pagestore/v1/write_pages",
                "POST /pagestore/v1/read_pages",
                "GET /health",
                "GET /metrics",
                "GET /",
            ],
            "content_type": CONTENT_TYPE,
        }
