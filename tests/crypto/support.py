"""Helpers of the encryption tests: scanning servers' files, rewriting stored segments."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import zstandard

from graft_core.ids import SegmentId, VolumeId
from graft_core.segment import decode_segment, encode_segment

MARKER = b"PLAINTEXT-MARKER-5e2b91"

Pages = dict[VolumeId, dict[int, bytes]]


def files_under(root: Path) -> Iterator[Path]:
    return (path for path in sorted(root.rglob("*")) if path.is_file())


def zstd_frames(data: bytes) -> Iterator[bytes]:
    """Every zstd frame in ``data`` that decompresses, decompressed (wherever it starts)."""
    magic = b"\x28\xb5\x2f\xfd"
    dctx = zstandard.ZstdDecompressor()
    start = data.find(magic)
    while start >= 0:
        with contextlib.suppress(zstandard.ZstdError):
            yield dctx.decompressobj().decompress(data[start:])
        start = data.find(magic, start + 1)


def holders_of(root: Path, needle: bytes) -> list[str]:
    """The files under ``root`` holding ``needle``, plainly or inside a zstd frame."""
    found = []
    for path in files_under(root):
        data = path.read_bytes()
        if needle in data or any(needle in frame for frame in zstd_frames(data)):
            found.append(str(path.relative_to(root)))
    return found


def segment_paths(cluster_dir: Path) -> list[Path]:
    return sorted((cluster_dir / "segments" / "segments").iterdir())


def segment_of(cluster_dir: Path, vid: VolumeId) -> list[Path]:
    """The stored segments holding pages of ``vid``, oldest first."""
    holding = []
    for path in segment_paths(cluster_dir):
        if vid in decode_segment(path.read_bytes()).volumes():
            holding.append(path)
    return sorted(holding, key=lambda path: decode_segment(path.read_bytes()).created_ms)


def stored_pages(path: Path) -> Pages:
    segment = decode_segment(path.read_bytes())
    return {vid: dict(segment.pages(vid)) for vid in segment.volumes()}


def rewrite_segment(path: Path, change: Callable[[Pages], None]) -> None:
    """Re-encode the segment at ``path`` (same id, valid CRCs) with ``change`` applied to its
    pages: what a server that tampers with what it stores can do."""
    segment = decode_segment(path.read_bytes())
    pages = stored_pages(path)
    sealed = {vid for vid in segment.volumes() if segment.sealed(vid)}
    change(pages)
    data = encode_segment(SegmentId(bytes(segment.sid)), pages, sealed=sealed)
    path.write_bytes(data)
