"""Opening a volume (cloning it on first use) or a SQLite connection while servers may be down."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import apsw

from graft_client import Client, Volume
from tests.chaos.roles.syncing import RETRIED
from tests.chaos.worker import WorkerContext

__all__ = ["open_connection", "open_volume"]

T = TypeVar("T")


def _retrying(ctx: WorkerContext, opener: Callable[[], T]) -> T | None:
    """``opener()`` retried through outages; None if asked to stop first."""
    while not ctx.stop.is_set():
        try:
            return opener()
        except RETRIED as exc:
            ctx.transient(exc)
    return None


def open_volume(ctx: WorkerContext, client: Client, vid: str) -> Volume | None:
    return _retrying(ctx, lambda: client.open_volume(vid))


def open_connection(ctx: WorkerContext, vid: str, vfs: str) -> apsw.Connection | None:
    """Opening reads page 1, which may have to be fetched."""
    return _retrying(ctx, lambda: apsw.Connection(vid, vfs=vfs))
