"""Segments in the object store, as the jobs use them: ranged reads of one volume's pages, and
new segments packed to a target size.

A volume's pages in a segment sit in consecutive frames, so reading them costs two requests
whatever else the segment holds: a suffix read for footer and index, and one range for the
frames. Every frame is CRC-checked (``decode_frame``) before a page is used.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from graft_core.errors import CorruptSegmentError, StorageError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import ObjectStore
from graft_core.segment import (
    SegmentIndex,
    decode_frame,
    encode_segment,
    fetch_index,
)
from graft_core.types import PAGE_SIZE
from graft_core.wire import SegmentRef

__all__ = [
    "SEGMENT_PREFIX",
    "TARGET_SEGMENT_BYTES",
    "SegmentPacker",
    "read_index",
    "read_stored_pages",
    "read_volume_pages",
    "segment_key",
]

SEGMENT_PREFIX = "segments/"
# Uncompressed bytes per new segment: compressed, well inside DESIGN's 4-16 MiB target.
TARGET_SEGMENT_BYTES = 16 << 20
# One suffix read usually holds footer and index (the pagestore probes the same way).


def segment_key(sid: SegmentId) -> str:
    return f"{SEGMENT_PREFIX}{sid}"


def read_index(store: ObjectStore, sid: SegmentId) -> SegmentIndex:
    key = segment_key(sid)
    return fetch_index(
        sid,
        lambda length: store.get_suffix(key, length),
        lambda start, length: store.get_range(key, start, length),
    )


def read_volume_pages(
    store: ObjectStore, sid: SegmentId, vid: VolumeId, pageidxs: Iterable[int]
) -> dict[int, bytes]:
    """The ``wanted`` pages of ``vid`` from segment ``sid``; every one must be there."""
    return read_stored_pages(store, sid, vid, pageidxs)[0]


def read_stored_pages(
    store: ObjectStore, sid: SegmentId, vid: VolumeId, pageidxs: Iterable[int]
) -> tuple[dict[int, bytes], bool]:
    """The ``wanted`` pages of ``vid`` from segment ``sid`` (every one must be there), as
    stored, and whether they are sealed (an encrypted volume's, DESIGN 13)."""
    wanted = Graft(pageidxs)
    index = read_index(store, sid)
    entry = index.entry(vid)
    missing = wanted - index.graft(vid)
    if missing:
        raise CorruptSegmentError(f"segment {sid} lacks pages {missing!r} of {vid}")
    frames = index.frames[entry.first_frame : entry.first_frame + entry.frame_count]
    start = frames[0].offset
    data = store.get_range(segment_key(sid), start, frames[-1].offset + frames[-1].length - start)
    pages: list[bytes] = []
    for frame in frames:
        stored = data[frame.offset - start : frame.offset - start + frame.length]
        pages.extend(decode_frame(stored, frame))  # checks length and CRC
    keep = set(wanted)  # a set lookup per page: cheaper than the graft's checked one
    found = {idx: page for idx, page in zip(entry.pageidxs, pages, strict=True) if idx in keep}
    return found, index.sealed(vid)


def _chunks(pages: Mapping[int, bytes], target_bytes: int) -> Iterator[dict[int, bytes]]:
    per_segment = max(1, target_bytes // PAGE_SIZE)
    items = sorted(pages.items())
    for start in range(0, len(items), per_segment):
        yield dict(items[start : start + per_segment])


class SegmentPacker:
    """Packs the pages of many volumes into shared segments of about ``target_bytes`` (raw).

    A segment holds one run of pages per volume (DESIGN 8), so a volume larger than the target
    spans several segments, and a volume whose run is open is flushed before it gets another.
    ``take(vid)`` may be called once ``holds(vid)`` is false; stored bytes are shared by pages.
    """

    def __init__(self, store: ObjectStore, target_bytes: int = TARGET_SEGMENT_BYTES) -> None:
        self._store = store
        self._target = target_bytes
        self._open: dict[VolumeId, dict[int, bytes]] = {}
        self._sealed: set[VolumeId] = set()  # volumes whose pages are sealed (kept as they are)
        self._refs: dict[VolumeId, list[SegmentRef]] = {}
        self._stored: dict[VolumeId, int] = {}

    def add(self, vid: VolumeId, pages: Mapping[int, bytes], *, sealed: bool = False) -> None:
        if sealed:
            self._sealed.add(vid)
        self._refs.setdefault(vid, [])
        self._stored.setdefault(vid, 0)
        for chunk in _chunks(pages, self._target):
            size = len(chunk) * PAGE_SIZE
            if vid in self._open or (self._open and self._open_bytes() + size > self._target):
                self.flush()
            self._open[vid] = chunk
            if self._open_bytes() >= self._target:
                self.flush()

    def _open_bytes(self) -> int:
        return sum(len(chunk) for chunk in self._open.values()) * PAGE_SIZE

    def holds(self, vid: VolumeId) -> bool:
        """Whether pages of ``vid`` still wait in the open segment."""
        return vid in self._open

    def take(self, vid: VolumeId) -> tuple[list[SegmentRef], int]:
        """The refs of ``vid``'s stored pages and its share of their bytes; forgets the volume."""
        assert not self.holds(vid), "flush() first: the volume's last pages are not stored yet"
        return self._refs.pop(vid), self._stored.pop(vid)

    def flush(self) -> None:
        """Store the open segment (if any pages wait)."""
        if not self._open:
            return
        sid = SegmentId.random()
        # Verified by reading it back.
        data = encode_segment(sid, self._open, sealed=self._sealed & set(self._open))
        if not self._store.put_if_absent(segment_key(sid), data):
            raise StorageError(f"segment {sid} already exists (ids are random: a store bug?)")
        pages = sum(len(chunk) for chunk in self._open.values())
        shares = [len(data) * len(chunk) // pages for chunk in self._open.values()]
        shares[-1] += len(data) - sum(shares)
        for (vid, chunk), share in zip(self._open.items(), shares, strict=True):
            self._refs[vid].append(SegmentRef(sid=sid, graft=Graft(chunk)))
            self._stored[vid] += share
        self._open = {}
