"""Segment objects: immutable, checksummed bundles of zstd-compressed pages of one or more volumes.

Byte layout (all integers little-endian)::

    header   36 B   magic "GRAFTSEG" | version u32 (=1) | sid 16 B | created_ms u64
    frames          frame 0 | frame 1 | ...      (contiguous, starting right after the header)
    index           sid 16 B | frame count u32 | volume count u32
                    frame table, 20 B each:  offset u64 | length u32 | crc32c u32
                                             | pages u16 (1..64) | codec u8 | 0 u8
                                             codec: 0 raw, 1 zstd, 2 sealed
                    volume table, 28 B each: vid 16 B | first frame u32 | frame count u32
                                             | page count u32
                    page indexes: u32 each, volume by volume, strictly ascending within a volume
    footer   28 B   index offset u64 | index length u32 | index crc32c u32
                    | crc32c of every byte before the footer u32 | magic "GRAFTSEG"

A frame holds up to 64 consecutive entries of the (vid, pageidx)-sorted page list, all of one
volume: its bytes are the pages' concatenation, zstd-compressed (level 3) unless that does not
shrink them, in which case they are stored raw. Volumes are sorted by id and own consecutive
frames; the k-th page of a volume sits in that volume's frames in order, so ``pageidx -> (frame,
slot)`` follows from the page index list and the frames' page counts.

A volume's pages may instead be **sealed** (compressed and encrypted by the client, up to
``MAX_SEALED_PAGE`` bytes each, DESIGN 13): all its frames then have codec 2 and hold a table of
the pages' lengths (u32 each) followed by the sealed pages, stored as they came (ciphertext does
not compress).

Three checksums let a reader trust exactly what it fetched: the footer CRC covers the whole object
(full reads), the index CRC covers the index, and each frame's CRC covers that frame, so a ranged
reader can fetch the footer, then the index, then one frame, and verify each. Any malformed input
raises ``CorruptSegmentError``; pages are never returned from bytes that failed a check.
"""

from __future__ import annotations

import bisect
import struct
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import TypeVar

import crc32c
import zstandard

from graft_core.errors import CorruptSegmentError, InvalidIdError, InvalidInputError, NotFoundError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.types import (
    MAX_PAGEIDX,
    MAX_SEALED_PAGE,
    PAGE_SIZE,
    PageIdx,
    check_page,
    check_pageidx,
)

__all__ = [
    "FOOTER_SIZE",
    "FRAME_PAGES",
    "HEADER_SIZE",
    "INDEX_PROBE",
    "SEGMENT_MAGIC",
    "SEGMENT_VERSION",
    "BuiltSegment",
    "Codec",
    "Footer",
    "FrameInfo",
    "Segment",
    "SegmentIndex",
    "VolumeEntry",
    "build_segment",
    "decode_frame",
    "decode_index",
    "decode_segment",
    "decompressor",
    "encode_segment",
    "fetch_index",
    "map_frames",
    "read_footer",
]

SEGMENT_MAGIC = b"GRAFTSEG"
SEGMENT_VERSION = 1
FRAME_PAGES = 64
ZSTD_LEVEL = 3

_T = TypeVar("_T")
_U = TypeVar("_U")

_HEADER = struct.Struct("<8sI16sQ")
_FOOTER = struct.Struct("<QIII8s")
_INDEX_HEAD = struct.Struct("<16sII")
_FRAME = struct.Struct("<QIIHBB")
_VOLUME = struct.Struct("<16sIII")
_PAGEIDX_SIZE = 4

HEADER_SIZE = _HEADER.size
FOOTER_SIZE = _FOOTER.size
assert (HEADER_SIZE, FOOTER_SIZE, _FRAME.size, _VOLUME.size) == (36, 28, 20, 28)


class Codec:
    RAW = 0
    ZSTD = 1
    SEALED = 2


_CODEC_NAMES = {Codec.RAW: "raw", Codec.ZSTD: "zstd", Codec.SEALED: "sealed"}
_LENGTH = struct.Struct("<I")


@dataclass(frozen=True, slots=True)
class Footer:
    index_offset: int
    index_length: int
    index_crc: int
    crc: int


