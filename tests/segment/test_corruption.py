"""Every malformed segment is a CorruptSegmentError, and bad encoder input an InvalidInputError."""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from typing import Any

import crc32c
import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from graft_core import segment as segment_module
from graft_core.errors import CorruptSegmentError, InvalidInputError, NotFoundError
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import (
    FOOTER_SIZE,
    decode_frame,
    decode_index,
    decode_segment,
    encode_segment,
    read_footer,
)
from graft_core.types import EMPTY_PAGE, MAX_SEALED_PAGE, PAGE_SIZE


def small_segment() -> bytes:
    rng = random.Random(1)
    text = b"the quick brown fox jumps over the lazy dog " * 100
    pages = {
        VolumeId.random(): {1: text[:PAGE_SIZE], 2: EMPTY_PAGE, 70: text[3 : PAGE_SIZE + 3]},
        VolumeId.random(): {5: rng.randbytes(PAGE_SIZE)},
    }
    return encode_segment(SegmentId.random(), pages)


SMALL = small_segment()


def test_small_segment_is_small_enough_to_flip_every_bit() -> None:
    assert len(SMALL) < 9000
    decode_segment(SMALL).verify()


def test_every_single_bit_flip_is_detected() -> None:
    data = bytearray(SMALL)
    for position in range(len(data) * 8):
        data[position // 8] ^= 1 << (position % 8)
        with pytest.raises(CorruptSegmentError):
            decode_segment(bytes(data))
        data[position // 8] ^= 1 << (position % 8)


def test_every_truncation_and_extension_is_detected() -> None:
    for length in range(len(SMALL)):
        with pytest.raises(CorruptSegmentError):
            decode_segment(SMALL[:length])
    for extra in (b"\0", b"GRAFTSEG", SMALL[-FOOTER_SIZE:]):
        with pytest.raises(CorruptSegmentError):
            decode_segment(SMALL + extra)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(SMALL) - 1), st.binary(min_size=1, max_size=64))
def test_overwritten_bytes_are_detected(offset: int, garbage: bytes) -> None:
    mutated = SMALL[:offset] + garbage + SMALL[offset + len(garbage) :]
    if mutated[: len(SMALL)] == SMALL:
        return  # the garbage happened to equal the original bytes
    with pytest.raises(CorruptSegmentError):
        decode_segment(mutated)


def test_ranged_pieces_are_checked_on_their_own() -> None:
    footer = read_footer(SMALL[-FOOTER_SIZE:])
    index_bytes = SMALL[footer.index_offset : -FOOTER_SIZE]
    index = decode_index(index_bytes, footer)
    frame = index.frames[0]
    frame_bytes = SMALL[frame.offset : frame.offset + frame.length]
    for position in range(len(index_bytes) * 8):
        flipped = bytearray(index_bytes)
        flipped[position // 8] ^= 1 << (position % 8)
        with pytest.raises(CorruptSegmentError):
            decode_index(bytes(flipped), footer)
    for position in range(0, len(frame_bytes) * 8, 7):
        flipped = bytearray(frame_bytes)
        flipped[position // 8] ^= 1 << (position % 8)
        with pytest.raises(CorruptSegmentError):
            decode_frame(bytes(flipped), frame)
    with pytest.raises(CorruptSegmentError):
        decode_frame(frame_bytes[:-1], frame)
    with pytest.raises(CorruptSegmentError):
        read_footer(SMALL[-FOOTER_SIZE - 1 : -1])


def resealed(data: bytes, edit: Callable[[bytearray], None]) -> bytes:
    """Apply ``edit`` to everything before the footer and recompute the footer's CRCs."""
    offset, length, _, _, magic = struct.unpack("<QIII8s", data[-FOOTER_SIZE:])
    body = bytearray(data[:-FOOTER_SIZE])
    edit(body)
    index = bytes(body[offset : offset + length])
    footer = struct.pack(
        "<QIII8s", offset, length, crc32c.crc32c(index), crc32c.crc32c(body), magic
    )
    return bytes(body) + footer


def _set_version(body: bytearray) -> None:
    body[8:12] = struct.pack("<I", 2)


def _set_header_sid_kind(body: bytearray) -> None:
    body[12] = 0x80  # a VolumeId prefix where the SegmentId belongs


def _swap_volume_order(body: bytearray) -> None:
    offset = read_footer(SMALL[-FOOTER_SIZE:]).index_offset
    frames = struct.unpack_from("<I", body, offset + 16)[0]
    table = offset + 24 + frames * 20
    first, second = body[table : table + 28], body[table + 28 : table + 56]
    body[table : table + 56] = second + first


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set_version, "unsupported version 2"),
        (_set_header_sid_kind, "not a SegmentId"),
        (_swap_volume_order, "volume"),
    ],
)
def test_structural_checks_hold_even_with_valid_crcs(
    edit: Callable[[bytearray], None], message: str
) -> None:
    with pytest.raises(CorruptSegmentError, match=message):
        decode_segment(resealed(SMALL, edit))


