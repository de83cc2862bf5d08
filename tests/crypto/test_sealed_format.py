"""The sealed page format (DESIGN 13): what it costs in stored bytes, and pages of the previous
format still opening."""

from __future__ import annotations

import os
import struct

import pytest
import zstandard

from graft_core.crypto import Key, Keyring, open_page, seal_page
from graft_core.errors import IntegrityError, InvalidInputError
from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import encode_segment
from graft_core.types import PAGE_SIZE
from tests.support.sqlite_pages import text_table_pages

KEK = Key.from_bytes(bytes(range(32)))


def test_sealed_sqlite_pages_take_at_most_115_percent_of_the_plain_segment() -> None:
    """Plain pages are compressed 64 to a frame by the pagestore; sealed ones one by one on the
    client, so each must carry little besides its compressed body (issue 18's goal: 1.15x)."""
    pages = dict(enumerate(text_table_pages(20_000), start=1))
    vid = VolumeId.random()
    key = Keyring.create(vid, KEK).current()
    sealed = {idx: seal_page(key, vid, idx, 2, page) for idx, page in pages.items()}
    plain_size = len(encode_segment(SegmentId.random(), {vid: pages}))
    sealed_size = len(encode_segment(SegmentId.random(), {vid: sealed}, sealed={vid}))
    assert sealed_size <= 1.15 * plain_size, sealed_size / plain_size


def _format_1(ring: Keyring, vid: VolumeId, pageidx: int, lsn: int, page: bytes) -> bytes:
    """A page as format 1 sealed it: AES-256-GCM, a 12-byte nonce, a standard zstd frame."""
    key = ring.current()
    body = zstandard.ZstdCompressor(level=4, write_content_size=True).compress(page)
    header = struct.pack(">BBIQ", 1, 1, key.key_id, lsn)
    ad = b"graft-page-v1" + header + bytes(vid) + pageidx.to_bytes(4, "big")
    nonce = os.urandom(12)
    return header + nonce + key.aead.encrypt(nonce, body, ad)


def test_pages_of_the_previous_format_still_open() -> None:
    vid = VolumeId.random()
    ring = Keyring.create(vid, KEK)
    page = b"an old page ".ljust(PAGE_SIZE, b"-")
    old = _format_1(ring, vid, 3, 5, page)
    assert open_page(ring, vid, 3, old) == (page, 5)
    flipped = bytearray(old)
    flipped[-1] ^= 1
    for bad, idx in ((bytes(flipped), 3), (old, 4)):
        with pytest.raises(IntegrityError):
            open_page(ring, vid, idx, bad)


def test_the_current_format_refuses_a_relabelled_header() -> None:
    vid = VolumeId.random()
    ring = Keyring.create(vid, KEK)
    page = b"a page ".ljust(PAGE_SIZE, b"+")
    blob = seal_page(ring.current(), vid, 1, 7, page)
    assert open_page(ring, vid, 1, blob) == (page, 7)
    for offset, value in ((11, 8), (1, 0), (0, 1)):  # the LSN, the flags, the version
        relabelled = bytearray(blob)
        relabelled[offset] = value
        with pytest.raises(IntegrityError):
            open_page(ring, vid, 1, bytes(relabelled))


def test_a_keyring_never_grows_past_what_decodes() -> None:
    """Rotations (and forks, which add a key to their parent's) stop with one clear error at
    the keyring's limits, instead of writing a keyring no device could decode again."""
    vid = VolumeId.random()
    ring = Keyring.create(vid, KEK)
    with pytest.raises(InvalidInputError, match="data keys"):
        for _ in range(200):
            ring = ring.rotated()
    assert Keyring.decode(vid, ring.encode(), KEK).current_id == ring.current_id
    with pytest.raises(InvalidInputError, match="data keys"):
        ring.forked(VolumeId.random(), 3)
