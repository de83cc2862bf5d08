"""The metastore's auth rules on top of the shared bearer-token auth (``graft_core.service``).

Every endpoint names one volume and is checked by the shared RPC layer, except the volume
listing, which names none. A scoped token's listing is built from the volumes its grant names,
never by filtering the full listing: a filtered page still reveals other volumes through its
``next`` cursor (the last id scanned) and its size, and costs as much as the volumes it hides.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Set

from graft_core.ids import VolumeId
from graft_core.service.auth import Auth, Grant

__all__ = ["Auth", "Grant", "granted_volumes"]


async def granted_volumes(
    scope: Set[VolumeId],
    prefix: str,
    after: VolumeId | None,
    limit: int,
    exists: Callable[[VolumeId], Awaitable[bool]],
) -> list[VolumeId]:
    """Up to ``limit`` ids of ``scope``, in order, after ``after``, starting with ``prefix``,
    that ``exists`` (has commits); the same contract as ``RecordStore.volumes``."""
    found: list[VolumeId] = []
    for vid in sorted(scope):
        if len(found) == limit:
            break
        if (after is None or after < vid) and str(vid).startswith(prefix) and await exists(vid):
            found.append(vid)
    return found