@dataclass(frozen=True, slots=True)
class FrameInfo:
    offset: int
    length: int
    crc: int
    pages: int
    codec: int

    @property
    def codec_name(self) -> str:
        return _CODEC_NAMES[self.codec]


@dataclass(frozen=True, slots=True)
class VolumeEntry:
    vid: VolumeId
    first_frame: int
    frame_count: int
    pageidxs: tuple[int, ...]
    # Cumulative page counts of the volume's frames: frame j starts at slot_starts[j].
    slot_starts: tuple[int, ...]


# zstd contexts are not thread-safe but are worth reusing: one per thread.
_contexts = threading.local()


def _compressor() -> zstandard.ZstdCompressor:
    if not hasattr(_contexts, "cctx"):
        _contexts.cctx = zstandard.ZstdCompressor(level=ZSTD_LEVEL)
    cctx: zstandard.ZstdCompressor = _contexts.cctx
    return cctx


def decompressor() -> zstandard.ZstdDecompressor:
    """This thread's zstd decompressor (contexts are not thread-safe, and costly to make)."""
    if not hasattr(_contexts, "dctx"):
        _contexts.dctx = zstandard.ZstdDecompressor()
    dctx: zstandard.ZstdDecompressor = _contexts.dctx
    return dctx


def _corrupt(message: str) -> CorruptSegmentError:
    return CorruptSegmentError(f"corrupt segment: {message}")


def read_footer(data: bytes) -> Footer:
    """Parse the last ``FOOTER_SIZE`` bytes of a segment."""
    if len(data) != FOOTER_SIZE:
        raise _corrupt(f"footer is {FOOTER_SIZE} bytes, got {len(data)}")
    index_offset, index_length, index_crc, crc, magic = _FOOTER.unpack(data)
    if magic != SEGMENT_MAGIC:
        raise _corrupt("bad footer magic (not a segment, or truncated)")
    if index_offset < HEADER_SIZE:
        raise _corrupt(f"index offset {index_offset} points into the header")
    return Footer(index_offset, index_length, index_crc, crc)


class SegmentIndex:
    """Which pages a segment holds and where: enough to fetch and check a single frame."""

    __slots__ = ("_volumes", "frames", "sid")

    def __init__(
        self, sid: SegmentId, frames: tuple[FrameInfo, ...], volumes: list[VolumeEntry]
    ) -> None:
        self.sid = sid
        self.frames = frames
        self._volumes = {entry.vid: entry for entry in volumes}

    def volumes(self) -> list[VolumeId]:
        return list(self._volumes)

    def entry(self, vid: VolumeId) -> VolumeEntry:
        found = self._volumes.get(vid)
        if found is None:
            raise NotFoundError(f"segment {self.sid} holds no pages of volume {vid}")
        return found

    def graft(self, vid: VolumeId) -> Graft:
        return Graft(self.entry(vid).pageidxs)

    def sealed(self, vid: VolumeId) -> bool:
        """Whether the volume's pages here are sealed by its client (opaque to servers)."""
        entry = self.entry(vid)
        return self.frames[entry.first_frame].codec == Codec.SEALED

    @property
    def page_count(self) -> int:
        return sum(len(entry.pageidxs) for entry in self._volumes.values())

    def locate(self, vid: VolumeId, pageidx: int) -> tuple[int, int] | None:
        """(frame number, slot in frame) of a page, or None if the segment does not hold it."""
        return self.locate_many(vid, (pageidx,))[0]

    def locate_many(self, vid: VolumeId, pageidxs: Iterable[int]) -> list[tuple[int, int] | None]:
        """``locate`` for each of ``pageidxs``: one volume lookup for a whole read."""
        entry = self._volumes.get(vid)
        if entry is None:
            return [None for _ in pageidxs]
        return [_place(entry, pageidx) for pageidx in pageidxs]


def _place(entry: VolumeEntry, pageidx: int) -> tuple[int, int] | None:
    position = bisect.bisect_left(entry.pageidxs, pageidx)
    if position == len(entry.pageidxs) or entry.pageidxs[position] != pageidx:
        return None
    frame = bisect.bisect_right(entry.slot_starts, position) - 1
    return entry.first_frame + frame, position - entry.slot_starts[frame]


