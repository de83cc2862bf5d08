"""Signed tokens in process: encode/verify, expiry on an injected clock, key rotation, tampering,
unknown key ids, scope checks, key-file parsing, and both token kinds in one ``Auth``."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import click
import jwt
import pytest

from graft_core.errors import AuthError, ForbiddenError, InvalidInputError
from graft_core.ids import VolumeId
from graft_core.service import Auth, ServeOptions, parse_tokens
from graft_core.tokens import KEYS_ENV, Grant, RenewingToken, TokenKeys, new_key_line

NOW = 1_800_000_000.0
VOL_A = VolumeId.random()
VOL_B = VolumeId.random()
OLD = new_key_line("old")
NEW = new_key_line("new")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_a_token_carries_its_scope_permission_and_times() -> None:
    keys = TokenKeys.parse(NEW)
    grant = Grant(frozenset([VOL_A, VOL_B]), read_only=True)
    token = keys.sign(grant, ttl_s=7 * 86400, now=NOW)
    assert keys.verify(token, NOW) == grant
    header = jwt.get_unverified_header(token)
    assert header["kid"] == "new" and header["alg"] == "HS256"
    claims = json.loads(_unb64(token.split(".")[1]))
    assert claims["iat"] == int(NOW) and claims["exp"] == int(NOW) + 7 * 86400
    assert sorted(claims["volumes"]) == sorted([str(VOL_A), str(VOL_B)])
    every = keys.sign(Grant(None, read_only=False), ttl_s=60, now=NOW)
    assert keys.verify(every, NOW) == Grant(None, read_only=False)


def test_expiry_follows_the_injected_clock() -> None:
    keys = TokenKeys.parse(NEW)
    token = keys.sign(Grant(None, read_only=True), ttl_s=3600, now=NOW)
    assert keys.verify(token, NOW + 3599).read_only
    for later in (NOW + 3600, NOW + 10**6):
        with pytest.raises(AuthError, match="expired at"):
            keys.verify(token, later)
    clock = [NOW]
    auth = Auth(None, keys, clock=lambda: clock[0])
    assert auth.authenticate(f"Bearer {token}").read_only
    clock[0] = NOW + 3600
    with pytest.raises(AuthError, match="expired"):
        auth.authenticate(f"Bearer {token}")


def test_rotation_accepts_every_key_of_the_set_and_signs_with_the_newest() -> None:
    before = TokenKeys.parse(OLD)
    during = TokenKeys.parse(f"{OLD}\n{NEW}\n")
    after = TokenKeys.parse(NEW)
    grant = Grant(frozenset([VOL_A]), read_only=False)
    old_token = before.sign(grant, ttl_s=60, now=NOW)
    new_token = during.sign(grant, ttl_s=60, now=NOW)
    assert jwt.get_unverified_header(new_token)["kid"] == "new"
    assert during.verify(old_token, NOW) == grant == during.verify(new_token, NOW)
    assert after.verify(new_token, NOW) == grant
    with pytest.raises(AuthError, match=r"key id 'old'.*does not have"):
        after.verify(old_token, NOW)
    with pytest.raises(AuthError, match=r"key id 'new'.*does not have"):
        before.verify(new_token, NOW)


def test_tampered_or_forged_tokens_are_refused() -> None:
    keys = TokenKeys.parse(NEW)
    token = keys.sign(Grant(frozenset([VOL_A]), read_only=True), ttl_s=60, now=NOW)
    header, payload, signature = token.split(".")
    claims = json.loads(_unb64(payload))
    claims["read_only"], claims["volumes"] = False, None
    widened = f"{header}.{_b64(json.dumps(claims).encode())}.{signature}"
    flipped = signature[:-2] + ("A" if signature[-2] != "A" else "B") + signature[-1]
    same_kid_other_key = TokenKeys.parse(new_key_line("new")).sign(
        Grant(None, read_only=False), ttl_s=60, now=NOW
    )
    for forged in (widened, f"{header}.{payload}.{flipped}", same_kid_other_key):
        with pytest.raises(AuthError, match="signature does not verify"):
            keys.verify(forged, NOW)
    unsigned = jwt.encode(claims, key="", algorithm="none", headers={"kid": "new"})
    hs512 = jwt.encode(claims, _key(NEW) * 2, algorithm="HS512", headers={"kid": "new"})
    for wrong_alg in (unsigned, hs512):
        with pytest.raises(AuthError, match="invalid bearer token"):
            keys.verify(wrong_alg, NOW)
    for garbage in ("a.b.c", "..", f"{header}.{payload}"):
        with pytest.raises(AuthError):
            keys.verify(garbage, NOW)


def test_claims_must_be_complete_and_well_formed() -> None:
    keys = TokenKeys.parse(NEW)
    base = {"exp": int(NOW) + 60, "iat": int(NOW), "read_only": True, "volumes": None}
    for claims in (
        {k: v for k, v in base.items() if k != "exp"},
        {k: v for k, v in base.items() if k != "read_only"},
        {**base, "volumes": ["not-a-vid"]},
        {**base, "read_only": "no"},
        {**base, "admin": True},
    ):
        token = jwt.encode(claims, _key(NEW), algorithm="HS256", headers={"kid": "new"})
        with pytest.raises(AuthError, match="invalid bearer token"):
            keys.verify(token, NOW)


def test_unknown_key_id_is_refused_with_its_name() -> None:
    token = TokenKeys.parse(new_key_line("elsewhere")).sign(Grant(None, False), 60, now=NOW)
    with pytest.raises(AuthError, match="'elsewhere'"):
        TokenKeys.parse(NEW).verify(token, NOW)
    no_kid = jwt.encode({"exp": int(NOW) + 60}, _key(NEW), algorithm="HS256")
    with pytest.raises(AuthError, match="key id 'None'"):
        TokenKeys.parse(NEW).verify(no_kid, NOW)


def test_scope_and_permission_are_enforced_on_signed_grants() -> None:
    keys = TokenKeys.parse(NEW)
    auth = Auth(None, keys, clock=lambda: NOW)
    token = keys.sign(Grant(frozenset([VOL_A]), read_only=True), ttl_s=60, now=NOW)
    grant = auth.authenticate(f"Bearer {token}")
    Auth.authorize(grant, VOL_A, write=False)
    with pytest.raises(ForbiddenError, match="does not grant"):
        Auth.authorize(grant, VOL_B, write=False)
    with pytest.raises(ForbiddenError, match="read-only"):
        Auth.authorize(grant, VOL_A, write=True)


def test_static_and_signed_tokens_work_side_by_side() -> None:
    keys = TokenKeys.parse(NEW)
    static = parse_tokens(json.dumps([{"token": "static-secret", "read_only": True}]))
    both = Auth(static, keys, clock=lambda: NOW)
    signed = keys.sign(Grant(frozenset([VOL_A]), read_only=False), ttl_s=60, now=NOW)
    assert both.enabled and Auth(None, keys).enabled and Auth(static).enabled
    assert both.authenticate("Bearer static-secret") == Grant(None, read_only=True)
    assert both.authenticate(f"Bearer {signed}") == Grant(frozenset([VOL_A]), read_only=False)
    for header in ("Bearer nope", f"Basic {signed}", None, "Bearer a.b"):
        with pytest.raises(AuthError):
            both.authenticate(header)
    with pytest.raises(AuthError, match="unknown bearer token"):
        Auth(static).authenticate(f"Bearer {signed}")  # no keys: a signed token is unknown


def test_key_text_parsing() -> None:
    keys = TokenKeys.parse(f"# keys of prod\n{OLD}  # retiring\n\n{NEW}\n")
    assert keys.signing_kid == "new"
    assert TokenKeys.parse(f"{OLD},{NEW}").signing_kid == "new"
    assert TokenKeys.parse(f"{NEW} {OLD}").signing_kid == "old"
    short = "k=" + base64.b64encode(b"x" * 31).decode()
    for bad, message in (
        ("", "no token keys"),
        ("# only a comment", "no token keys"),
        ("nokey", "expected kid=base64key"),
        ("bad kid=" + OLD.split("=", 1)[1], "expected kid=base64key"),
        ("k=***", "not valid base64"),
        (short, "has 31 bytes, needs 32"),
        (f"{OLD}\n{OLD}", "given twice"),
    ):
        with pytest.raises(InvalidInputError, match=message):
            TokenKeys.parse(bad)


def test_keys_load_from_the_file_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEYS_ENV, raising=False)
    assert TokenKeys.load(None) is None
    monkeypatch.setenv(KEYS_ENV, OLD)
    from_env = TokenKeys.load(None)
    assert from_env is not None and from_env.signing_kid == "old"
    (tmp_path / "keys").write_text(NEW)
    from_file = TokenKeys.load(tmp_path / "keys")
    assert from_file is not None and from_file.signing_kid == "new"
    with pytest.raises(InvalidInputError, match="cannot read token keys"):
        TokenKeys.load(tmp_path / "missing")


def test_signing_refuses_useless_tokens() -> None:
    keys = TokenKeys.parse(NEW)
    with pytest.raises(InvalidInputError, match="at least 1s"):
        keys.sign(Grant(None, read_only=True), ttl_s=0.5)
    with pytest.raises(InvalidInputError, match="no volume"):
        keys.sign(Grant(frozenset(), read_only=True), ttl_s=60)
    with pytest.raises(InvalidInputError, match="invalid key id"):
        new_key_line("has space")


def _key(line: str) -> bytes:
    return base64.b64decode(line.split("=", 1)[1])


def test_a_renewing_token_is_signed_anew_after_half_its_lifetime() -> None:
    keys = TokenKeys.parse(f"{OLD}\n{NEW}")
    clock = [NOW]
    renewing = RenewingToken(keys, Grant(None, read_only=True), ttl_s=600, clock=lambda: clock[0])
    first = renewing()
    clock[0] = NOW + 299
    assert renewing() == first
    clock[0] = NOW + 300
    second = renewing()
    assert second != first
    clock[0] = NOW + 650  # the first has expired, the renewed one has not
    with pytest.raises(AuthError, match="expired"):
        keys.verify(first, clock[0])
    assert keys.verify(second, clock[0]) == Grant(None, read_only=True)
    assert jwt.get_unverified_header(second)["kid"] == "new"


def test_servers_load_keys_and_refuse_bad_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("METASTORE_TOKENS", KEYS_ENV):
        monkeypatch.delenv(variable, raising=False)
    keys = tmp_path / "keys"
    keys.write_text(f"{OLD}\n{NEW}\n")
    public = ServeOptions("METASTORE", "0.0.0.0", 0, None, None, False, "warning", keys)
    auth = public.load_auth()
    assert auth.enabled and auth.keys is not None and auth.keys.signing_kid == "new"
    keys.write_text("k1=short\n")
    with pytest.raises(click.UsageError, match="not valid base64"):
        public.load_auth()
    monkeypatch.setenv(KEYS_ENV, NEW)
    from_env = ServeOptions("METASTORE", "0.0.0.0", 0, None, None, False, "warning").load_auth()
    assert from_env.keys is not None and from_env.keys.signing_kid == "new"


def test_a_verified_token_is_remembered_but_its_expiry_still_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keys = TokenKeys.parse(NEW)
    token = keys.sign(Grant(frozenset([VOL_A]), read_only=True), ttl_s=60, now=NOW)
    decoded: list[str] = []
    real = jwt.decode

    def spy(jwt_text: str, *args: Any, **kwargs: Any) -> Any:
        decoded.append(jwt_text)
        return real(jwt_text, *args, **kwargs)

    monkeypatch.setattr(jwt, "decode", spy)  # graft_core.tokens looks decode up on jwt
    for _ in range(3):
        assert keys.verify(token, NOW) == Grant(frozenset([VOL_A]), read_only=True)
    assert decoded == [token]
    with pytest.raises(AuthError, match="expired"):
        keys.verify(token, NOW + 60)
    header, payload, signature = token.split(".")
    forged = f"{header}.{payload}.{signature[:-2]}AA"
    for _ in range(2):  # a token that failed is checked again, never remembered as valid
        with pytest.raises(AuthError):
            keys.verify(forged, NOW)
    assert decoded == [token, forged, forged]
