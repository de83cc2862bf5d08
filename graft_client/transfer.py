"""A volume's pages as a plain file and back: export streams a snapshot out page by page,
import stages a file's bytes as pages.

The file is the pages 1..page count back to back, so a SQLite volume exports as the database
file itself. It is written under a temporary name, fsynced and renamed: a reader never sees half
an export, and memory use does not grow with the volume.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from graft_client.reader import VolumeReader
from graft_client.sync.observe import Progress
from graft_client.writer import VolumeWriter
from graft_core.errors import InvalidInputError
from graft_core.files import fsync_dir, storage_error, write_at
from graft_core.types import PAGE_SIZE

__all__ = [
    "EXPORT_CHUNK_PAGES",
    "IMPORT_CHUNK_BYTES",
    "FilePages",
    "export_pages",
    "import_pages",
]

# Pages gathered per write(): large writes, a bounded buffer.
EXPORT_CHUNK_PAGES = 256
# Bytes read at a time by an import: few reads, a bounded buffer.
IMPORT_CHUNK_BYTES = 1024 * PAGE_SIZE


def export_pages(reader: VolumeReader, path: Path, progress: Progress | None = None) -> int:
    """Write every page of ``reader``'s snapshot to ``path``; the number of pages."""
    if path.is_dir():
        raise InvalidInputError(f"cannot export to {path}: it is a directory")
    tmp = path.with_name(f".{path.name}.graft-export")
    total = reader.page_count
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    except FileNotFoundError:
        raise InvalidInputError(f"cannot export to {path}: no directory {path.parent}") from None
    except OSError as exc:
        raise storage_error(exc, f"exporting to {path}") from exc
    try:
        try:
            for first in range(1, total + 1, EXPORT_CHUNK_PAGES):
                last = min(total, first + EXPORT_CHUNK_PAGES - 1)
                chunk = b"".join(reader.read(idx) for idx in range(first, last + 1))
                write_at(fd, chunk, (first - 1) * PAGE_SIZE)
                if progress is not None:
                    progress(last, total)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise storage_error(exc, f"exporting to {path}") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return total


class FilePages:
    """The bytes of ``source`` as pages 1, 2, ..., in chunks of IMPORT_CHUNK_BYTES (the last
    page zero-padded); iterated once. ``size`` counts the bytes read, ``progress(bytes, total)``
    follows it."""

    def __init__(self, source: BinaryIO, total: int, progress: Progress | None = None) -> None:
        self._source = source
        self._total = total
        self._progress = progress
        self.size = 0

    def __iter__(self) -> Iterator[list[bytes | memoryview]]:
        # Views into the chunk read: one copy of a chunk is alive, plus the one before it
        # while the consumer still holds its pages.
        while chunk := self._source.read(IMPORT_CHUNK_BYTES):
            view = memoryview(chunk)
            pages: list[bytes | memoryview] = [
                view[start : start + PAGE_SIZE] for start in range(0, len(chunk), PAGE_SIZE)
            ]
            if len(pages[-1]) < PAGE_SIZE:
                pages[-1] = bytes(pages[-1]).ljust(PAGE_SIZE, b"\0")
            self.size += len(chunk)
            yield pages
            if self._progress is not None:
                self._progress(self.size, max(self._total, self.size))


def import_pages(
    writer: VolumeWriter, source: BinaryIO, total: int, progress: Progress | None = None
) -> int:
    """Stage the bytes of ``source`` as pages 1, 2, ... in ``writer`` (the last page
    zero-padded); the number of bytes read. ``progress(bytes, total)``. The caller commits."""
    pages = FilePages(source, total, progress)
    idx = 0
    for chunk in pages:
        for page in chunk:
            idx += 1
            writer.write(idx, page)
    return pages.size
