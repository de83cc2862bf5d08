"""VolumeWriter: a memtable of dirty pages over a pinned snapshot, committed as one local LSN."""

from __future__ import annotations

from types import TracebackType

from graft_client.reader import Staged, VolumeReader
from graft_client.storage.state import LocalState
from graft_core.errors import ClosedError
from graft_core.ids import VolumeId
from graft_core.interrupts import interrupts_held
from graft_core.types import EMPTY_PAGE, Snapshot, check_page, check_page_count, check_pageidx

__all__ = ["VolumeWriter"]


class VolumeWriter:
    """Buffers writes; ``commit()`` makes them one durable local commit.

    As a context manager it commits when the block succeeds and discards on an exception.
    It reads the base snapshot through ``reader``, which it closes when it ends unless
    ``borrowed``: then the caller keeps the reader open (and its snapshot pinned) until the
    writer ends, and reads on with it afterwards.
    """

    def __init__(
        self, state: LocalState, vid: VolumeId, reader: VolumeReader, *, borrowed: bool = False
    ) -> None:
        self._state = state
        self._vid = vid
        self._reader: VolumeReader | None = reader
        self._borrowed = borrowed
        self._dirty: dict[int, bytes] = {}
        self._page_count = reader.page_count
        # Pages above the lowest count a truncate reached are gone unless rewritten.
        self._shrunk_to = reader.page_count

    @property
    def base(self) -> Snapshot | None:
        """The snapshot this writer started from."""
        return self._open_reader().snapshot

    @property
    def page_count(self) -> int:
        return self._page_count

    def _open_reader(self) -> VolumeReader:
        if self._reader is None:
            raise ClosedError("writer is closed (committed or discarded)")
        return self._reader

    def write(self, pageidx: int, data: bytes | bytearray | memoryview) -> None:
        """Stage a page; ``data`` must be exactly PAGE_SIZE bytes. Extends the page count."""
        self._open_reader()
        idx = check_pageidx(pageidx)
        self._dirty[idx] = check_page(data)
        self._page_count = max(self._page_count, idx)

    def read(self, pageidx: int) -> bytes:
        """The page as this writer sees it: its own writes over the base snapshot."""
        reader = self._open_reader()
        idx = check_pageidx(pageidx)
        staged = self._dirty.get(idx)
        if staged is not None:
            return staged
        if idx > self._page_count or idx > self._shrunk_to:
            return EMPTY_PAGE
        return reader.read(idx)

    def unstage(self, pageidx: int) -> None:
        """Drop the staged version of a page, if any: it reads as the base snapshot has it."""
        self._open_reader()
        self._dirty.pop(check_pageidx(pageidx), None)

    def truncate(self, page_count: int) -> None:
        """Set the page count; staged pages above it are dropped."""
        self._open_reader()
        count = check_page_count(page_count)
        self._dirty = {idx: data for idx, data in self._dirty.items() if idx <= count}
        self._page_count = count
        self._shrunk_to = min(self._shrunk_to, count)

    def staged(self) -> Staged:
        """What this writer staged so far (its pages as they stand: read them, do not change
        them)."""
        self._open_reader()
        return Staged(self._dirty, self._shrunk_to)

    def commit(self, *, reread: bool = True) -> Snapshot | None:
        """Commit the staged pages as the next local LSN and close the writer.

        Returns the new snapshot, or the base snapshot when nothing changed (no commit is made).
        Raises ``ConcurrentWriteError`` if another commit landed since this writer began.
        ``reread``: whether a reader of the new snapshot may be opened next (not when the caller
        reads on through ``VolumeReader.layered_over``): see ``LocalState.commit``.
        """
        reader = self._open_reader()
        try:
            with interrupts_held():  # a Ctrl-C comes once the commit settled (or failed)
                return self._state.commit(
                    self._vid,
                    reader.snapshot,
                    self._dirty,
                    self._page_count,
                    self._shrunk_to,
                    reread=reread,
                )
        finally:
            self.discard()

    def discard(self) -> None:
        """Drop staged pages and release the base snapshot (unless the reader is borrowed)."""
        if self._reader is not None and not self._borrowed:
            self._reader.close()
        self._reader = None
        self._dirty = {}

    def __enter__(self) -> VolumeWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None and self._reader is not None:
            self.commit()
        else:
            self.discard()