def test_encoder_refuses_a_segment_that_does_not_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    real = zstandard.ZstdCompressor(level=3)

    class ShortCompressor:
        def compress(self, raw: bytes) -> bytes:
            return bytes(real.compress(raw[:-PAGE_SIZE]))

    monkeypatch.setattr(segment_module, "_compressor", ShortCompressor)
    with pytest.raises(CorruptSegmentError, match="declares"):
        encode_segment(SegmentId.random(), {VolumeId.random(): {1: EMPTY_PAGE, 2: EMPTY_PAGE}})


@pytest.mark.parametrize("garbage", [b"", b"GRAFTSEG", bytes(200), SMALL[::-1]])
def test_garbage_is_corrupt(garbage: bytes) -> None:
    with pytest.raises(CorruptSegmentError):
        decode_segment(garbage)


def test_reading_a_page_the_segment_lacks_is_not_found() -> None:
    segment = decode_segment(SMALL)
    vid = segment.volumes()[0]
    with pytest.raises(NotFoundError):
        segment.read(vid, 3)
    with pytest.raises(NotFoundError):
        segment.graft(VolumeId.random())


@pytest.mark.parametrize(
    "pages",
    [
        {},
        {VolumeId.random(): {}},
        {VolumeId.random(): {0: EMPTY_PAGE}},
        {VolumeId.random(): {1: b"short"}},
        {VolumeId.random(): {1: EMPTY_PAGE, 2: b"short"}},
        {VolumeId.random(): {1: EMPTY_PAGE, 2: "x" * PAGE_SIZE}},
        {VolumeId.random(): {1: EMPTY_PAGE, 2**32: EMPTY_PAGE}},
        {VolumeId.random(): {True: EMPTY_PAGE}},
        {VolumeId.random(): {1.0: EMPTY_PAGE}},
        {"not a vid": {1: EMPTY_PAGE}},
    ],
)
def test_bad_encoder_input_is_invalid_input(pages: dict[VolumeId, dict[int, bytes]]) -> None:
    with pytest.raises(InvalidInputError):
        encode_segment(SegmentId.random(), pages)


@pytest.mark.parametrize("page", [b"", bytes(MAX_SEALED_PAGE + 1), "sealed"])
def test_bad_sealed_pages_are_invalid_input(page: bytes) -> None:
    vid = VolumeId.random()
    with pytest.raises(InvalidInputError):
        encode_segment(SegmentId.random(), {vid: {1: b"ok", 2: page}}, sealed={vid})


def test_pages_in_other_buffers_are_stored_as_bytes() -> None:
    vid, page = VolumeId.random(), bytes(range(256)) * 16
    buffers: dict[int, Any] = {2: bytearray(page), 1: memoryview(page)}  # the encoder takes any
    data = encode_segment(SegmentId.random(), {vid: buffers})
    segment = decode_segment(data)
    assert [segment.read(vid, 1), segment.read(vid, 2)] == [page, page]


def test_segment_id_must_be_a_segment_id() -> None:
    vid = VolumeId.random()
    with pytest.raises(InvalidInputError):
        encode_segment(vid, {vid: {1: EMPTY_PAGE}})  # type: ignore[arg-type]
