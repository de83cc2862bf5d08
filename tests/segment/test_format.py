"""Segment round trips: random, SQLite-like, mixed-volume, empty, incompressible and max-size."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import (
    FOOTER_SIZE,
    FRAME_PAGES,
    HEADER_SIZE,
    Codec,
    decode_frame,
    decode_index,
    decode_segment,
    encode_segment,
    read_footer,
)
from graft_core.types import EMPTY_PAGE, MAX_PAGEIDX, PAGE_SIZE
from tests.support.sqlite_pages import sqlite_pages

Pages = dict[VolumeId, dict[int, bytes]]


def page_from_seed(seed: int) -> bytes:
    """A page with a random-length random head and a zero tail: compressible to varying degrees."""
    rng = random.Random(seed)
    head = rng.randbytes(rng.randrange(PAGE_SIZE + 1))
    return head + bytes(PAGE_SIZE - len(head))


def assert_round_trip(pages: Pages) -> bytes:
    sid = SegmentId.random()
    data = encode_segment(sid, pages, created_ms=1_700_000_000_123)
    segment = decode_segment(data)
    assert segment.sid == sid
    assert segment.created_ms == 1_700_000_000_123
    assert segment.volumes() == sorted(pages)
    for vid, volume_pages in pages.items():
        assert segment.graft(vid) == Graft(volume_pages)
        assert dict(segment.pages(vid)) == volume_pages
        for pageidx, page in volume_pages.items():
            assert segment.read(vid, pageidx) == page
    return data


volume_pages = st.dictionaries(
    st.integers(1, MAX_PAGEIDX), st.integers(0, 2**32).map(page_from_seed), min_size=1, max_size=150
)


@settings(max_examples=30, deadline=None)
@given(st.lists(volume_pages, min_size=1, max_size=4))
def test_round_trip_random_pages(volumes: list[dict[int, bytes]]) -> None:
    assert_round_trip({VolumeId.random(): pages for pages in volumes})


def test_round_trip_sqlite_pages_compresses() -> None:
    pages = sqlite_pages(3000)
    vid = VolumeId.random()
    data = assert_round_trip({vid: {n: page for n, page in enumerate(pages, start=1)}})
    assert len(data) < len(pages) * PAGE_SIZE / 2
    assert {frame.codec for frame in decode_segment(data).index.frames} == {Codec.ZSTD}


def test_mixed_volumes_keep_their_own_pages() -> None:
    rng = random.Random(7)
    pages: Pages = {}
    for _ in range(6):
        # Interleaved page numbers across volumes, with gaps and frames that end mid-volume.
        idxs = rng.sample(range(1, 400), rng.randrange(1, 200))
        pages[VolumeId.random()] = {idx: page_from_seed(rng.randrange(2**32)) for idx in idxs}
    data = assert_round_trip(pages)
    segment = decode_segment(data)
    for vid, volume_pages in pages.items():
        entry = segment.index.entry(vid)
        assert entry.frame_count == -(-len(volume_pages) // FRAME_PAGES)
        for missing in set(range(1, 400)) - set(volume_pages):
            assert segment.index.locate(vid, missing) is None
    assert segment.index.locate(VolumeId.random(), 1) is None
    assert segment.index.page_count == sum(map(len, pages.values()))


def test_empty_pages_are_stored_like_others() -> None:
    assert_round_trip({VolumeId.random(): {1: EMPTY_PAGE, 2: page_from_seed(1), 9: EMPTY_PAGE}})


def test_incompressible_frames_are_stored_raw() -> None:
    rng = random.Random(3)
    pages = {n: rng.randbytes(PAGE_SIZE) for n in range(1, 100)}
    data = assert_round_trip({VolumeId.random(): pages})
    frames = decode_segment(data).index.frames
    assert [frame.codec for frame in frames] == [Codec.RAW, Codec.RAW]
    assert [frame.pages for frame in frames] == [64, 35]
    assert frames[0].offset == HEADER_SIZE
    assert sum(frame.length for frame in frames) == len(pages) * PAGE_SIZE


def test_max_size_segment() -> None:
    # 16 MiB of page data, the top of the target range: half random, half SQLite-like.
    rng = random.Random(5)
    sqlite = sqlite_pages(6000)
    random_pages = {n: rng.randbytes(PAGE_SIZE) for n in range(1, 2049)}
    sqlite_volume = {n: sqlite[(n - 1) % len(sqlite)] for n in range(1, 2049)}
    data = assert_round_trip({VolumeId.random(): random_pages, VolumeId.random(): sqlite_volume})
    assert len(data) < 16 * 1024 * 1024


def test_ranged_reads_fetch_footer_index_and_one_frame() -> None:
    rng = random.Random(11)
    vid = VolumeId.random()
    pages = {n: page_from_seed(rng.randrange(2**32)) for n in range(1, 300, 2)}
    data = encode_segment(SegmentId.random(), {vid: pages})
    footer = read_footer(data[-FOOTER_SIZE:])
    index = decode_index(
        data[footer.index_offset : footer.index_offset + footer.index_length], footer
    )
    for pageidx, page in pages.items():
        where = index.locate(vid, pageidx)
        assert where is not None
        frame = index.frames[where[0]]
        assert (
            decode_frame(data[frame.offset : frame.offset + frame.length], frame)[where[1]] == page
        )
