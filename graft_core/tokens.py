"""Signed bearer tokens: what a caller may do, carried inside the token and checked by signature.

A token is a JWT (RFC 7519, ``pyjwt``) signed with HMAC-SHA256 by one of a set of shared keys.
Its claims are the scope (``volumes``: a list of volume ids, or null for every volume), the
permission (``read_only``), ``iat`` and ``exp``; its header names the signing key (``kid``).
JWT rather than PASETO: the scope is not secret from its holder, so encryption buys nothing, and
pyjwt is small, pure Python and needs nothing else for HMAC. Only HS256 is accepted, whatever
the header says, so no algorithm-confusion trick applies.

Keys rotate: servers accept every key of their set, and the newest (the last line of the key
text, ``kid=base64key`` per line) signs. Add a key as the last line, re-issue tokens, and drop
the old line once the tokens it signed have expired. This module needs no server packages: the
``graft token`` command creates tokens with it.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import jwt
import msgspec

from graft_core.errors import AuthError, InvalidIdError, InvalidInputError
from graft_core.ids import VolumeId

__all__ = ["KEYS_ENV", "MIN_KEY_BYTES", "Grant", "RenewingToken", "TokenKeys", "new_key_line"]

KEYS_ENV = "GRAFT_TOKEN_KEYS"
MIN_KEY_BYTES = 32
_ALGORITHM = "HS256"
_KID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_VERIFIED_CACHE = 4096


@dataclass(frozen=True, slots=True)
class Grant:
    """What one token may do: ``volumes`` None means every volume."""

    volumes: frozenset[VolumeId] | None
    read_only: bool

    def allows(self, vid: VolumeId) -> bool:
        return self.volumes is None or vid in self.volumes


class _Claims(msgspec.Struct, forbid_unknown_fields=True):
    exp: int
    iat: int
    read_only: bool
    volumes: list[str] | None


def _parse_key_line(line: str) -> tuple[str, bytes]:
    kid, sep, encoded = line.partition("=")
    if not sep or not _KID.fullmatch(kid):
        raise InvalidInputError(
            f"invalid token key {line[:20]!r}...: expected kid=base64key, kid of [A-Za-z0-9._-]"
        )
    try:
        key = base64.b64decode(encoded, validate=True)
    except binascii.Error:
        raise InvalidInputError(f"token key {kid!r} is not valid base64") from None
    if len(key) < MIN_KEY_BYTES:
        raise InvalidInputError(f"token key {kid!r} has {len(key)} bytes, needs {MIN_KEY_BYTES}")
    return kid, key


def _utc(ts: int) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class TokenKeys:
    """A set of signing keys by key id; the last one given is the newest and signs."""

    def __init__(self, keys: Mapping[str, bytes]) -> None:
        if not keys:
            raise InvalidInputError("no token keys given")
        self._keys = dict(keys)
        self.signing_kid = list(self._keys)[-1]
        self._verified: OrderedDict[str, tuple[Grant, int]] = OrderedDict()

    @classmethod
    def parse(cls, text: str) -> TokenKeys:
        """``kid=base64key`` entries separated by newlines, spaces or commas; ``#`` comments."""
        keys: dict[str, bytes] = {}
        for raw in text.splitlines():
            for entry in raw.split("#", 1)[0].replace(",", " ").split():
                kid, key = _parse_key_line(entry)
                if kid in keys:
                    raise InvalidInputError(f"token key id {kid!r} is given twice")
                keys[kid] = key
        return cls(keys)

    @classmethod
    def load(cls, path: Path | None) -> TokenKeys | None:
        """The keys in ``path``, else in ``$GRAFT_TOKEN_KEYS``; None if neither is given."""
        if path is None:
            text = os.environ.get(KEYS_ENV)
            return cls.parse(text) if text else None
        try:
            return cls.parse(path.read_text())
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInputError(f"cannot read token keys from {path}: {exc}") from exc

    def sign(self, grant: Grant, ttl_s: float, now: float | None = None) -> str:
        if ttl_s < 1:
            raise InvalidInputError(f"a token must live at least 1s, not {ttl_s}s")
        if grant.volumes is not None and not grant.volumes:
            raise InvalidInputError("a token scoped to no volume would grant nothing")
        issued = int(time.time() if now is None else now)
        claims = msgspec.to_builtins(
            _Claims(
                exp=issued + int(ttl_s),
                iat=issued,
                read_only=grant.read_only,
                volumes=None if grant.volumes is None else sorted(map(str, grant.volumes)),
            )
        )
        kid = self.signing_kid
        return jwt.encode(claims, self._keys[kid], algorithm=_ALGORITHM, headers={"kid": kid})

    def verify(self, token: str, now: float) -> Grant:
        """The grant a valid token carries; ``AuthError`` (401) saying why it is not valid.

        A client sends the same token with every request, and checking one with pyjwt costs
        about 40 HMACs; so tokens that verified are remembered (a bounded LRU: only tokens
        signed with our keys get in) and then cost a lookup and the expiry check.
        """
        known = self._verified.get(token)
        if known is None:
            known = self._verify(token)
            self._verified[token] = known
            if len(self._verified) > _VERIFIED_CACHE:
                self._verified.popitem(last=False)
        else:
            self._verified.move_to_end(token)
        grant, expires = known
        if expires <= now:
            raise AuthError(f"bearer token expired at {_utc(expires)}: create a new one")
        return grant

    def _verify(self, token: str) -> tuple[Grant, int]:
        try:
            kid = jwt.get_unverified_header(token).get("kid")
        except jwt.PyJWTError as exc:
            raise AuthError(f"malformed bearer token: {exc}") from None
        key = self._keys.get(kid) if isinstance(kid, str) else None
        if key is None:
            raise AuthError(
                f"bearer token signed with key id {str(kid)[:64]!r}, which this server does not "
                "have (rotated out, or from another deployment)"
            )
        try:
            # Expiry is checked by ``verify`` against its ``now``, so tests can inject a clock.
            payload = jwt.decode(
                token,
                key,
                algorithms=[_ALGORITHM],
                options={"verify_exp": False, "verify_iat": False, "require": ["exp", "iat"]},
            )
            claims = msgspec.convert(payload, _Claims)
        except jwt.InvalidSignatureError:
            raise AuthError(
                f"bearer token signature does not verify with key {kid!r}: tampered or forged"
            ) from None
        except (jwt.PyJWTError, msgspec.ValidationError) as exc:
            raise AuthError(f"invalid bearer token: {exc}") from None
        return _grant(claims), claims.exp


