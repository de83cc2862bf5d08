"""Gid and its kinds: 16 bytes, fixed 22-character base58 text, time order, strict parsing."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graft_core.errors import InvalidIdError, InvalidInputError
from graft_core.ids import ClientId, Gid, SegmentId, VolumeId

KINDS: list[tuple[type[Gid], int]] = [(VolumeId, 0x80), (SegmentId, 0xA0), (ClientId, 0xC0)]
ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
MAX_MS = 2**48 - 1


def ref_b58(value: int, width: int = 22) -> str:
    """An independent base58 encoder (Bitcoin alphabet, left-padded with '1')."""
    out = ""
    while value:
        value, rem = divmod(value, 58)
        out = ALPHABET[rem] + out
    return out.rjust(width, "1")


def raw_id(prefix: int, ms: int, rand: int) -> bytes:
    return bytes([prefix]) + ms.to_bytes(6, "big") + rand.to_bytes(9, "big")


@pytest.mark.parametrize(("kind", "prefix"), KINDS)
def test_random_id_has_kind_prefix_timestamp_and_fixed_width(kind: type[Gid], prefix: int) -> None:
    gid = kind.random(now_ms=1_700_000_000_123)
    raw = bytes(gid)
    assert len(raw) == 16
    assert raw[0] == prefix
    assert gid.timestamp_ms == 1_700_000_000_123
    assert raw[1:7] == (1_700_000_000_123).to_bytes(6, "big")
    text = str(gid)
    assert len(text) == 22
    assert set(text) <= set(ALPHABET)
    assert text == ref_b58(int.from_bytes(raw, "big"))


@pytest.mark.parametrize(("kind", "prefix"), KINDS)
@given(ms=st.integers(0, MAX_MS), rand=st.integers(0, 2**72 - 1))
def test_text_round_trip(kind: type[Gid], prefix: int, ms: int, rand: int) -> None:
    gid = kind(raw_id(prefix, ms, rand))
    text = str(gid)
    assert len(text) == 22
    parsed = kind.parse(text)
    assert parsed == gid
    assert type(parsed) is kind
    assert bytes(parsed) == bytes(gid)
    assert parsed.timestamp_ms == ms
    assert hash(parsed) == hash(gid)
    # The base class accepts every known kind.
    assert Gid.parse(text) == gid


def test_current_time_is_the_default_timestamp() -> None:
    before = time.time_ns() // 1_000_000
    gid = VolumeId.random()
    after = time.time_ns() // 1_000_000
    assert before <= gid.timestamp_ms <= after


def test_random_ids_are_distinct_even_in_the_same_millisecond() -> None:
    ids = {VolumeId.random(now_ms=42) for _ in range(1000)}
    assert len(ids) == 1000


@pytest.mark.parametrize(("kind", "prefix"), KINDS)
def test_ids_made_at_increasing_times_sort_by_bytes_and_text(kind: type[Gid], prefix: int) -> None:
    stamps = [0, 1, 2, 255, 256, 65_536, 1_700_000_000_000, 1_700_000_000_001, MAX_MS]
    ids = [kind.random(now_ms=ms) for ms in stamps]
    assert [bytes(i) for i in ids] == sorted(bytes(i) for i in ids)
    assert [str(i) for i in ids] == sorted(str(i) for i in ids)
    assert ids == sorted(reversed(ids))
    assert all(a < b and a <= b for a, b in itertools.pairwise(ids))


@given(
    a=st.tuples(st.integers(0, MAX_MS), st.integers(0, 2**72 - 1)),
    b=st.tuples(st.integers(0, MAX_MS), st.integers(0, 2**72 - 1)),
)
def test_text_order_equals_byte_order(a: tuple[int, int], b: tuple[int, int]) -> None:
    x, y = VolumeId(raw_id(0x80, *a)), VolumeId(raw_id(0x80, *b))
    assert (bytes(x) < bytes(y)) == (str(x) < str(y))
    assert (x < y) == (str(x) < str(y))
    if a[0] < b[0]:
        assert str(x) < str(y)


def test_timestamp_outside_48_bits_is_rejected() -> None:
    with pytest.raises(InvalidIdError):
        VolumeId.random(now_ms=2**48)
    with pytest.raises(InvalidIdError):
        VolumeId.random(now_ms=-1)


def test_base_gid_cannot_mint_ids() -> None:
    with pytest.raises(TypeError):
        Gid.random()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1",
        "2" * 21,  # one short
        "2" * 23,  # one long
        " " + "2" * 21,
    ],
)
def test_parse_rejects_wrong_length(text: str) -> None:
    with pytest.raises(InvalidIdError, match="22"):
        VolumeId.parse(text)


@pytest.mark.parametrize("bad", ["0", "O", "I", "l", "+", "/", "=", "-", "é", " "])
def test_parse_rejects_characters_outside_the_base58_alphabet(bad: str) -> None:
    good = str(VolumeId.random(now_ms=1_700_000_000_000))
    for pos in (0, 11, 21):
        text = good[:pos] + bad + good[pos + 1 :]
        assert len(text) == 22
        with pytest.raises(InvalidIdError, match="base58"):
            VolumeId.parse(text)


@pytest.mark.parametrize(("kind", "prefix"), KINDS)
def test_parse_rejects_other_kinds(kind: type[Gid], prefix: int) -> None:
    for other, other_prefix in KINDS:
        if other is kind:
            continue
        text = str(other.random())
        with pytest.raises(InvalidIdError, match=f"0x{other_prefix:02X}"):
            kind.parse(text)
        with pytest.raises(InvalidIdError):
            kind(bytes(other.random()))


@pytest.mark.parametrize("prefix", [0x00, 0x7F, 0x81, 0xA1, 0xBF, 0xC1, 0xFF])
def test_unknown_prefix_is_not_even_a_gid(prefix: int) -> None:
    text = ref_b58(int.from_bytes(raw_id(prefix, 1, 1), "big"))
    with pytest.raises(InvalidIdError):
        Gid.parse(text)
    for kind, _ in KINDS:
        with pytest.raises(InvalidIdError):
            kind.parse(text)


def test_parse_rejects_values_beyond_16_bytes() -> None:
    # 22 base58 digits can express up to 58**22 - 1 > 2**128 - 1.
    for value in (2**128, 2**128 + (0x80 << 120), 58**22 - 1):
        text = ref_b58(value)
        assert len(text) == 22
        with pytest.raises(InvalidIdError, match="16 bytes"):
            Gid.parse(text)
    assert ref_b58(58**22 - 1) == "z" * 22
    # The largest value that fits is only rejected for its prefix, not for size.
    with pytest.raises(InvalidIdError, match="prefix"):
        Gid.parse(ref_b58(2**128 - 1))


@pytest.mark.parametrize("value", [None, 123, b"2" * 22, bytearray(b"2" * 22), ["x"]])
def test_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(InvalidIdError):
        VolumeId.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "raw",
    [b"", bytes([0x80]) * 15, bytes([0x80]) * 17, bytearray(bytes([0x80]) * 16), "x" * 16],
)
def test_constructor_rejects_wrong_size_or_type(raw: object) -> None:
    with pytest.raises(InvalidIdError):
        VolumeId(raw)  # type: ignore[arg-type]


def test_invalid_id_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        VolumeId.parse("not an id")
    assert issubclass(InvalidIdError, InvalidInputError)
    assert issubclass(InvalidIdError, ValueError)


def test_equality_and_hash_follow_bytes() -> None:
    vid = VolumeId.random()
    same = VolumeId(bytes(vid))
    assert vid == same
    assert {vid, same} == {vid}
    assert vid != VolumeId.random()
    assert vid != bytes(vid)
    assert vid != str(vid)
    assert repr(vid) == f"VolumeId({str(vid)!r})"
