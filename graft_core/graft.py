"""Graft: the set of page indexes a commit changed, as a Roaring bitmap.

Serialization is the portable Roaring format (interoperable with CRoaring, Java and Go), so a graft
written by one implementation can be read by any other.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

from pyroaring import BitMap

from graft_core.errors import InvalidInputError
from graft_core.types import MAX_PAGEIDX, PageIdx, check_pageidx

__all__ = ["Graft"]


def _bitmap(pageidxs: Iterable[int]) -> BitMap:
    """The pages as a bitmap; any index outside 1..2^32-1 (or not an int) raises.

    Grafts of thousands of pages are built per request and per segment: plain ints go to the
    bitmap in one C call (which rejects negative and too-large values), so only 0 is left to
    check. Anything else (bools, int subclasses, bad values) takes the per-item check, which
    also names the offending index.
    """
    items = pageidxs if isinstance(pageidxs, list | tuple | range) else list(pageidxs)
    if set(map(type, items)) <= {int}:
        with contextlib.suppress(OverflowError):
            bits = BitMap(items)
            if 0 not in bits:
                return bits
    bits = BitMap()
    for idx in items:
        bits.add(check_pageidx(idx))
    return bits


class Graft:
    __slots__ = ("_bits",)

    def __init__(self, pageidxs: Iterable[int] = ()) -> None:
        self._bits = _bitmap(pageidxs)

    @classmethod
    def _wrap(cls, bits: BitMap) -> Graft:
        graft = cls.__new__(cls)
        graft._bits = bits
        return graft

    @classmethod
    def from_range(cls, start: int, stop: int) -> Graft:
        """Pages ``start`` up to (not including) ``stop``."""
        if start < stop:
            check_pageidx(start)
            check_pageidx(stop - 1)
        return cls._wrap(BitMap(range(start, stop)))

    @classmethod
    def union(cls, grafts: Iterable[Graft], ranges: Iterable[tuple[int, int]] = ()) -> Graft:
        """Every page of ``grafts`` and of the ``(start, stop)`` ranges, in one pass: a union
        folded pairwise would copy the growing result once per graft."""
        bits = BitMap.union(BitMap(), *(graft._bits for graft in grafts))
        for start, stop in _merged(ranges):
            check_pageidx(start)
            check_pageidx(stop - 1)
            bits.add_range(start, stop)
        return cls._wrap(bits)

    def bitmap(self) -> BitMap:
        """The underlying bitmap, for set algebra beyond these methods (do not modify it)."""
        return self._bits

    def add(self, pageidx: int) -> None:
        self._bits.add(check_pageidx(pageidx))

    def serialize(self) -> bytes:
        self._bits.run_optimize()
        return bytes(self._bits.serialize())

    @classmethod
    def deserialize(cls, data: bytes) -> Graft:
        """Parse the portable format; garbled input raises ``InvalidInputError``."""
        try:
            bits = BitMap.deserialize(data)
        except (ValueError, TypeError, OverflowError, IndexError) as exc:
            raise InvalidInputError(f"invalid graft: {exc}") from exc
        if 0 in bits:
            raise InvalidInputError("invalid graft: page index 0 is not a page")
        assert bits.max() <= MAX_PAGEIDX if bits else True
        return cls._wrap(bits)

    def __contains__(self, pageidx: object) -> bool:
        return isinstance(pageidx, int) and 0 < pageidx <= MAX_PAGEIDX and pageidx in self._bits

    def __iter__(self) -> Iterator[PageIdx]:
        return (PageIdx(idx) for idx in self._bits)

    def __len__(self) -> int:
        return len(self._bits)

    def __bool__(self) -> bool:
        return bool(self._bits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Graft) and self._bits == other._bits

    def __hash__(self) -> int:
        return hash(self.serialize())

    def __or__(self, other: Graft) -> Graft:
        return Graft._wrap(self._bits | other._bits)

    def __and__(self, other: Graft) -> Graft:
        return Graft._wrap(self._bits & other._bits)

    def __sub__(self, other: Graft) -> Graft:
        return Graft._wrap(self._bits - other._bits)

    def isdisjoint(self, other: Graft) -> bool:
        return not self._bits.intersect(other._bits)

    def above(self, page_count: int) -> Graft:
        """The pages of this graft with index greater than ``page_count``."""
        bits = self._bits.copy()
        bits.remove_range(1, page_count + 1)  # costs what the graft holds, not page_count
        return Graft._wrap(bits)

    def __repr__(self) -> str:
        preview = list(self._bits[:8]) if len(self._bits) else []
        more = ", ..." if len(self._bits) > 8 else ""
        return f"Graft({preview}{more} n={len(self._bits)})"


def _merged(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Non-empty ``[start, stop)`` ranges with overlapping and touching ones joined, so each
    page is added once however many ranges cover it."""
    merged: list[tuple[int, int]] = []
    for start, stop in sorted(r for r in ranges if r[0] < r[1]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], stop))
        else:
            merged.append((start, stop))
    return merged
