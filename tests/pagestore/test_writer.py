"""The segment writer stores while it checks the encoded bytes: only checked segments stay."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import pytest
import zstandard

import graft_core.segment as segment_module
from graft_core.errors import CorruptSegmentError, StorageUnavailableError
from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import LocalStore
from graft_core.segment import decode_segment
from graft_core.types import PAGE_SIZE
from graft_core.wire import SegmentRef
from pagestore_server.codecpool import CodecPool
from pagestore_server.metrics import Metrics
from pagestore_server.store import SegmentStore, segment_key
from pagestore_server.writer import SegmentWriter
from tests.support.sqlite_pages import sqlite_pages


def _write(root: Path, pages: dict[VolumeId, dict[int, bytes]]) -> list[list[SegmentRef]]:
    async def run() -> list[list[SegmentRef]]:
        with CodecPool(1) as pool:
            store = SegmentStore(LocalStore(root), Metrics())
            writer = SegmentWriter(
                store,
                Metrics(),
                target_bytes=256 * PAGE_SIZE,
                window_s=0.003,
                max_parallel=2,
                executor=pool,
            )
            writer.start()
            try:
                return list(await asyncio.gather(*(writer.write(v, p) for v, p in pages.items())))
            finally:
                await writer.aclose()

    return asyncio.run(run())


def _stored(root: Path) -> list[str]:
    return sorted(meta.key for meta in LocalStore(root).list("segments/"))


def test_written_segments_hold_the_pages(tmp_path: Path) -> None:
    source = itertools.cycle(sqlite_pages(5000, seed=3))
    pages = {VolumeId.random(): {i: next(source) for i in range(1, n)} for n in (2, 300, 400)}
    answers = _write(tmp_path, pages)
    keys = {segment_key(ref.sid) for refs in answers for ref in refs}
    assert _stored(tmp_path) == sorted(keys)
    for (vid, wanted), refs in zip(pages.items(), answers, strict=True):
        for ref in refs:
            segment = decode_segment(LocalStore(tmp_path).get(segment_key(ref.sid)))
            assert {i: segment.read(vid, i) for i in ref.graft} == {i: wanted[i] for i in ref.graft}
        assert sorted(i for ref in refs for i in ref.graft) == sorted(wanted)


def _short_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every frame compresses one page short: no segment reads back."""

    class ShortCompressor:  # one per call: a zstd compressor is not shared between threads
        def compress(self, raw: bytes) -> bytes:
            return bytes(zstandard.ZstdCompressor(level=3).compress(raw[:-PAGE_SIZE]))

    monkeypatch.setattr(segment_module, "_compressor", ShortCompressor)


def test_a_segment_that_does_not_read_back_is_refused_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _short_frames(monkeypatch)
    pages = dict(enumerate(sqlite_pages(5000, seed=4)[:130], start=1))
    with pytest.raises(CorruptSegmentError):
        _write(tmp_path, {VolumeId.random(): pages})
    assert _stored(tmp_path) == []


def test_a_failed_removal_does_not_hide_the_failed_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _short_frames(monkeypatch)

    def failing_delete(self: SegmentStore, sid: SegmentId) -> None:
        raise StorageUnavailableError("the store went away")

    monkeypatch.setattr(SegmentStore, "delete", failing_delete)
    pages = dict(enumerate(sqlite_pages(5000, seed=4)[:70], start=1))
    with pytest.raises(CorruptSegmentError):
        _write(tmp_path, {VolumeId.random(): pages})
