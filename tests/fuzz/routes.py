"""The route tables both services really serve, and a valid body for each RPC endpoint, so a
test that iterates them covers an endpoint the day it is added."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.routing import Route

from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import (
    CheckpointRequest,
    CommitRequest,
    ForkRequest,
    Message,
    PullCommitsRequest,
    PullGraftRequest,
    ReadPagesRequest,
    SegmentRef,
    SnapshotRequest,
    VolumesRequest,
    WritePagesRequest,
)
from metastore_server.app import Config as MetastoreConfig
from metastore_server.app import create_app as metastore_app
from pagestore_server.app import create_app as pagestore_app
from pagestore_server.config import Config as PagestoreConfig
from tests.support.receipts import TEST_KEY, signed

__all__ = ["ROUTES", "SAMPLES", "WRITES", "rpc_name"]

PAGE = b"\x42" * PAGE_SIZE


def _route_table(service: str) -> list[Route]:
    """Building an app opens no storage: the lifespan does that."""
    if service == "metastore":
        app = metastore_app(MetastoreConfig(data_dir=Path("unused"), receipt_key=TEST_KEY))
    else:
        config = PagestoreConfig(
            "http://127.0.0.1:1", "unused", Path("unused"), receipt_key=TEST_KEY
        )
        app = pagestore_app(config)
    return [route for route in app.routes if isinstance(route, Route)]


ROUTES = {service: _route_table(service) for service in ("metastore", "pagestore")}


def rpc_name(route: Route) -> str | None:
    """The endpoint name of an RPC route (``/{service}/v1/{name}``), None for the GET routes."""
    return route.path.rsplit("/", 1)[1] if "POST" in (route.methods or ()) else None


def _segments(vid: VolumeId) -> list[SegmentRef]:
    return signed(vid, [SegmentRef(SegmentId.random(), Graft([1]))])


SAMPLES: dict[str, Callable[[VolumeId], Message]] = {
    "snapshot": lambda vid: SnapshotRequest(vid=vid),
    "pull_graft": lambda vid: PullGraftRequest(vid=vid, start=1),
    "pull_commits": lambda vid: PullCommitsRequest(vid=vid, start=1),
    "commit": lambda vid: CommitRequest(
        vid=vid,
        cid=ClientId.random(),
        base_lsn=1,
        page_count=1,
        segments=_segments(vid),
        commit_hash=bytes(32),
    ),
    "checkpoint": lambda vid: CheckpointRequest(vid=vid, lsn=1, segments=_segments(vid)),
    "fork": lambda vid: ForkRequest(
        vid=VolumeId.random(), cid=ClientId.random(), parent=vid, lsn=1
    ),
    "volumes": lambda vid: VolumesRequest(limit=1000),
    "write_pages": lambda vid: WritePagesRequest(vid=vid, pages=[(3, PAGE)]),
    "read_pages": lambda vid: ReadPagesRequest(vid=vid, lsn=1, graft=Graft([1])),
}
"""A well-formed request per RPC endpoint, naming ``vid`` where the request names a volume."""

WRITES = frozenset({"commit", "checkpoint", "fork", "write_pages"})
"""Endpoints that change stored state: a read-only token must be refused there."""