def _parse_frames(data: bytes, count: int, frames_end: int) -> tuple[FrameInfo, ...]:
    frames: list[FrameInfo] = []
    expected_offset = HEADER_SIZE
    for number in range(count):
        offset, length, crc, pages, codec, reserved = _FRAME.unpack_from(
            data, _INDEX_HEAD.size + number * _FRAME.size
        )
        if offset != expected_offset:
            raise _corrupt(f"frame {number} at offset {offset}, expected {expected_offset}")
        if codec not in _CODEC_NAMES:
            raise _corrupt(f"frame {number}: unknown codec {codec}")
        if not 1 <= pages <= FRAME_PAGES or reserved != 0:
            raise _corrupt(f"frame {number}: invalid page count {pages} or reserved byte")
        raw_size = pages * PAGE_SIZE
        if codec == Codec.RAW and length != raw_size:
            raise _corrupt(f"raw frame {number} is {length} bytes, expected {raw_size}")
        if codec == Codec.ZSTD and not 0 < length < raw_size:
            raise _corrupt(f"zstd frame {number} is {length} bytes, not smaller than raw")
        if codec == Codec.SEALED and not pages * (_LENGTH.size + 1) <= length <= pages * (
            _LENGTH.size + MAX_SEALED_PAGE
        ):
            raise _corrupt(f"sealed frame {number} of {pages} pages is {length} bytes")
        frames.append(FrameInfo(offset, length, crc, pages, codec))
        expected_offset = offset + length
    if expected_offset != frames_end:
        raise _corrupt(f"frames end at {expected_offset}, index starts at {frames_end}")
    return tuple(frames)


def decode_index(data: bytes, footer: Footer) -> SegmentIndex:
    """Parse and check the index bytes ``footer`` points at (``index_length`` from its offset)."""
    if len(data) != footer.index_length:
        raise _corrupt(f"index is {footer.index_length} bytes, got {len(data)}")
    if crc32c.crc32c(data) != footer.index_crc:
        raise _corrupt("index CRC32C mismatch")
    if len(data) < _INDEX_HEAD.size:
        raise _corrupt("index too short")
    raw_sid, frame_count, volume_count = _INDEX_HEAD.unpack_from(data)
    tables_end = _INDEX_HEAD.size + frame_count * _FRAME.size + volume_count * _VOLUME.size
    if tables_end > len(data):
        raise _corrupt(f"index of {len(data)} bytes cannot hold its {frame_count} frames")
    if volume_count == 0:
        raise _corrupt("segment holds no volumes")
    frames = _parse_frames(data, frame_count, footer.index_offset)
    try:
        sid = SegmentId(raw_sid)
    except InvalidIdError as exc:
        raise _corrupt(f"index: {exc}") from exc
    volumes = _parse_volumes(data, frames, volume_count, tables_end)
    return SegmentIndex(sid, frames, volumes)


INDEX_PROBE = 16 << 10


def fetch_index(
    sid: SegmentId,
    get_suffix: Callable[[int], bytes],
    get_range: Callable[[int, int], bytes],
) -> SegmentIndex:
    """The index of segment ``sid`` from ranged reads of its object.

    One suffix read of INDEX_PROBE bytes holds the footer and, for most segments, the whole
    index; a larger index costs one more ranged read.
    """
    tail = get_suffix(INDEX_PROBE)
    if len(tail) < FOOTER_SIZE:
        raise _corrupt(f"segment {sid}: {len(tail)} bytes (truncated?)")
    footer = read_footer(tail[-FOOTER_SIZE:])
    wanted = footer.index_length + FOOTER_SIZE
    if wanted <= len(tail):
        raw = tail[len(tail) - wanted : -FOOTER_SIZE]
    else:
        raw = get_range(footer.index_offset, footer.index_length)
    index = decode_index(raw, footer)
    if index.sid != sid:
        raise _corrupt(f"the object of segment {sid} holds segment {index.sid}")
    return index


