"""``graft segment``: look inside segment objects, from a local file or an object store.

``graft segment inspect FILE|URL`` prints the header, the volumes with their page counts, the
frames, the compression ratio and the CRC status; ``--json`` prints the same as JSON. A segment that
fails any check is one line on stderr and exit code 1; an unusable argument is exit code 2.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import click

from graft_core.errors import InvalidInputError, NotFoundError, StorageError
from graft_core.objstore import open_store
from graft_core.segment import SEGMENT_VERSION, Segment, decode_segment
from graft_core.types import PAGE_SIZE
from graft_core.urls import split_url

__all__ = ["describe_segment", "segment_group"]


def _load(source: str) -> bytes:
    """The bytes of a local file, or of ``scheme://bucket/key`` in an object store."""
    parts = split_url(source, "segment")
    if parts.scheme in ("", "file"):
        path = Path(parts.path if parts.scheme else source)
        try:
            return path.read_bytes()
        except OSError as exc:
            raise click.BadParameter(f"cannot read {path}: {exc.strerror}") from exc
    key = parts.path.lstrip("/")
    if not parts.netloc or not key:
        raise click.BadParameter(f"expected {parts.scheme}://BUCKET/KEY, got {source!r}")
    try:
        with open_store(f"{parts.scheme}://{parts.netloc}") as store:
            return store.get(key)
    except (InvalidInputError, NotFoundError) as exc:
        raise click.BadParameter(str(exc)) from exc


def describe_segment(segment: Segment) -> dict[str, Any]:
    """Everything ``inspect`` shows, as plain JSON-ready values."""
    index = segment.index
    frame_volume = {
        index.entry(vid).first_frame + offset: str(vid)
        for vid in index.volumes()
        for offset in range(index.entry(vid).frame_count)
    }
    raw_size = index.page_count * PAGE_SIZE
    volumes = []
    for vid in index.volumes():
        entry = index.entry(vid)
        owned = index.frames[entry.first_frame : entry.first_frame + entry.frame_count]
        volumes.append(
            {
                "vid": str(vid),
                "pages": len(entry.pageidxs),
                "first_pageidx": entry.pageidxs[0],
                "last_pageidx": entry.pageidxs[-1],
                "frames": entry.frame_count,
                "stored_bytes": sum(frame.length for frame in owned),
            }
        )
    return {
        "sid": str(segment.sid),
        "version": SEGMENT_VERSION,
        "created_ms": segment.created_ms,
        "size": segment.size,
        "pages": index.page_count,
        "raw_size": raw_size,
        "ratio": segment.size / raw_size,
        "crc": "ok",
        "volumes": volumes,
        "frames": [
            {
                "volume": frame_volume[number],
                "offset": frame.offset,
                "stored_bytes": frame.length,
                "pages": frame.pages,
                "codec": frame.codec_name,
                "crc32c": f"{frame.crc:08x}",
            }
            for number, frame in enumerate(index.frames)
        ],
    }


def _render(info: dict[str, Any]) -> str:
    created = datetime.datetime.fromtimestamp(info["created_ms"] / 1000, datetime.UTC)
    lines = [
        f"segment   {info['sid']} (format version {info['version']})",
        f"created   {created.isoformat(timespec='milliseconds')} ({info['created_ms']} ms)",
        f"size      {info['size']} bytes for {info['pages']} pages ({info['raw_size']} bytes raw)",
        f"ratio     {info['ratio']:.1%} of raw",
        f"crc       {info['crc']} (object, index and {len(info['frames'])} frames checked)",
        f"volumes   {len(info['volumes'])}",
    ]
    lines += [
        f"  {v['vid']}  pages {v['pages']:>6}  pageidx {v['first_pageidx']}..{v['last_pageidx']}"
        f"  frames {v['frames']}  stored {v['stored_bytes']} bytes"
        for v in info["volumes"]
    ]
    lines.append(f"frames    {len(info['frames'])}")
    lines += [
        f"  #{number:<4} {f['volume']}  offset {f['offset']:>9}  pages {f['pages']:>2}"
        f"  {f['codec']:<4}  {f['stored_bytes']:>7} bytes  crc32c {f['crc32c']}"
        for number, f in enumerate(info["frames"])
    ]
    return "\n".join(lines)


@click.group("segment")
def segment_group() -> None:
    """Inspect segment objects."""


@segment_group.command("inspect")
@click.argument("source", metavar="FILE|URL")
@click.option("--json", "as_json", is_flag=True, help="Print the description as JSON.")
def inspect(source: str, as_json: bool) -> None:
    """Check a segment and describe it. URL: an object-store URL and key, s3://BUCKET/KEY."""
    try:
        segment = decode_segment(_load(source))
        segment.verify()
    except StorageError as exc:  # CorruptSegmentError, or the object store failed
        click.echo(f"error: {source}: {exc}", err=True)
        raise SystemExit(1) from exc
    info = describe_segment(segment)
    click.echo(json.dumps(info, indent=2) if as_json else _render(info))
