"""Graft: set semantics, portable serialization, strict deserialization."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyroaring import BitMap

from graft_core.errors import InvalidInputError, InvalidPageError
from graft_core.graft import Graft
from graft_core.types import MAX_PAGEIDX

pageidxs = st.integers(1, MAX_PAGEIDX)
page_sets = st.sets(pageidxs, max_size=200) | st.sets(st.integers(1, 5000), max_size=2000)


def test_empty_graft() -> None:
    g = Graft()
    assert len(g) == 0
    assert not g
    assert list(g) == []
    back = Graft.deserialize(g.serialize())
    assert back == g
    assert not back


@given(page_sets)
def test_round_trip(pages: set[int]) -> None:
    g = Graft(pages)
    data = g.serialize()
    assert isinstance(data, bytes)
    back = Graft.deserialize(data)
    assert back == g
    assert list(back) == sorted(pages)
    assert len(back) == len(pages)
    for idx in list(pages)[:20]:
        assert idx in back


@pytest.mark.parametrize(
    ("start", "stop"),
    [(1, 2), (1, 70_000), (65_530, 200_000), (MAX_PAGEIDX - 100_000, MAX_PAGEIDX + 1)],
)
def test_large_range_round_trip(start: int, stop: int) -> None:
    g = Graft.from_range(start, stop)
    assert len(g) == stop - start
    data = g.serialize()
    assert len(data) < 1000  # runs are stored compactly
    back = Graft.deserialize(data)
    assert back == g
    assert start in back and stop - 1 in back
    assert start - 1 not in back and stop not in back


def test_serialization_is_portable_roaring() -> None:
    """Other Roaring implementations read and write the same format."""
    pages = [1, 2, 3, 70_000, MAX_PAGEIDX]
    assert BitMap.deserialize(Graft(pages).serialize()) == BitMap(pages)
    assert list(Graft.deserialize(BitMap(pages).serialize())) == pages


def test_from_range_bounds() -> None:
    assert len(Graft.from_range(5, 5)) == 0
    assert len(Graft.from_range(9, 5)) == 0
    with pytest.raises(InvalidPageError):
        Graft.from_range(0, 5)
    with pytest.raises(InvalidPageError):
        Graft.from_range(1, MAX_PAGEIDX + 2)


@pytest.mark.parametrize("bad", [0, -1, 2**32, 2**70, True, 1.5, "3"])
def test_invalid_page_indexes_are_rejected(bad: object) -> None:
    with pytest.raises(InvalidPageError):
        Graft([bad])  # type: ignore[list-item]
    # Among valid ones, in any container: lists take a bulk path, other iterables are copied.
    for pages in ([4, bad, 9], (4, bad), iter([bad, 4]), {4: "", bad: ""}):
        with pytest.raises(InvalidPageError, match="invalid page index"):
            Graft(pages)  # type: ignore[arg-type]
    g = Graft([1])
    with pytest.raises(InvalidPageError):
        g.add(bad)  # type: ignore[arg-type]
    assert list(g) == [1]


def test_add_and_contains() -> None:
    g = Graft()
    g.add(7)
    g.add(7)
    g.add(MAX_PAGEIDX)
    assert list(g) == [7, MAX_PAGEIDX]
    assert 7 in g
    assert 8 not in g
    assert "7" not in g
    assert None not in g


@pytest.mark.parametrize("value", [0, -1, 2**32, 2**70, -(2**70)])
def test_contains_is_false_for_ints_that_are_not_pages(value: int) -> None:
    g = Graft.from_range(1, 1000)
    g.add(MAX_PAGEIDX)
    assert value not in g


@given(page_sets, page_sets)
def test_set_operations_match_python_sets(a: set[int], b: set[int]) -> None:
    ga, gb = Graft(a), Graft(b)
    assert set(ga | gb) == a | b
    assert set(ga & gb) == a & b
    assert set(ga - gb) == a - b
    assert ga.isdisjoint(gb) == a.isdisjoint(b)
    # Operands are not modified.
    assert set(ga) == a and set(gb) == b
    assert (ga == gb) == (a == b)
    if a == b:
        assert hash(ga) == hash(gb)


@given(page_sets, st.integers(0, 6000))
def test_above(pages: set[int], count: int) -> None:
    assert set(Graft(pages).above(count)) == {p for p in pages if p > count}


def test_graft_is_not_equal_to_other_types() -> None:
    assert Graft([1]) != {1}
    assert Graft([1]) != [1]


def test_page_zero_in_serialized_bytes_is_rejected() -> None:
    for bits in (BitMap([0]), BitMap([0, 1, 2]), BitMap(range(0, 1000))):
        with pytest.raises(InvalidInputError, match="0"):
            Graft.deserialize(bits.serialize())


@pytest.mark.parametrize("data", [b"", b"\x00", b"\xff" * 3, b"not a graft at all"])
def test_garbage_is_invalid_input(data: bytes) -> None:
    with pytest.raises(InvalidInputError, match="invalid graft"):
        Graft.deserialize(data)


def test_every_truncation_of_a_graft_is_invalid_input() -> None:
    for pages in ([1, 2, 3, 70_000, MAX_PAGEIDX], range(1, 5000, 3)):
        data = Graft(pages).serialize()
        for cut in range(len(data)):
            with pytest.raises(InvalidInputError):
                Graft.deserialize(data[:cut])


@settings(max_examples=500)
@given(st.binary(max_size=200))
def test_random_bytes_give_a_graft_or_invalid_input(data: bytes) -> None:
    try:
        g = Graft.deserialize(data)
    except InvalidInputError:
        return
    assert 0 not in g
    assert all(1 <= idx <= MAX_PAGEIDX for idx in g)


@settings(max_examples=500)
@given(page_sets, st.data())
def test_garbled_grafts_give_a_graft_or_invalid_input(pages: set[int], data: st.DataObject) -> None:
    raw = bytearray(Graft(pages).serialize())
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(raw) - 1))
        raw[pos] = data.draw(st.integers(0, 255))
    try:
        g = Graft.deserialize(bytes(raw))
    except InvalidInputError:
        return
    assert 0 not in g
