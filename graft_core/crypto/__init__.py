"""End-to-end encryption: key-encryption keys, per-volume keyrings, sealed pages (DESIGN 13)."""

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