def _parse_volumes(
    data: bytes, frames: tuple[FrameInfo, ...], count: int, tables_end: int
) -> list[VolumeEntry]:
    volumes: list[VolumeEntry] = []
    table = _INDEX_HEAD.size + len(frames) * _FRAME.size
    next_frame = 0
    pages_at = tables_end
    previous: VolumeId | None = None
    for number in range(count):
        raw_vid, first_frame, frame_count, page_count = _VOLUME.unpack_from(
            data, table + number * _VOLUME.size
        )
        try:
            vid = VolumeId(raw_vid)
        except InvalidIdError as exc:
            raise _corrupt(f"volume {number}: {exc}") from exc
        if previous is not None and not previous < vid:
            raise _corrupt(f"volume {number}: volumes are not in ascending id order")
        owned = frames[first_frame : first_frame + frame_count]
        if first_frame != next_frame or frame_count == 0 or len(owned) != frame_count:
            raise _corrupt(f"volume {vid}: frames {first_frame}+{frame_count} do not follow on")
        if len({frame.codec == Codec.SEALED for frame in owned}) != 1:
            raise _corrupt(f"volume {vid}: sealed and plain frames mixed")
        slot_starts = (0, *accumulate(frame.pages for frame in owned))
        if slot_starts[-1] != page_count:
            raise _corrupt(
                f"volume {vid}: {page_count} pages but its frames hold {slot_starts[-1]}"
            )
        end = pages_at + page_count * _PAGEIDX_SIZE
        if end > len(data):
            raise _corrupt(f"volume {vid}: page list runs past the end of the index")
        pageidxs = struct.unpack_from(f"<{page_count}I", data, pages_at)
        if pageidxs[0] < 1 or any(a >= b for a, b in pairwise(pageidxs)):
            raise _corrupt(f"volume {vid}: page indexes are not ascending from 1")
        volumes.append(VolumeEntry(vid, first_frame, frame_count, pageidxs, slot_starts[:-1]))
        next_frame, pages_at, previous = first_frame + frame_count, end, vid
    if next_frame != len(frames) or pages_at != len(data):
        raise _corrupt("index has frames or bytes that belong to no volume")
    return volumes


def _frame_bytes(data: bytes | memoryview, frame: FrameInfo) -> bytes:
    """The checked, decompressed contents of one frame, from exactly its stored bytes."""
    if len(data) != frame.length:
        raise _corrupt(f"frame is {frame.length} bytes, got {len(data)}")
    if crc32c.crc32c(data) != frame.crc:
        raise _corrupt(f"frame at offset {frame.offset}: CRC32C mismatch")
    if frame.codec == Codec.SEALED:
        raw = bytes(data)
        _split_sealed(raw, frame)
        return raw
    raw_size = frame.pages * PAGE_SIZE
    if frame.codec == Codec.RAW:
        raw = bytes(data)
    else:
        try:
            # Check the declared size first so a hostile header cannot make us allocate gigabytes.
            declared = zstandard.frame_content_size(data)
            if declared != raw_size:
                raise _corrupt(f"zstd frame declares {declared} bytes, expected {raw_size}")
            raw = decompressor().decompress(data)
        except zstandard.ZstdError as exc:
            raise _corrupt(f"frame at offset {frame.offset}: {exc}") from exc
    if len(raw) != raw_size:
        raise _corrupt(f"frame at offset {frame.offset} holds {len(raw)} bytes, not {raw_size}")
    return raw


def _split_sealed(raw: bytes, frame: FrameInfo) -> list[bytes]:
    """The sealed pages of a sealed frame: its length table, then the pages back to back."""
    start = frame.pages * _LENGTH.size
    lengths = struct.unpack_from(f"<{frame.pages}I", raw)
    if not all(1 <= n <= MAX_SEALED_PAGE for n in lengths) or start + sum(lengths) != len(raw):
        raise _corrupt(f"sealed frame at offset {frame.offset}: page lengths do not add up")
    ends = list(accumulate(lengths, initial=start))
    return [raw[a:b] for a, b in pairwise(ends)]


