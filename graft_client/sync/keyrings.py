"""VolumeKeys: the key-encryption keys a client was given, and the keyrings they opened (and
learn from the servers: a clone, a rotation on another device).

A volume's keyring (its data keys, wrapped by the user's key-encryption key) is stored in its
local config and carried by every commit it pushes, so a device that clones it, or learns of a
rotation, reads it from the volume's latest commit. Keyrings from the servers are trusted only
as far as they unwrap with the user's KEK: a server cannot forge a data key.

Every client holds a ``VolumeKeys``; the ciphers are imported only once a volume turns out to
be encrypted (``graft_core.crypto`` loads its parts on first use), so a client of plain
volumes never loads them.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import msgspec

from graft_core.errors import IntegrityError
from graft_core.ids import VolumeId

if TYPE_CHECKING:
    from graft_client.storage.state import LocalState
    from graft_client.sync.sealing import LocalCipher
    from graft_core.crypto import Key, Keyring
    from graft_core.rpcclient import AsyncMetastoreClient

__all__ = ["VolumeKeys", "learn_keyring", "merged"]


class VolumeKeys:
    """The key-encryption keys this client was given and the keyrings they opened."""

    def __init__(self, default: Key | None) -> None:
        self.default = default
        self._keks: dict[VolumeId, Key] = {}
        self._rings: dict[VolumeId, tuple[bytes, Keyring]] = {}
        self._guard = threading.Lock()

    def set_kek(self, vid: VolumeId, kek: Key) -> None:
        with self._guard:
            self._keks[vid] = kek
            self._rings.pop(vid, None)

    def adopt(self, vid: VolumeId, kek: Key, *, replace: bool) -> None:
        """A KEK of ``vid`` another process of the device holds (the owner syncs for every
        process): it replaces the one given here for ``vid`` when ``replace`` (it was given
        for that volume there), else it is used only where none was (this client's default,
        if any, is a guess the other process's key for the volume overrides)."""
        with self._guard:
            given = self._keks.get(vid)
            if given is not None and (not replace or given.__getstate__() == kek.__getstate__()):
                return  # the same key again keeps its derived wrapping keys
            self._keks[vid] = kek
            self._rings.pop(vid, None)

    def kek(self, vid: VolumeId) -> Key | None:
        return self._keks.get(vid, self.default)

    def ring(self, vid: VolumeId, encoded: bytes) -> Keyring | None:
        """The keyring ``encoded`` (a volume config's bytes) opens to; None if it is empty."""
        if not encoded:
            return None
        with self._guard:
            cached = self._rings.get(vid)
            if cached is not None and cached[0] == encoded:
                return cached[1]
        from graft_core.crypto.keyring import Keyring

        ring = Keyring.decode(vid, encoded, self.kek(vid))
        with self._guard:
            self._rings[vid] = (encoded, ring)
        return ring

    def local_cipher(self, vid: VolumeId, encoded: bytes) -> LocalCipher:
        """The cipher of ``vid``'s pages at rest, from its keyring ``encoded``."""
        from graft_client.sync.sealing import LocalCipher

        ring = self.ring(vid, encoded)
        if ring is None:
            raise IntegrityError(f"volume {vid} is sealed at rest but has no keyring")
        return LocalCipher(ring, vid)

    async def remote(self, metastore: AsyncMetastoreClient, vid: VolumeId) -> Keyring | None:
        """The keyring of the volume's latest commit (None: not encrypted), checked to unwrap
        its current key with this client's KEK (``KeyRequiredError``, ``WrongKeyError``)."""
        latest = await metastore.snapshot(vid)
        answer = await metastore.pull_commits(vid, latest.lsn, latest.lsn)
        encoded = answer.commits[-1].keyring if answer.commits else b""
        ring = self.ring(vid, encoded)
        if ring is not None:
            ring.current()
        return ring


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
