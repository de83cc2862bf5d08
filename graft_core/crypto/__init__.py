"""End-to-end encryption: key-encryption keys, per-volume keyrings, sealed pages (DESIGN 13).

The names load on first use: every client holds a ``Key``, but only one with an encrypted
volume needs the keyrings' ciphers and the sealed pages' code (whose crc32c import alone reads
the installed distributions: tens of milliseconds of each ``graft`` command's start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graft_core.lazy import lazy_names

if TYPE_CHECKING:
    from graft_core.crypto.keyring import MAX_KEYRING_BYTES, DataKey, Keyring, WrappedKey
    from graft_core.crypto.keys import KEY_SIZE, Key
    from graft_core.crypto.seal import (
        MAX_SEALED_SIZE,
        SEAL_OVERHEAD,
        SEAL_VERSION,
        open_page,
        seal_page,
        sealed_header,
    )

__all__ = [
    "KEY_SIZE",
    "MAX_KEYRING_BYTES",
    "MAX_SEALED_SIZE",
    "SEAL_OVERHEAD",
    "SEAL_VERSION",
    "DataKey",
    "Key",
    "Keyring",
    "WrappedKey",
    "open_page",
    "seal_page",
    "sealed_header",
]

_KEYRING, _KEYS, _SEAL = (f"graft_core.crypto.{name}" for name in ("keyring", "keys", "seal"))
_HOMES = {
    "KEY_SIZE": _KEYS,
    "Key": _KEYS,
    "MAX_KEYRING_BYTES": _KEYRING,
    "DataKey": _KEYRING,
    "Keyring": _KEYRING,
    "WrappedKey": _KEYRING,
    "MAX_SEALED_SIZE": _SEAL,
    "SEAL_OVERHEAD": _SEAL,
    "SEAL_VERSION": _SEAL,
    "open_page": _SEAL,
    "seal_page": _SEAL,
    "sealed_header": _SEAL,
}
assert set(_HOMES) == set(__all__)

__getattr__ = lazy_names(__name__, _HOMES)