def decode_frame(data: bytes, frame: FrameInfo) -> list[bytes]:
    """The pages of one frame (sealed ones as stored), from exactly its stored bytes."""
    raw = _frame_bytes(data, frame)
    if frame.codec == Codec.SEALED:
        return _split_sealed(raw, frame)
    return [raw[start : start + PAGE_SIZE] for start in range(0, len(raw), PAGE_SIZE)]


class Segment:
    """A fully fetched, CRC-checked segment; frames are decompressed (and checked) on demand."""

    __slots__ = ("_data", "_last_frame", "created_ms", "index", "sid")

    def __init__(self, data: bytes, sid: SegmentId, created_ms: int, index: SegmentIndex) -> None:
        self._data = data
        self.sid = sid
        self.created_ms = created_ms
        self.index = index
        # Only the last decoded frame is kept: sorted reads hit it, memory stays bounded.
        self._last_frame: tuple[int, list[bytes]] | None = None

    @property
    def size(self) -> int:
        return len(self._data)

    def volumes(self) -> list[VolumeId]:
        return self.index.volumes()

    def graft(self, vid: VolumeId) -> Graft:
        return self.index.graft(vid)

    def sealed(self, vid: VolumeId) -> bool:
        return self.index.sealed(vid)

    def _frame_pages(self, number: int) -> list[bytes]:
        cached = self._last_frame
        if cached is not None and cached[0] == number:
            return cached[1]
        frame = self.index.frames[number]
        pages = decode_frame(self._data[frame.offset : frame.offset + frame.length], frame)
        self._last_frame = (number, pages)
        return pages

    def read(self, vid: VolumeId, pageidx: int) -> bytes:
        where = self.index.locate(vid, pageidx)
        if where is None:
            raise NotFoundError(f"segment {self.sid} does not hold page {pageidx} of {vid}")
        frame, slot = where
        return self._frame_pages(frame)[slot]

    def pages(self, vid: VolumeId) -> Iterator[tuple[PageIdx, bytes]]:
        entry = self.index.entry(vid)
        for number in range(entry.first_frame, entry.first_frame + entry.frame_count):
            slot_base = entry.slot_starts[number - entry.first_frame]
            for slot, page in enumerate(self._frame_pages(number)):
                yield PageIdx(entry.pageidxs[slot_base + slot]), page

    def verify(self) -> None:
        """Decompress every frame and check its size and CRC (decoding checked everything else)."""
        for number in range(len(self.index.frames)):
            self._frame_pages(number)


def decode_segment(data: bytes) -> Segment:
    """Parse a whole segment object, checking magic, version, CRCs and index structure."""
    data = bytes(data)
    if len(data) < HEADER_SIZE + _INDEX_HEAD.size + FOOTER_SIZE:
        raise _corrupt(f"{len(data)} bytes is too short for a segment (truncated?)")
    footer = read_footer(data[-FOOTER_SIZE:])
    if crc32c.crc32c(memoryview(data)[:-FOOTER_SIZE]) != footer.crc:  # a view: no copy
        raise _corrupt("CRC32C mismatch")
    magic, version, raw_sid, created_ms = _HEADER.unpack_from(data)
    if magic != SEGMENT_MAGIC:
        raise _corrupt("bad header magic")
    if version != SEGMENT_VERSION:
        raise _corrupt(f"unsupported version {version} (this build reads {SEGMENT_VERSION})")
    if footer.index_offset + footer.index_length + FOOTER_SIZE != len(data):
        raise _corrupt("footer's index position does not match the object size")
    try:
        sid = SegmentId(raw_sid)
    except InvalidIdError as exc:
        raise _corrupt(f"header: {exc}") from exc
    index = decode_index(data[footer.index_offset : -FOOTER_SIZE], footer)
    if index.sid != sid:
        raise _corrupt(f"index belongs to segment {index.sid}, header says {sid}")
    return Segment(data, sid, created_ms, index)


def _check_sealed(page: object) -> bytes:
    if not isinstance(page, bytes) or not 1 <= len(page) <= MAX_SEALED_PAGE:
        raise InvalidInputError(f"a sealed page is 1..{MAX_SEALED_PAGE} bytes")
    return page


