"""Bearer-token auth shared by both services: tokens scoped to volume ids and to read-only use.

Tokens come from a JSON file or an environment variable holding the same JSON: a list of
``{"token": "...", "volumes": ["<vid>", ...] | null, "read_only": false}``. Tokens are kept only
as SHA-256 digests, and a presented token's digest is compared with every known one in constant
time, so the check does not leak a token through timing.
"""

from __future__ import annotations

import hashlib
import hmac
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
    """What one token may do: ``volumes`` None means every volume."""

    volumes: frozenset[VolumeId] | None
    read_only: bool

    def allows(self, vid: VolumeId) -> bool:
        return self.volumes is None or vid in self.volumes


FULL_ACCESS = Grant(None, read_only=False)


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def parse_tokens(text: str) -> dict[bytes, Grant]:
    """Digest -> grant, from the JSON token list; malformed text is ``InvalidInputError``."""
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
            return FULL_ACCESS
        scheme, _, token = (header or "").partition(" ")
        digest = _digest(token)
        found: Grant | None = None
        # Compare against every known digest without stopping early: the time taken does not
        # depend on which token (if any) matched or how many leading bytes agreed.
        for known, grant in self._grants.items():
            if hmac.compare_digest(digest, known):
                found = grant
        if found is None or scheme.lower() != "bearer":
            raise AuthError("missing or unknown bearer token")
        return found

    @staticmethod
    def authorize(grant: Grant, vid: VolumeId | None, write: bool) -> None:
        if write and grant.read_only:
            raise ForbiddenError("this token is read-only")
        if vid is not None and not grant.allows(vid):
            raise ForbiddenError(f"this token does not grant access to volume {vid}")
