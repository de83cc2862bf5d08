"""Per-volume data keys and the keyring that carries them, wrapped, on the metastore.

A volume's data keys are random 32-byte keys numbered 1, 2, ... (``graft key rotate`` adds the
next); the newest seals new pages, the older ones keep opening old pages. Each is stored wrapped:
AES-GCM under the key-encryption key's wrapping key, with the volume id and key id as associated
data, so a keyring moved to another volume, or a key renumbered, fails to unwrap. The encoded
keyring is opaque to the servers (a field of the volume's commit records).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Literal

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from graft_core.crypto.keys import KEY_SIZE, SCRYPT_N, SCRYPT_P, SCRYPT_R, Key
from graft_core.errors import IntegrityError, KeyRequiredError, WrongKeyError
from graft_core.ids import VolumeId

__all__ = ["MAX_KEYRING_BYTES", "DataKey", "Keyring", "WrappedKey"]

MAX_KEYRING_BYTES = 16 << 10
_MAX_KEYS = 100
_WRAP_AD = b"graft-volume-key-v1"
_NONCE = 12


class WrappedKey(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    key_id: Annotated[int, msgspec.Meta(ge=1, le=0xFFFFFFFF)]
    kdf: Literal["raw", "scrypt"]
    salt: Annotated[bytes, msgspec.Meta(max_length=64)]
    n: int
    r: int
    p: int
    nonce: Annotated[bytes, msgspec.Meta(min_length=_NONCE, max_length=_NONCE)]
    wrapped: Annotated[bytes, msgspec.Meta(min_length=KEY_SIZE + 16, max_length=KEY_SIZE + 16)]


class _Encoded(msgspec.Struct, forbid_unknown_fields=True):
    version: Literal[1]
    keys: Annotated[list[WrappedKey], msgspec.Meta(min_length=1, max_length=_MAX_KEYS)]


@dataclass(frozen=True, slots=True)
class DataKey:
    """One unwrapped data key: an AEAD key and a separate key for deriving nonces."""

    key_id: int
    aead: AESGCM
    nonce_key: bytes

    @classmethod
    def derive(cls, key_id: int, secret: bytes) -> DataKey:
        material = HKDF(hashes.SHA256(), 64, salt=None, info=b"graft-page-keys-v1").derive(secret)
        return cls(key_id, AESGCM(material[:32]), material[32:])


def _ad(vid: VolumeId, key_id: int) -> bytes:
    return _WRAP_AD + bytes(vid) + key_id.to_bytes(4, "big")


def _wrap(vid: VolumeId, key_id: int, secret: bytes, kek: Key) -> WrappedKey:
    salt = os.urandom(16) if kek.is_passphrase else b""
    kdf: Literal["raw", "scrypt"] = "scrypt" if kek.is_passphrase else "raw"
    n, r, p = (SCRYPT_N, SCRYPT_R, SCRYPT_P) if kek.is_passphrase else (0, 0, 0)
    nonce = os.urandom(_NONCE)
    wrapped = AESGCM(kek.wrapping_key(salt, n, r, p)).encrypt(nonce, secret, _ad(vid, key_id))
    return WrappedKey(key_id, kdf, salt, n, r, p, nonce, wrapped)


class Keyring:
    """The wrapped data keys of one volume, unwrapped on demand with the given KEK."""

    __slots__ = ("_kek", "_keys", "_open", "vid")

    def __init__(self, vid: VolumeId, keys: list[WrappedKey], kek: Key | None) -> None:
        ids = [k.key_id for k in keys]
        if ids != sorted(set(ids)):
            raise IntegrityError(f"keyring of {vid}: key ids are not ascending and unique")
        self.vid = vid
        self._keys = {k.key_id: k for k in keys}
        self._kek = kek
        self._open: dict[int, DataKey] = {}

    @classmethod
    def create(cls, vid: VolumeId, kek: Key) -> Keyring:
        return cls(vid, [_wrap(vid, 1, os.urandom(KEY_SIZE), kek)], kek)

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
        fresh = _wrap(self.vid, self.current_id + 1, os.urandom(KEY_SIZE), kek)
        return Keyring(self.vid, [*self._keys.values(), fresh], kek)

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

    def get(self, key_id: int) -> DataKey:
        found = self._open.get(key_id)
        if found is not None:
            return found
        wrapped = self._keys.get(key_id)
        if wrapped is None:
            raise IntegrityError(f"volume {self.vid} has no data key {key_id}")
        kek = self._require_kek()
        if (wrapped.kdf == "scrypt") != kek.is_passphrase:
            raise WrongKeyError(
                f"data key {key_id} of volume {self.vid} is wrapped by a "
                f"{'passphrase' if wrapped.kdf == 'scrypt' else 'raw key'}: supply that"
            )
        try:
            wrapping = kek.wrapping_key(wrapped.salt, wrapped.n, wrapped.r, wrapped.p)
            secret = AESGCM(wrapping).decrypt(wrapped.nonce, wrapped.wrapped, _ad(self.vid, key_id))
        except InvalidTag:
            raise WrongKeyError(
                f"the key-encryption key does not open data key {key_id} of volume {self.vid} "
                "(wrong passphrase or key file, or a keyring that is not this volume's)"
            ) from None
        opened = DataKey.derive(key_id, secret)
        self._open[key_id] = opened
        return opened

    def _require_kek(self) -> Key:
        if self._kek is None:
            raise KeyRequiredError(
                f"volume {self.vid} is end-to-end encrypted: supply its key "
                "(--key-file, --passphrase, GRAFT_KEY, GRAFT_KEY_FILE or GRAFT_PASSPHRASE)"
            )
        return self._kek
