"""End-to-end encryption on the client side (DESIGN 13): which volumes are sealed, their
keyrings, and sealing pages on push and opening them on fetch.

A volume's keyring (its data keys, wrapped by the user's key-encryption key) is stored in its
local config and carried by every commit it pushes, so a device that clones it, or learns of a
rotation, reads it from the volume's latest commit. Keyrings from the servers are trusted only
as far as they unwrap with the user's KEK: a server cannot forge a data key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

import msgspec

from graft_client.storage.state import LocalState
from graft_core.crypto import Keyring, open_page, seal_page, sealed_header
from graft_core.errors import IntegrityError
from graft_core.ids import VolumeId
from graft_core.types import PageIdx

if TYPE_CHECKING:
    from graft_client.sync.keyrings import VolumeKeys
    from graft_core.rpcclient import AsyncMetastoreClient

_Idx = TypeVar("_Idx", bound=int)

__all__ = [
    "LocalCipher",
    "key_ids",
    "learn_keyring",
    "merged",
    "open_pages",
    "seal_pages",
]


class LocalCipher:
    """A volume's pages at rest on this device (``encrypt_local``, ``storage.cipher``): sealed
    with its current data key, opened with whichever key sealed them."""

    __slots__ = ("_key", "_ring", "_vid")

    def __init__(self, ring: Keyring, vid: VolumeId) -> None:
        self._ring = ring
        self._vid = vid
        self._key = ring.current()  # a missing or wrong KEK fails here, before any page

    def seal(self, pageidx: int, page: bytes) -> bytes:
        return seal_page(self._key, self._vid, pageidx, 0, page, local=True)

    def open(self, pageidx: int, slot: bytes) -> bytes:
        return open_page(self._ring, self._vid, pageidx, slot, local=True)[0]


def merged(local: Keyring | None, remote: Keyring) -> Keyring:
    """``remote`` if it extends ``local`` (a rotation elsewhere); ``IntegrityError`` if the two
    disagree on a key both have (keys are never replaced, only added)."""
    if local is None:
        return remote
    shared = [key_id for key_id in local.key_ids if remote.has(key_id)]
    if len(shared) != len(local.key_ids) or any(
        local.wrapped(key_id) != remote.wrapped(key_id) for key_id in shared
    ):
        raise IntegrityError(
            f"the servers' keyring of {local.vid} does not extend this client's (keys replaced "
            "or dropped; or rotated on two devices at once)"
        )
    return remote


def seal_pages(
    ring: Keyring, vid: VolumeId, lsn: int, pages: Sequence[tuple[PageIdx, bytes]]
) -> list[tuple[PageIdx, bytes]]:
    """``pages`` sealed with the current key for remote LSN ``lsn``."""
    key = ring.current()
    return [(idx, seal_page(key, vid, idx, lsn, page)) for idx, page in pages]


def open_pages(
    ring: Keyring, vid: VolumeId, stored: Mapping[_Idx, bytes], floor: int, ceiling: int
) -> dict[_Idx, bytes]:
    """The pages sealed in ``stored``, each checked to have been written for a remote LSN in
    ``floor..ceiling``: the range in which this client knows the page last changed, so an older
    version of it (a replayed segment) is refused, not returned."""
    opened: dict[_Idx, bytes] = {}
    for idx, blob in stored.items():
        page, lsn = open_page(ring, vid, idx, blob)
        if not floor <= lsn <= ceiling:
            raise IntegrityError(
                f"page {idx} of {vid} was served as written at LSN {lsn}, but it last changed "
                f"in LSNs {floor}..{ceiling}: the servers replayed an older version"
            )
        opened[idx] = page
    return opened


def key_ids(blobs: Iterable[bytes]) -> set[int]:
    """The key ids sealed pages name (to learn a rotation before opening them)."""
    return {sealed_header(blob)[0] for blob in blobs}


async def learn_keyring(
    state: LocalState, keys: VolumeKeys, metastore: AsyncMetastoreClient, vid: VolumeId
) -> Keyring | None:
    """The volume's keyring after adopting the servers' newer one (a clone, or a rotation on
    another device), which must extend the local one and unwrap with this client's KEK."""
    config = state.config(vid)
    local = keys.ring(vid, config.keyring)
    remote = await keys.remote(metastore, vid)
    if remote is None:
        return local
    ring = merged(local, remote)
    if ring is not local:
        state.set_config(vid, msgspec.structs.replace(config, keyring=ring.encode()))
    return ring
