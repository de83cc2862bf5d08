"""Direct mode: sync volumes straight with an object store or a shared directory, no servers
(DESIGN 14). ``Client(remote=URL)``, ``LiteClient(remote=URL)``, ``graft --remote URL``.

It runs the servers' storage code in process, so it needs the ``server`` extra (starlette);
that code is imported only when a remote is opened, so a client of servers never loads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from graft_client.direct.counts import RequestCounts
from graft_core.errors import InvalidInputError
from graft_core.lazy import lazy_names

if TYPE_CHECKING:
    from graft_client.direct.clients import DirectMetastore, DirectPagestore

__all__ = ["DirectMetastore", "DirectPagestore", "RequestCounts", "open_direct"]


async def open_direct(url: str, cache_dir: Path | None) -> tuple[DirectMetastore, DirectPagestore]:
    """The metastore and pagestore clients of direct mode over the store at ``url``."""
    try:
        from graft_client.direct.clients import DirectMetastore, DirectPagestore
        from graft_client.direct.services import DirectRemote
    except ImportError as exc:
        raise InvalidInputError(
            f"direct mode (remote {url!r}) needs the server extra: "
            f"pip install 'graft-volumes[server]' ({exc})"
        ) from exc
    remote = await DirectRemote.open(url, cache_dir)
    return DirectMetastore(remote), DirectPagestore(remote)


__getattr__ = lazy_names(
    __name__, dict.fromkeys(["DirectMetastore", "DirectPagestore"], "graft_client.direct.clients")
)
