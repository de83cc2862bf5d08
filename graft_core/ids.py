"""Gid: 16-byte, time-ordered identifiers with a fixed 22-character base58 text form.

Layout: 1 prefix byte (the kind) | 48-bit big-endian milliseconds since the epoch | 72 random bits.
Byte order is time order within a kind, and so is text order, because the base58 form has a fixed
width and the Bitcoin alphabet is in ASCII order.
"""

from __future__ import annotations

import secrets
import time
from typing import ClassVar, Self

from graft_core.errors import InvalidIdError

__all__ = ["ClientId", "Gid", "SegmentId", "VolumeId"]

GID_SIZE = 16
TEXT_SIZE = 22
_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_DIGIT = {ch: i for i, ch in enumerate(_ALPHABET)}
_MAX_MS = (1 << 48) - 1


def _b58encode(raw: bytes) -> str:
    value = int.from_bytes(raw, "big")
    digits: list[str] = []
    while value:
        value, rem = divmod(value, 58)
        digits.append(_ALPHABET[rem])
    return "".join(reversed(digits)).rjust(TEXT_SIZE, _ALPHABET[0])


def _b58decode(text: str) -> bytes:
    value = 0
    for ch in text:
        digit = _DIGIT.get(ch)
        if digit is None:
            raise InvalidIdError(f"invalid id {text!r}: {ch!r} is not a base58 character")
        value = value * 58 + digit
    if value >> (8 * GID_SIZE):
        raise InvalidIdError(f"invalid id {text!r}: value exceeds 16 bytes")
    return value.to_bytes(GID_SIZE, "big")


def _kind_hint(prefix: int) -> str:
    """`` (it is a SegmentId)`` when ``prefix`` is another kind's: the usual mix-up of ids."""
    kinds = [sub.KIND for sub in Gid.__subclasses__() if prefix == sub.PREFIX]
    return f" (it is a {kinds[0]})" if kinds else ""


class Gid:
    """A 16-byte id. Subclasses fix the prefix byte; ``Gid`` itself accepts every known kind."""

    PREFIX: ClassVar[int | None] = None
    KIND: ClassVar[str] = "id"
    __slots__ = ("_raw",)
    _raw: bytes

    def __init__(self, raw: bytes) -> None:
        if not isinstance(raw, bytes) or len(raw) != GID_SIZE:
            raise InvalidIdError(f"a {self.KIND} is exactly {GID_SIZE} bytes")
        expected = self._expected_prefixes()
        if raw[0] not in expected:
            raise InvalidIdError(
                f"not a {self.KIND}: prefix byte 0x{raw[0]:02X}, expected "
                + " or ".join(f"0x{p:02X}" for p in sorted(expected))
                + _kind_hint(raw[0])
            )
        self._raw = raw

    @classmethod
    def _expected_prefixes(cls) -> frozenset[int]:
        if cls.PREFIX is not None:
            return frozenset({cls.PREFIX})
        return frozenset(sub.PREFIX for sub in cls.__subclasses__() if sub.PREFIX is not None)

    @classmethod
    def random(cls, now_ms: int | None = None) -> Self:
        """A new id stamped with ``now_ms`` (default: the current time)."""
        if cls.PREFIX is None:
            raise TypeError("create ids through a concrete kind, e.g. VolumeId.random()")
        ms = time.time_ns() // 1_000_000 if now_ms is None else now_ms
        if not 0 <= ms <= _MAX_MS:
            raise InvalidIdError(f"timestamp {ms} does not fit in 48 bits")
        return cls(bytes([cls.PREFIX]) + ms.to_bytes(6, "big") + secrets.token_bytes(9))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse the 22-character base58 form, rejecting any other length, alphabet or kind."""
        if not isinstance(text, str):
            raise InvalidIdError(f"a {cls.KIND} must be text, not {type(text).__name__}")
        if len(text) != TEXT_SIZE:
            raise InvalidIdError(
                f"invalid {cls.KIND} {text!r}: expected {TEXT_SIZE} base58 characters"
            )
        raw = _b58decode(text)
        try:
            return cls(raw)
        except InvalidIdError as exc:  # which text it was says more than its bytes
            raise InvalidIdError(f"invalid {cls.KIND} {text!r}: {exc}") from None

    @property
    def timestamp_ms(self) -> int:
        return int.from_bytes(self._raw[1:7], "big")

    def __bytes__(self) -> bytes:
        return self._raw

    def __str__(self) -> str:
        return _b58encode(self._raw)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Gid) and self._raw == other._raw

    def __hash__(self) -> int:
        return hash(self._raw)

    def __lt__(self, other: Gid) -> bool:
        return self._raw < other._raw

    def __le__(self, other: Gid) -> bool:
        return self._raw <= other._raw


class VolumeId(Gid):
    PREFIX = 0x80
    KIND = "VolumeId"
    __slots__ = ()


class SegmentId(Gid):
    PREFIX = 0xA0
    KIND = "SegmentId"
    __slots__ = ()


class ClientId(Gid):
    PREFIX = 0xC0
    KIND = "ClientId"
    __slots__ = ()
