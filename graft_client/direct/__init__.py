"""Direct mode: sync volumes straight with an object store or a shared directory, no servers
(DESIGN 14). ``Client(remote=URL)``, ``LiteClient(remote=URL)``, ``graft --remote URL``."""

from __future__ import annotations

from pathlib import Path

from graft_client.direct.clients import POLL_FIRST_S, POLL_MAX_S, DirectMetastore, DirectPagestore
from graft_client.direct.counting import RequestCounts
from graft_client.direct.services import DEFAULT_CACHE_BYTES, DirectRemote
from graft_client.direct.stores import open_remote_store

__all__ = [
    "DEFAULT_CACHE_BYTES",
    "POLL_FIRST_S",
    "POLL_MAX_S",
    "DirectMetastore",
    "DirectPagestore",
    "DirectRemote",
    "RequestCounts",
    "open_direct",
    "open_remote_store",
]


async def open_direct(url: str, cache_dir: Path | None) -> tuple[DirectMetastore, DirectPagestore]:
    """The metastore and pagestore clients of direct mode over the store at ``url``."""
    remote = await DirectRemote.open(url, cache_dir)
    return DirectMetastore(remote), DirectPagestore(remote)