def _checked_pages(
    pages: Mapping[VolumeId, Mapping[int, bytes]], sealed: Collection[VolumeId]
) -> list[tuple[VolumeId, list[tuple[int, bytes]]]]:
    if not pages:
        raise InvalidInputError("a segment needs at least one page")
    for vid in pages:
        if not isinstance(vid, VolumeId):
            raise InvalidInputError(f"segment pages are keyed by VolumeId, got {vid!r}")
    volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]] = []
    for vid in sorted(pages):
        if not pages[vid]:
            raise InvalidInputError(f"volume {vid} has no pages")
        volumes.append((vid, _entries(pages[vid], vid in sealed)))
    return volumes


def _entries(chunk: Mapping[int, bytes], sealed: bool) -> list[tuple[int, bytes]]:
    """A volume's (pageidx, page) in index order, checked. Plain ints and bytes objects take
    checks that run in C over the whole volume; anything else takes the per-page checks (which
    convert other buffers and name the item at fault)."""
    values = chunk.values()
    if set(map(type, chunk)) == {int} and set(map(type, values)) == {bytes}:
        sizes = set(map(len, values))
        fits = min(sizes) >= 1 and max(sizes) <= MAX_SEALED_PAGE if sealed else sizes == {PAGE_SIZE}
        if fits and min(chunk) >= 1 and max(chunk) <= MAX_PAGEIDX:
            return sorted(chunk.items())
    check = _check_sealed if sealed else check_page
    return sorted((check_pageidx(idx), check(page)) for idx, page in chunk.items())


def map_frames(
    executor: Executor | None, work: Callable[[_T], _U], items: Sequence[_T]
) -> list[_U]:
    """Per-frame ``work`` over ``items`` on ``executor``: zstd and CRC32C release the GIL, so
    frames (de)compress on every core. Without one, or for a lone item, inline (no thread hop)."""
    if executor is None or len(items) < 2:
        return [work(item) for item in items]
    return list(executor.map(work, items))


def _frame_raw(entries: list[tuple[int, bytes]], sealed: bool) -> bytes:
    pages = [page for _, page in entries]
    if not sealed:
        return b"".join(pages)
    return b"".join([struct.pack(f"<{len(pages)}I", *map(len, pages)), *pages])


def _raw_frames(
    volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]], sealed: Collection[VolumeId]
) -> list[list[bytes]]:
    """Per volume, the uncompressed bytes of its frames: up to FRAME_PAGES pages each."""
    return [
        [
            _frame_raw(entries[start : start + FRAME_PAGES], vid in sealed)
            for start in range(0, len(entries), FRAME_PAGES)
        ]
        for vid, entries in volumes
    ]


def _volume_table(
    volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]], raws: list[list[bytes]]
) -> list[bytes]:
    table: list[bytes] = []
    first_frame = 0
    for (vid, entries), owned in zip(volumes, raws, strict=True):
        table.append(_VOLUME.pack(bytes(vid), first_frame, len(owned), len(entries)))
        first_frame += len(owned)
    return table


def _compress_frame(raw: bytes) -> tuple[int, bytes, int]:
    """(codec, stored bytes, their CRC32C): zstd, unless that does not shrink the frame."""
    compressed = _compressor().compress(raw)
    codec, stored = (Codec.ZSTD, compressed) if len(compressed) < len(raw) else (Codec.RAW, raw)
    return codec, stored, crc32c.crc32c(stored)


def _verify_encoded(
    data: bytes,
    volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]],
    raws: list[list[bytes]],
    executor: Executor | None,
) -> None:
    """Read the built segment back: every input page, at its place, and nothing else.

    The index must list each volume's pages and frame count as built; then the frames, decoded
    from the final bytes, must equal the input frames (whole frames compare faster than pages).
    """
    segment = decode_segment(data)
    if segment.volumes() != [vid for vid, _ in volumes]:
        raise CorruptSegmentError(f"segment {segment.sid} did not read back its volumes")
    for (vid, entries), frames in zip(volumes, raws, strict=True):
        entry = segment.index.entry(vid)
        if entry.pageidxs != tuple(idx for idx, _ in entries) or entry.frame_count != len(frames):
            raise CorruptSegmentError(f"segment {segment.sid} did not read back volume {vid}")
    view = memoryview(data)
    read_back = map_frames(
        executor,
        lambda frame: _frame_bytes(view[frame.offset : frame.offset + frame.length], frame),
        segment.index.frames,
    )
    if read_back != [raw for frames in raws for raw in frames]:
        raise CorruptSegmentError(f"segment {segment.sid} did not read back its pages")


