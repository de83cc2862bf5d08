"""Segment decoding under damage, on the paths tests/segment does not fuzz: the ranged path a
pagestore uses (footer + index by suffix read, then one frame) and structural damage behind
recomputed CRCs. Only ``CorruptSegmentError`` (or ``NotFoundError`` for a page the index does
not list) may come out, and a page that does come out is a page that was written."""

from __future__ import annotations

import struct
from collections.abc import Callable

import crc32c
from hypothesis import example, given
from hypothesis import strategies as st

from graft_core.errors import CorruptSegmentError, NotFoundError
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import (
    FOOTER_SIZE,
    SegmentIndex,
    decode_frame,
    decode_segment,
    encode_segment,
    fetch_index,
)
from graft_core.types import PAGE_SIZE

SID = SegmentId.random()
VOLUMES = sorted([VolumeId.random(), VolumeId.random()])


def _page(n: int) -> bytes:
    return (f"page {n} ".encode() * PAGE_SIZE)[:PAGE_SIZE]


PAGES = {VOLUMES[0]: {n: _page(n) for n in range(1, 71)}, VOLUMES[1]: {9: _page(9000)}}
DATA = encode_segment(SID, PAGES)  # three frames: 64 + 6 pages, then 1
Damage = list[tuple[int, bytes]]

damage = st.lists(
    st.tuples(st.integers(0, len(DATA) - 1), st.binary(min_size=1, max_size=24)),
    min_size=1,
    max_size=3,
)


def _damaged(data: bytes, edits: Damage) -> bytes:
    out = bytearray(data)
    for at, garbage in edits:
        out[at : at + len(garbage)] = garbage
    return bytes(out[: len(data)])


def _ranged_reads(data: bytes) -> tuple[Callable[[int], bytes], Callable[[int, int], bytes]]:
    """Object-store style reads that, like S3, answer what exists of the asked range."""
    return (lambda n: data[-n:], lambda offset, length: data[offset : offset + length])


def _read_page(data: bytes, index: SegmentIndex, vid: VolumeId, pageidx: int) -> bytes | None:
    where = index.locate(vid, pageidx)
    if where is None:
        return None
    frame = index.frames[where[0]]
    return decode_frame(data[frame.offset : frame.offset + frame.length], frame)[where[1]]


def _check_ranged(data: bytes) -> None:
    """Every page the damaged object still yields is exactly the page written there."""
    try:
        index = fetch_index(SID, *_ranged_reads(data))
    except CorruptSegmentError:
        return
    for vid, pages in PAGES.items():
        for pageidx, page in pages.items():
            try:
                found = _read_page(data, index, vid, pageidx)
            except CorruptSegmentError:
                continue
            assert found == page, (vid, pageidx)


@given(edits=damage)
@example(edits=[(len(DATA) - 1, b"X")])  # footer magic
@example(edits=[(len(DATA) - FOOTER_SIZE, b"\xff\xff\xff\xff")])  # index offset far away
@example(edits=[(40, b"\0" * 24)])  # inside the first frame
def test_ranged_reads_of_a_damaged_segment_never_yield_a_wrong_page(edits: Damage) -> None:
    damaged = _damaged(DATA, edits)
    _check_ranged(damaged)
    if damaged != DATA:
        try:
            decode_segment(damaged)
        except CorruptSegmentError:
            return
        raise AssertionError("a damaged segment decoded whole")


@given(cut=st.integers(0, len(DATA) - 1))
def test_ranged_reads_of_a_truncated_segment_never_yield_a_wrong_page(cut: int) -> None:
    _check_ranged(DATA[:cut])


def _resealed(data: bytes, edits: Damage) -> bytes:
    """Damage everything before the footer and recompute the index and whole-object CRCs, as a
    buggy writer would: only the structural checks (and frame CRCs) stand in the way."""
    offset, length, _, _, magic = struct.unpack("<QIII8s", data[-FOOTER_SIZE:])
    body = _damaged(data[:-FOOTER_SIZE], [(at % (len(data) - FOOTER_SIZE), g) for at, g in edits])
    index = body[offset : offset + length]
    footer = struct.pack(
        "<QIII8s", offset, length, crc32c.crc32c(index), crc32c.crc32c(body), magic
    )
    return body + footer


INDEX_AT = struct.unpack_from("<Q", DATA, len(DATA) - FOOTER_SIZE)[0]
index_damage = st.lists(
    st.tuples(
        st.integers(INDEX_AT, len(DATA) - FOOTER_SIZE - 1), st.binary(min_size=1, max_size=8)
    ),
    min_size=1,
    max_size=3,
)


@given(edits=index_damage | damage)
@example(edits=[(INDEX_AT + 20, b"\xff\xff\xff\xff")])  # frame 0 offset
@example(edits=[(INDEX_AT + 16, b"\xff\xff\xff\x7f")])  # frame count
@example(edits=[(INDEX_AT + 20, b"\0" * 8)])  # frame 0 offset 0
@example(edits=[(len(DATA) - FOOTER_SIZE - 4, b"\0\0\0\0")])  # last page index 0
def test_structural_damage_behind_valid_crcs_is_typed(edits: Damage) -> None:
    resealed = _resealed(DATA, edits)
    written = {page for pages in PAGES.values() for page in pages.values()}
    try:
        segment = decode_segment(resealed)
        segment.verify()
        for vid in segment.volumes():
            for pageidx, page in segment.pages(vid):
                assert page in written, "a page that was never written"
                assert segment.read(vid, pageidx) == page
    except (CorruptSegmentError, NotFoundError):
        pass