def _grant(claims: _Claims) -> Grant:
    if claims.volumes is None:
        return Grant(None, claims.read_only)
    try:
        return Grant(frozenset(map(VolumeId.parse, claims.volumes)), claims.read_only)
    except InvalidIdError as exc:
        raise AuthError(f"invalid bearer token: {exc}") from None


class RenewingToken:
    """A token a server signs for its own calls to another (the pagestore's to the metastore):
    short-lived, and signed anew once half of its lifetime has passed."""

    def __init__(
        self,
        keys: TokenKeys,
        grant: Grant,
        ttl_s: float = 3600,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._keys = keys
        self._grant = grant
        self._ttl_s = ttl_s
        self._clock = clock
        self._token = ""
        self._renew_at = 0.0

    def __call__(self) -> str:
        now = self._clock()
        if now >= self._renew_at:
            self._token = self._keys.sign(self._grant, self._ttl_s, now=now)
            self._renew_at = now + self._ttl_s / 2
        return self._token


def new_key_line(kid: str) -> str:
    """A fresh random key as a ``kid=base64key`` line."""
    if not _KID.fullmatch(kid):
        raise InvalidInputError(f"invalid key id {kid!r}: use 1-64 of [A-Za-z0-9._-]")
    return f"{kid}={base64.b64encode(secrets.token_bytes(MIN_KEY_BYTES)).decode()}"
