"""Key-encryption keys (KEKs): what the user supplies to open encrypted volumes.

A KEK is either a raw 32-byte key (from bytes, a file or ``GRAFT_KEY``) or a passphrase, stretched
with scrypt under a salt that travels with each wrapped data key (so two devices with the same
passphrase derive the same wrapping key). Derived keys are cached per salt: scrypt is slow on
purpose and a volume's keyring names few salts.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path

from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from graft_core.errors import IntegrityError, InvalidInputError

__all__ = ["KEY_SIZE", "SCRYPT_N", "SCRYPT_P", "SCRYPT_R", "Key"]

KEY_SIZE = 32
# scrypt cost: 2^15 * 8 * 128 B = 32 MiB of memory, ~0.1 s per derivation (interactive use).
SCRYPT_N = 1 << 15
SCRYPT_R = 8
SCRYPT_P = 1
_MAX_SCRYPT_N = 1 << 20  # a keyring asking for more is refused (memory exhaustion)

KEY_ENV = "GRAFT_KEY"
KEY_FILE_ENV = "GRAFT_KEY_FILE"
PASSPHRASE_ENV = "GRAFT_PASSPHRASE"


class Key:
    """A key-encryption key: ``Key.from_passphrase``, ``from_bytes``, ``from_file``, ``from_env``
    (a passphrase is stretched with scrypt; a raw key is used as it is)."""

    __slots__ = ("_cache", "_lock", "_passphrase", "_raw")

    def __init__(self, *, raw: bytes | None = None, passphrase: str | None = None) -> None:
        assert (raw is None) != (passphrase is None)
        self._raw = raw
        self._passphrase = passphrase
        self._cache: dict[tuple[bytes, int, int, int], bytes] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_passphrase(cls, passphrase: str) -> Key:
        if not isinstance(passphrase, str) or not passphrase:
            raise InvalidInputError("a passphrase is a non-empty string")
        return cls(passphrase=passphrase)

    @classmethod
    def from_bytes(cls, raw: bytes) -> Key:
        if not isinstance(raw, bytes) or len(raw) != KEY_SIZE:
            raise InvalidInputError(f"a raw key is {KEY_SIZE} bytes")
        return cls(raw=raw)

    @classmethod
    def from_hex(cls, text: str) -> Key:
        try:
            raw = bytes.fromhex(text.strip())
        except ValueError as exc:
            raise InvalidInputError(f"a key in text is {2 * KEY_SIZE} hex digits") from exc
        if len(raw) != KEY_SIZE:
            raise InvalidInputError(f"a key in text is {2 * KEY_SIZE} hex digits")
        return cls(raw=raw)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Key:
        """A key file holds the 32 raw bytes, or them as 64 hex digits (and a newline)."""
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InvalidInputError(f"cannot read key file {path}: {exc.strerror or exc}") from exc
        if len(data) == KEY_SIZE:
            return cls(raw=data)
        try:
            return cls.from_hex(data.decode("ascii"))
        except (UnicodeDecodeError, InvalidInputError) as exc:
            raise InvalidInputError(
                f"key file {path} holds neither {KEY_SIZE} raw bytes nor {2 * KEY_SIZE} hex digits"
            ) from exc

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Key | None:
        """``GRAFT_KEY`` (hex), else ``GRAFT_KEY_FILE``, else ``GRAFT_PASSPHRASE``; else None."""
        env = os.environ if env is None else env
        if env.get(KEY_ENV):
            return cls.from_hex(env[KEY_ENV])
        if env.get(KEY_FILE_ENV):
            return cls.from_file(env[KEY_FILE_ENV])
        if env.get(PASSPHRASE_ENV):
            return cls.from_passphrase(env[PASSPHRASE_ENV])
        return None

    @staticmethod
    def generate() -> bytes:
        """Fresh random key bytes (for a key file)."""
        return os.urandom(KEY_SIZE)

    def __getstate__(self) -> tuple[bytes | None, str | None]:
        # Pickled into Spark tasks (export, publish): the key, not its lock or derived keys.
        return self._raw, self._passphrase

    def __setstate__(self, state: tuple[bytes | None, str | None]) -> None:
        self.__init__(raw=state[0], passphrase=state[1])  # type: ignore[misc]

    @property
    def is_passphrase(self) -> bool:
        return self._passphrase is not None

    def wrapping_key(self, salt: bytes, n: int, r: int, p: int) -> bytes:
        """The 32-byte key that wraps data keys: the raw key, or scrypt(passphrase, salt)."""
        if self._raw is not None:
            return self._raw
        assert self._passphrase is not None
        if not (1 < n <= _MAX_SCRYPT_N and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
            raise IntegrityError(f"refusing a keyring's scrypt parameters n={n} r={r} p={p}")
        with self._lock:
            cached = self._cache.get((salt, n, r, p))
            if cached is None:
                kdf = Scrypt(salt=salt, length=KEY_SIZE, n=n, r=r, p=p)
                cached = kdf.derive(self._passphrase.encode())
                self._cache[(salt, n, r, p)] = cached
        return cached

    def __repr__(self) -> str:  # never print key material
        return f"Key({'passphrase' if self.is_passphrase else 'raw'})"