def _store_frame(item: tuple[bytes, bool]) -> tuple[int, bytes, int]:
    raw, sealed = item
    if sealed:
        return Codec.SEALED, raw, crc32c.crc32c(raw)
    return _compress_frame(raw)


def _frame_page_counts(volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]]) -> list[int]:
    return [
        min(FRAME_PAGES, len(entries) - start)
        for _, entries in volumes
        for start in range(0, len(entries), FRAME_PAGES)
    ]


@dataclass(frozen=True, slots=True)
class BuiltSegment:
    """A segment's bytes as built, not yet read back (``verify``), with the input it must hold."""

    data: bytes
    _volumes: list[tuple[VolumeId, list[tuple[int, bytes]]]]
    _raws: list[list[bytes]]

    def verify(self, executor: Executor | None = None) -> None:
        """``CorruptSegmentError`` unless the bytes read back as exactly the input pages."""
        _verify_encoded(self.data, self._volumes, self._raws, executor)


def encode_segment(
    sid: SegmentId,
    pages: Mapping[VolumeId, Mapping[int, bytes]],
    *,
    created_ms: int | None = None,
    executor: Executor | None = None,
    sealed: Collection[VolumeId] = (),
) -> bytes:
    """Build a segment of ``pages`` (vid -> pageidx -> 4096 bytes), verified by reading it back.

    The volumes in ``sealed`` bring sealed pages (client-encrypted, 1..MAX_SEALED_PAGE bytes):
    they are stored as they are. With an ``executor`` frames are compressed and checked in
    parallel: zstd releases the GIL.
    """
    built = build_segment(sid, pages, created_ms=created_ms, executor=executor, sealed=sealed)
    built.verify(executor)
    return built.data


def build_segment(
    sid: SegmentId,
    pages: Mapping[VolumeId, Mapping[int, bytes]],
    *,
    created_ms: int | None = None,
    executor: Executor | None = None,
    sealed: Collection[VolumeId] = (),
) -> BuiltSegment:
    """``encode_segment`` without the read-back, for a caller that overlaps it with storing the
    bytes: it must ``verify`` before the segment is trusted."""
    if not isinstance(sid, SegmentId):
        raise InvalidInputError(f"a segment id is a SegmentId, got {sid!r}")
    volumes = _checked_pages(pages, sealed)
    created = time.time_ns() // 1_000_000 if created_ms is None else created_ms
    raws = _raw_frames(volumes, sealed)
    flat = [
        (raw, vid in sealed) for (vid, _), owned in zip(volumes, raws, strict=True) for raw in owned
    ]
    encoded = map_frames(executor, _store_frame, flat)
    frames: list[FrameInfo] = []
    offset = HEADER_SIZE
    for (codec, stored, crc), count in zip(encoded, _frame_page_counts(volumes), strict=True):
        frames.append(FrameInfo(offset, len(stored), crc, count, codec))
        offset += len(stored)
    index = b"".join(
        [
            _INDEX_HEAD.pack(bytes(sid), len(frames), len(volumes)),
            *(_FRAME.pack(f.offset, f.length, f.crc, f.pages, f.codec, 0) for f in frames),
            *_volume_table(volumes, raws),
            *(struct.pack(f"<{len(entries)}I", *(i for i, _ in entries)) for _, entries in volumes),
        ]
    )
    parts = [
        _HEADER.pack(SEGMENT_MAGIC, SEGMENT_VERSION, bytes(sid), created),
        *(stored for _, stored, _ in encoded),
        index,
    ]
    crc = 0
    for part in parts:
        crc = crc32c.crc32c(part, crc)
    footer = _FOOTER.pack(offset, len(index), crc32c.crc32c(index), crc, SEGMENT_MAGIC)
    return BuiltSegment(b"".join([*parts, footer]), volumes, raws)
