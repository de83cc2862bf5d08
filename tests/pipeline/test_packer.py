"""SegmentPacker: volumes share segments up to the target, large ones span several, every page
is stored once under the right volume, and the stored bytes are shared out exactly."""

from __future__ import annotations

from graft_core.ids import VolumeId
from graft_core.objstore import open_store
from graft_core.types import PAGE_SIZE
from graft_pipeline.segments import SegmentPacker, read_volume_pages

TARGET_PAGES = 10


def pages_of(tag: str, count: int) -> dict[int, bytes]:
    return {idx: (f"{tag} {idx};" * PAGE_SIZE).encode()[:PAGE_SIZE] for idx in range(1, count + 1)}


def test_volumes_share_segments_and_large_ones_span_several() -> None:
    sizes = {"small-a": 3, "small-b": 4, "large": 23, "after": 2}
    volumes = {VolumeId.random(): pages_of(tag, n) for tag, n in sizes.items()}
    with open_store("memory://") as store:
        packer = SegmentPacker(store, TARGET_PAGES * PAGE_SIZE)
        for vid, pages in volumes.items():
            packer.add(vid, pages)
        packer.flush()
        taken = {vid: packer.take(vid) for vid in volumes}

        stored = {meta.key: meta.size for meta in store.list("segments/")}
        assert sum(share for _, share in taken.values()) == sum(stored.values())
        a, b, large, after = ([ref.sid for ref in refs] for refs, _ in taken.values())
        assert a == b, "the two small volumes share one segment"
        assert len(large) == 3 and len(set(large)) == 3, "23 pages span three segments"
        assert after == large[-1:], "the last 3 large pages leave room for the next volume"
        for vid, pages in volumes.items():
            found: dict[int, bytes] = {}
            for ref in taken[vid][0]:
                found |= read_volume_pages(store, ref.sid, vid, ref.graft)
            assert found == pages


def test_a_volume_is_held_until_its_segment_is_flushed() -> None:
    vid = VolumeId.random()
    with open_store("memory://") as store:
        packer = SegmentPacker(store, TARGET_PAGES * PAGE_SIZE)
        packer.add(vid, pages_of("open", 2))
        assert packer.holds(vid) and not list(store.list("segments/"))
        packer.flush()
        assert not packer.holds(vid)
        refs, share = packer.take(vid)
        assert len(refs) == 1 and share == sum(m.size for m in store.list("segments/"))
