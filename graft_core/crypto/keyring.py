"""Per-volume data keys and the keyring that carries them, wrapped, on the metastore.

A volume's data keys are random 32-byte keys numbered 1, 2, ... (``graft key rotate`` adds the
next); the newest seals new pages, the older ones keep opening old pages. Each is stored wrapped:
AES-GCM under the key-encryption key's wrapping key, with the volume id and key id as associated
data, so a keyring moved to another volume, or a key renumbered, fails to unwrap. The encoded
keyring is opaque to the servers (a field of the volume's commit records).

A fork's keyring (``forked``) also carries the data keys of its ancestors, re-wrapped under the
fork's id, each naming its owner (the volume whose pages it sealed) and the owner's LSN the fork
reads through (its ceiling); both are in the wrapping's associated data, so a server can neither
add an ancestor's key nor move one to another owner or ceiling. Key ids stay unique along a
chain of forks (a fork's own keys are numbered after its parent's), so a sealed page's key id
names the volume whose id and LSN it was sealed with.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Literal

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, AESSIV
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from graft_core.crypto.keys import KEY_SIZE, SCRYPT_N, SCRYPT_P, SCRYPT_R, Key
from graft_core.errors import IntegrityError, InvalidInputError, KeyRequiredError, WrongKeyError
from graft_core.ids import VolumeId

__all__ = ["MAX_KEYRING_BYTES", "DataKey", "Keyring", "WrappedKey"]

MAX_KEYRING_BYTES = 16 << 10
_MAX_KEYS = 100
_WRAP_AD = b"graft-volume-key-v1"
_NONCE = 12


class WrappedKey(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """``owner`` and ``ceiling``: for an ancestor's key in a fork's keyring, the ancestor's id
    and the LSN of it the fork reads through (empty and 0 for the volume's own keys)."""

    key_id: Annotated[int, msgspec.Meta(ge=1, le=0xFFFFFFFF)]
    kdf: Literal["raw", "scrypt"]
    salt: Annotated[bytes, msgspec.Meta(max_length=64)]
    n: int
    r: int
    p: int
    nonce: Annotated[bytes, msgspec.Meta(min_length=_NONCE, max_length=_NONCE)]
    wrapped: Annotated[bytes, msgspec.Meta(min_length=KEY_SIZE + 16, max_length=KEY_SIZE + 16)]
    owner: Annotated[bytes, msgspec.Meta(max_length=16)] = b""
    ceiling: Annotated[int, msgspec.Meta(ge=0)] = 0


class _Encoded(msgspec.Struct, forbid_unknown_fields=True):
    version: Literal[1]
    keys: Annotated[list[WrappedKey], msgspec.Meta(min_length=1, max_length=_MAX_KEYS)]


@dataclass(frozen=True, slots=True)
class DataKey:
    """One unwrapped data key: the AES-SIV key that seals pages (format 2) and the AES-GCM key
    that opens format 1 pages, derived apart (HKDF)."""

    key_id: int
    siv: AESSIV
    aead: AESGCM

    @classmethod
    def derive(cls, key_id: int, secret: bytes) -> DataKey:
        siv = HKDF(hashes.SHA256(), 64, salt=None, info=b"graft-page-siv-v2").derive(secret)
        material = HKDF(hashes.SHA256(), 64, salt=None, info=b"graft-page-keys-v1").derive(secret)
        return cls(key_id, AESSIV(siv), AESGCM(material[:32]))


@dataclass(frozen=True, slots=True)
class _Owner:
    """Whose key: the ancestor's id and ceiling LSN (``vid`` empty: the volume's own)."""

    vid: bytes = b""
    ceiling: int = 0


_OWN = _Owner()

# Where the CLI and the environment take each kind of key-encryption key from.
_KEY_SOURCES = {
    "raw key": "--key-file, GRAFT_KEY or GRAFT_KEY_FILE",
    "passphrase": "--passphrase or GRAFT_PASSPHRASE",
}


def _ad(vid: VolumeId, key_id: int, owner: _Owner) -> bytes:
    ad = _WRAP_AD + bytes(vid) + key_id.to_bytes(4, "big")
    return ad + owner.vid + owner.ceiling.to_bytes(8, "big") if owner.vid else ad


def _owner(wrapped: WrappedKey) -> _Owner:
    return _Owner(wrapped.owner, wrapped.ceiling)


def _salt(kek: Key) -> bytes:
    return os.urandom(16) if kek.is_passphrase else b""


def _wrap(
    vid: VolumeId, key_id: int, secret: bytes, kek: Key, salt: bytes, owner: _Owner = _OWN
) -> WrappedKey:
    kdf: Literal["raw", "scrypt"] = "scrypt" if kek.is_passphrase else "raw"
    n, r, p = (SCRYPT_N, SCRYPT_R, SCRYPT_P) if kek.is_passphrase else (0, 0, 0)
    nonce = os.urandom(_NONCE)
    ad = _ad(vid, key_id, owner)
    wrapped = AESGCM(kek.wrapping_key(salt, n, r, p)).encrypt(nonce, secret, ad)
    return WrappedKey(key_id, kdf, salt, n, r, p, nonce, wrapped, owner.vid, owner.ceiling)


class Keyring:
    """The wrapped data keys of one volume, unwrapped on demand with the given KEK."""

    __slots__ = ("_kek", "_keys", "_open", "vid")

    def __init__(self, vid: VolumeId, keys: list[WrappedKey], kek: Key | None) -> None:
        ids = [k.key_id for k in keys]
        if ids != sorted(set(ids)):
            raise IntegrityError(f"keyring of {vid}: key ids are not ascending and unique")
        if keys[-1].owner or any(len(k.owner) not in (0, 16) for k in keys):
            raise IntegrityError(f"keyring of {vid}: its newest key is not its own")
        self.vid = vid
        self._keys = {k.key_id: k for k in keys}
        self._kek = kek
        self._open: dict[int, DataKey] = {}

    @classmethod
    def create(cls, vid: VolumeId, kek: Key) -> Keyring:
        return cls(vid, [_wrap(vid, 1, os.urandom(KEY_SIZE), kek, _salt(kek))], kek)

    @classmethod
    def decode(cls, vid: VolumeId, data: bytes, kek: Key | None) -> Keyring:
        if len(data) > MAX_KEYRING_BYTES:
            raise IntegrityError(f"keyring of {vid} is {len(data)} bytes")
        try:
            encoded = msgspec.msgpack.decode(data, type=_Encoded)
        except msgspec.DecodeError as exc:
            raise IntegrityError(f"keyring of {vid} does not decode: {exc}") from exc
        return cls(vid, encoded.keys, kek)

    def encode(self) -> bytes:
        return msgspec.msgpack.encode(_Encoded(1, list(self._keys.values())))

    def with_kek(self, kek: Key | None) -> Keyring:
        return Keyring(self.vid, list(self._keys.values()), kek)

    def rotated(self) -> Keyring:
        """This keyring and a new newest key (old keys stay: old pages stay readable)."""
        kek = self._require_kek()
        self.current()  # only a KEK that opens the ring may extend it
        fresh = _wrap(self.vid, self.current_id + 1, os.urandom(KEY_SIZE), kek, _salt(kek))
        return _grown(self.vid, [*self._keys.values(), fresh], kek)

    def forked(self, child: VolumeId, ceiling: int) -> Keyring:
        """The keyring of ``child``, a fork of this volume at LSN ``ceiling``: every key of
        this ring re-wrapped for ``child`` (this volume's own ones owned by it, up to
        ``ceiling``; its ancestors' ones as they are) and a fresh own key numbered after them.
        One salt for all: a passphrase is stretched once per fork, not once per key."""
        kek = self._require_kek()
        salt = _salt(kek)
        keys = []
        for key_id in self.key_ids:
            wrapped = self._keys[key_id]
            owner = _Owner(bytes(self.vid), ceiling) if not wrapped.owner else _owner(wrapped)
            keys.append(_wrap(child, key_id, self._secret(key_id), kek, salt, owner))
        keys.append(_wrap(child, self.current_id + 1, os.urandom(KEY_SIZE), kek, salt))
        return _grown(child, keys, kek)

    @property
    def current_id(self) -> int:
        return max(self._keys)

    @property
    def key_ids(self) -> list[int]:
        return sorted(self._keys)

    def current(self) -> DataKey:
        return self.get(self.current_id)

    def has(self, key_id: int) -> bool:
        return key_id in self._keys

    def wrapped(self, key_id: int) -> WrappedKey:
        return self._keys[key_id]

    def owner(self, key_id: int) -> tuple[VolumeId, int] | None:
        """(ancestor id, ceiling LSN) if key ``key_id`` is an ancestor's; None if it is this
        volume's own (or unknown: ``get`` refuses it)."""
        wrapped = self._keys.get(key_id)
        if wrapped is None or not wrapped.owner:
            return None
        return VolumeId(wrapped.owner), wrapped.ceiling

    def get(self, key_id: int) -> DataKey:
        found = self._open.get(key_id)
        if found is not None:
            return found
        opened = DataKey.derive(key_id, self._secret(key_id))
        self._open[key_id] = opened
        return opened

    def _secret(self, key_id: int) -> bytes:
        wrapped = self._keys.get(key_id)
        if wrapped is None:
            raise IntegrityError(f"volume {self.vid} has no data key {key_id}")
        kek = self._require_kek()
        if (wrapped.kdf == "scrypt") != kek.is_passphrase:
            wanted, given = "raw key", "passphrase"
            if wrapped.kdf == "scrypt":
                wanted, given = given, wanted
            raise WrongKeyError(
                f"volume {self.vid} is encrypted with a {wanted} (its data key {key_id} is "
                f"wrapped by one), and a {given} was given: supply the {wanted} it was "
                f"encrypted with ({_KEY_SOURCES[wanted]})"
            )
        try:
            wrapping = kek.wrapping_key(wrapped.salt, wrapped.n, wrapped.r, wrapped.p)
            ad = _ad(self.vid, key_id, _owner(wrapped))
            return AESGCM(wrapping).decrypt(wrapped.nonce, wrapped.wrapped, ad)
        except InvalidTag:
            raise WrongKeyError(
                f"the key-encryption key does not open data key {key_id} of volume {self.vid} "
                "(wrong passphrase or key file, or a keyring that is not this volume's)"
            ) from None

    def _require_kek(self) -> Key:
        if self._kek is None:
            raise KeyRequiredError(
                f"volume {self.vid} is end-to-end encrypted: supply its key "
                "(--key-file, --passphrase, GRAFT_KEY, GRAFT_KEY_FILE or GRAFT_PASSPHRASE)"
            )
        return self._kek


def _grown(vid: VolumeId, keys: list[WrappedKey], kek: Key) -> Keyring:
    """A keyring with more keys than before, refused (``InvalidInputError``) if it would no
    longer decode: more than ``_MAX_KEYS`` keys or ``MAX_KEYRING_BYTES``, when its volume
    could never be opened again."""
    ring = Keyring(vid, keys, kek)
    if len(keys) > _MAX_KEYS or len(ring.encode()) > MAX_KEYRING_BYTES:
        raise InvalidInputError(
            f"volume {vid} would carry {len(keys)} data keys, more than its keyring holds: "
            "no more rotations or forks of it"
        )
    return ring
