"""Hypothesis strategies for every ``graft_core.wire`` message, built from the structs' own
msgspec type information, so a new message or field is fuzzed without touching this module."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import strategies as st

from graft_core import wire
from graft_core.graft import Graft
from graft_core.ids import ClientId, Gid, SegmentId, VolumeId
from graft_core.types import MAX_PAGEIDX

__all__ = ["MESSAGE_TYPES", "gids", "grafts", "messages", "msgpack_values"]

MESSAGE_TYPES: list[type[wire.Message]] = sorted(
    (
        kind
        for kind in vars(wire).values()
        if isinstance(kind, type) and issubclass(kind, wire.Message) and kind is not wire.Message
    ),
    key=lambda kind: kind.__name__,
)

msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=20)
    | st.binary(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=12) | st.integers(-5, 5), inner, max_size=4)
    ),
    max_leaves=10,
)
"""Any msgpack-encodable value: wrong shapes for every field."""

grafts = st.sets(st.integers(1, MAX_PAGEIDX), max_size=20).map(Graft)


def gids(kind: type[Gid]) -> st.SearchStrategy[Gid]:
    prefix = kind.PREFIX
    assert prefix is not None
    return st.binary(min_size=15, max_size=15).map(lambda rest: kind(bytes([prefix]) + rest))


_CUSTOM: dict[type, st.SearchStrategy[Any]] = {
    Graft: grafts,
    VolumeId: gids(VolumeId),
    SegmentId: gids(SegmentId),
    ClientId: gids(ClientId),
}


def _bounded(low: int | None, high: int | None) -> tuple[int, int]:
    return (-(2**63) if low is None else low), (2**64 - 1 if high is None else high)


def _repeated(size: int) -> st.SearchStrategy[bytes]:
    """Page-sized fields: a short pattern repeated, so examples stay within hypothesis's entropy
    budget."""
    return st.binary(min_size=1, max_size=16).map(lambda seed: (seed * size)[:size])


def _for(info: msgspec.inspect.Type) -> st.SearchStrategy[Any]:
    match info:
        case msgspec.inspect.IntType(ge=ge, le=le):
            return st.integers(*_bounded(ge, le))
        case msgspec.inspect.BytesType(min_length=int(size)) if size > 64:
            return _repeated(size)
        case msgspec.inspect.BytesType(min_length=low, max_length=int(high)) if high > 64:
            # Sealed pages and keyrings: any size in bounds, page-like content.
            return st.integers(low or 0, high).flatmap(_repeated)
        case msgspec.inspect.BytesType(min_length=low, max_length=high):
            return st.binary(min_size=low or 0, max_size=high or 64)
        case msgspec.inspect.BoolType():
            return st.booleans()
        case msgspec.inspect.StrType(max_length=high):
            return st.text(max_size=min(high or 30, 30))
        case msgspec.inspect.NoneType():
            return st.none()
        case msgspec.inspect.UnionType(types=types):
            return st.one_of(*map(_for, types))
        case msgspec.inspect.ListType(item_type=item):
            return st.lists(_for(item), max_size=3)
        case msgspec.inspect.TupleType(item_types=items):
            return st.tuples(*map(_for, items))
        case msgspec.inspect.CustomType(cls=cls):
            return _CUSTOM[cls]
        case msgspec.inspect.StructType(cls=cls, fields=fields):
            return st.builds(cls, **{f.name: _for(f.type) for f in fields})
    raise NotImplementedError(f"no strategy for {info!r}")


def messages(kind: type[wire.Message]) -> st.SearchStrategy[wire.Message]:
    """Valid instances of ``kind`` (every field within its declared bounds)."""
    return _for(msgspec.inspect.type_info(kind))
