"""Bearer-token auth: each token may be limited to some volume ids and to read-only use.

Tokens come from a JSON file or ``METASTORE_TOKENS`` (same JSON): a list of
``{"token": "...", "volumes": ["<vid>", ...] | null, "read_only": false}``.
Tokens are kept only as SHA-256 digests, so lookups do not leak them through timing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgspec

from graft_core.errors import AuthError, ForbiddenError, InvalidInputError
from graft_core.ids import VolumeId

__all__ = ["Auth", "Grant", "parse_tokens"]


class _TokenSpec(msgspec.Struct, forbid_unknown_fields=True):
    token: str
    volumes: list[str] | None = None
    read_only: bool = False


@dataclass(frozen=True, slots=True)
class Grant:
    volumes: frozenset[VolumeId] | None
    read_only: bool

    def allows(self, vid: VolumeId) -> bool:
        return self.volumes is None or vid in self.volumes


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def parse_tokens(text: str) -> dict[bytes, Grant]:
    try:
        specs = msgspec.json.decode(text, type=list[_TokenSpec])
    except msgspec.MsgspecError as exc:
        raise InvalidInputError(f"invalid token configuration: {exc}") from exc
    grants: dict[bytes, Grant] = {}
    for spec in specs:
        if not spec.token:
            raise InvalidInputError("invalid token configuration: empty token")
        vids = None if spec.volumes is None else frozenset(map(VolumeId.parse, spec.volumes))
        grants[_digest(spec.token)] = Grant(vids, spec.read_only)
    return grants


class Auth:
    """``enabled`` False means every request is allowed (no tokens, loopback only)."""

    def __init__(self, grants: dict[bytes, Grant] | None) -> None:
        self._grants = grants

    @property
    def enabled(self) -> bool:
        return self._grants is not None

    def authenticate(self, header: str | None) -> Grant:
        if self._grants is None:
            return Grant(None, read_only=False)
        scheme, _, token = (header or "").partition(" ")
        grant = self._grants.get(_digest(token)) if scheme.lower() == "bearer" else None
        if grant is None:
            raise AuthError("missing or unknown bearer token")
        return grant

    @staticmethod
    def authorize(grant: Grant, vid: VolumeId | None, write: bool) -> None:
        if write and grant.read_only:
            raise ForbiddenError("this token is read-only")
        if vid is not None and not grant.allows(vid):
            raise ForbiddenError(f"this token does not grant access to volume {vid}")
