"""Bearer-token auth shared by both services: tokens scoped to volume ids and to read-only use.

Two kinds of token, each optional, both accepted when both are configured:

- static tokens, from a JSON file or an environment variable holding the same JSON: a list of
  ``{"token": "...", "volumes": ["<vid>", ...] | null, "read_only": false}``. They are kept only
  as SHA-256 digests, and a presented token's digest is compared with every known one in
  constant time, so the check does not leak a token through timing;
- signed tokens (``graft_core.tokens``), which carry their own scope and expiry and are checked
  against a set of keys, so they need no server-side list and keys can rotate.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections.abc import Callable

import msgspec

from graft_core.errors import AuthError, ForbiddenError, InvalidIdError, InvalidInputError
from graft_core.ids import VolumeId
from graft_core.tokens import Grant, TokenKeys

__all__ = ["Auth", "Grant", "parse_tokens", "redact"]


class _TokenSpec(msgspec.Struct, forbid_unknown_fields=True):
    token: str
    volumes: list[str] | None = None
    read_only: bool = False


FULL_ACCESS = Grant(None, read_only=False)


_ID_TEXT = re.compile(r"\b[1-9A-HJ-NP-Za-km-z]{22}\b")
HIDDEN_VOLUME = "(a volume outside this token's scope)"


def redact(message: str, grant: Grant, asked: VolumeId | None = None) -> str:
    """``message`` without the ids of volumes that ``grant`` does not cover, except ``asked``
    (the one the caller named itself).

    An error can come from work shared with other volumes (one segment holds many volumes'
    pages, one flush serves many writers), so its text may name them; a scoped caller must
    not learn those ids from it. Other ids (segments, clients) stay.
    """
    if grant.volumes is None:
        return message

    def hide(found: re.Match[str]) -> str:
        try:
            vid = VolumeId.parse(found.group())
        except InvalidIdError:
            return found.group()
        return found.group() if vid == asked or grant.allows(vid) else HIDDEN_VOLUME

    return _ID_TEXT.sub(hide, message)


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
    """Static ``grants`` and/or signed-token ``keys``; with neither, ``enabled`` is False and
    every request is allowed (loopback only). ``clock`` gives the time that expiry is checked at.
    """

    def __init__(
        self,
        grants: dict[bytes, Grant] | None,
        keys: TokenKeys | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._grants = grants
        self._keys = keys
        self._clock = clock

    @property
    def enabled(self) -> bool:
        return self._grants is not None or self._keys is not None

    @property
    def keys(self) -> TokenKeys | None:
        """The signed-token keys, for a server that signs tokens for its own calls."""
        return self._keys

    def authenticate(self, header: str | None) -> Grant:
        if not self.enabled:
            return FULL_ACCESS
        scheme, _, token = (header or "").partition(" ")
        found = self._static(token)
        if scheme.lower() != "bearer":
            raise AuthError("missing or unknown bearer token")
        if found is None and self._keys is not None and token.count(".") == 2:
            found = self._keys.verify(token, self._clock())
        if found is None:
            raise AuthError("missing or unknown bearer token")
        return found

    def _static(self, token: str) -> Grant | None:
        digest = _digest(token)
        found: Grant | None = None
        # Compare against every known digest without stopping early: the time taken does not
        # depend on which token (if any) matched or how many leading bytes agreed.
        for known, grant in (self._grants or {}).items():
            if hmac.compare_digest(digest, known):
                found = grant
        return found

    @staticmethod
    def authorize(grant: Grant, vid: VolumeId | None, write: bool) -> None:
        if write and grant.read_only:
            raise ForbiddenError("this token is read-only")
        if vid is not None and not grant.allows(vid):
            raise ForbiddenError(f"this token does not grant access to volume {vid}")
