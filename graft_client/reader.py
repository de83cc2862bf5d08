"""VolumeReader: reads pinned to one local snapshot, through the storage's view of it or, for a
snapshot a commit made, through its writer's reader and the pages it committed (``LayeredView``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from graft_core.audit import audit_digest
from graft_core.closing import Closing
from graft_core.errors import ClosedError
from graft_core.types import EMPTY_PAGE, MAX_PAGEIDX, Snapshot, check_pageidx

__all__ = [
    "LAYERED_COMMITS",
    "LAYERED_PAGES",
    "LayeredView",
    "PageView",
    "Staged",
    "VolumeReader",
]

# A reader of a commit's snapshot holds the committed pages in memory (``layered_over``): at
# most this many, and over a base at most this many commits old (its pin keeps the versions
# every later commit replaced from being reclaimed).
LAYERED_PAGES = 64
LAYERED_COMMITS = 16


class PageView(Protocol):
    """One snapshot's pages, as a reader reads them (``SnapshotView``, ``LayeredView``)."""

    snapshot: Snapshot | None
    page_count: int

    def read(self, pageidx: int) -> bytes: ...

    def pause(self) -> None: ...

    def close(self) -> None: ...


class VolumeReader(Closing):
    """Every read sees the snapshot the reader was opened at, whatever commits land meanwhile.

    Readers are cheap and many may be open at once; each is for one thread. Close them (or use
    ``with``): an open reader keeps its snapshot's page versions from being reclaimed.

    Pages not yet fetched are read from the servers. If compaction dropped the remote LSN the
    snapshot maps to, a page no later commit changed is read at a newer retained LSN (same
    bytes); a page that did change raises ``SnapshotNotFoundError``: pull and read anew.
    """

    def __init__(self, view: PageView) -> None:
        self._view = view
        self._read = view.read  # bound once: read() is the hot path of every SQLite query

    @property
    def snapshot(self) -> Snapshot | None:
        """The pinned snapshot; None for a volume without commits (every page reads as zeros)."""
        return self._view.snapshot

    @property
    def page_count(self) -> int:
        return self._view.page_count

    def layers(self, staged: Staged) -> bool:
        """Whether ``layered_over`` may read a commit of ``staged`` on a writer on this reader
        (within ``LAYERED_PAGES`` and ``LAYERED_COMMITS``)."""
        view = self._view
        if not isinstance(view, LayeredView):
            return len(staged.pages) <= LAYERED_PAGES
        return view.depth < LAYERED_COMMITS and view.pages_with(staged) <= LAYERED_PAGES

    def read(self, pageidx: int) -> bytes:
        """The page's PAGE_SIZE bytes; zeros for pages never written or beyond the page count."""
        if not (type(pageidx) is int and 0 < pageidx <= MAX_PAGEIDX):
            check_pageidx(pageidx)
        return self._read(pageidx)

    def checksum(self) -> str:
        """The audit digest (``graft_core.audit``) of this reader's snapshot."""
        return audit_digest(self.page_count, map(self.read, range(1, self.page_count + 1)))

    def layered_over(self, snapshot: Snapshot, staged: Staged) -> VolumeReader:
        """A reader of ``snapshot``, which a writer on this reader's snapshot committed with
        the pages it ``staged``: it reads those from memory and every other page as this
        reader does, which it takes over (the caller reads this one no more; closing either
        closes it). It pins nothing of its own, so it opens with no step to another process."""
        view = self._view
        if isinstance(view, LayeredView):
            return VolumeReader(view.layered(snapshot, staged))
        return VolumeReader(LayeredView(self, snapshot, staged.pages, staged.shrunk_to))

    def pause(self) -> None:
        """Let go of read-ahead state while the reader sits unused; it still reads afterwards."""
        self._view.pause()

    def close(self) -> None:
        self._view.close()

    def __del__(self) -> None:
        # A reader dropped without close() must not pin its snapshot forever.
        view = getattr(self, "_view", None)
        if view is not None:
            view.close()


@dataclass(frozen=True)
class Staged:
    """What a writer staged over its base snapshot (``VolumeWriter.staged``): its pages, and
    the lowest page count a truncate cut it to (the base's pages above it are gone unless
    staged again). Its page count is the commit's snapshot's."""

    pages: Mapping[int, bytes]
    shrunk_to: int


class LayeredView:
    """A snapshot that commits on a base reader's snapshot made, read as their writers read it:
    the pages they staged (the last one's of each page) over the base reader's pages. The base
    reader's pin covers every page read through it; the commits' own pages are in memory. The
    base's pages above ``shrunk_to`` were cut by a truncate: they read as zeros unless staged
    again."""

    __slots__ = ("_base", "_pages", "_shrunk_to", "depth", "page_count", "snapshot")

    def __init__(
        self,
        base: VolumeReader,
        snapshot: Snapshot,
        pages: Mapping[int, bytes],
        shrunk_to: int,
        depth: int = 1,
    ) -> None:
        self._base: VolumeReader | None = base
        self._pages = pages
        self._shrunk_to = shrunk_to
        self.depth = depth  # commits layered over the base
        self.snapshot: Snapshot | None = snapshot
        self.page_count: int = snapshot.page_count

    def pages_with(self, staged: Staged) -> int:
        """How many pages a layer of ``staged`` over this view holds (at most)."""
        return len(self._pages.keys() | staged.pages.keys())

    def layered(self, snapshot: Snapshot, staged: Staged) -> LayeredView:
        """This view with a commit of ``staged`` on its snapshot on top: one view over the same
        base, which this view hands over (it reads nothing more)."""
        base = self._base
        assert base is not None, "a view handed over"
        pages = {idx: page for idx, page in self._pages.items() if idx <= staged.shrunk_to}
        pages.update(staged.pages)
        shrunk_to = min(self._shrunk_to, staged.shrunk_to)
        self._base = None
        return LayeredView(base, snapshot, pages, shrunk_to, self.depth + 1)

    def read(self, pageidx: int) -> bytes:
        page = self._pages.get(pageidx)
        if page is not None:
            return page
        base = self._base
        if base is None:
            raise ClosedError("reader is closed")
        if pageidx > self.page_count or pageidx > self._shrunk_to:
            return EMPTY_PAGE
        return base.read(pageidx)

    def pause(self) -> None:
        if self._base is not None:
            self._base.pause()

    def close(self) -> None:
        base, self._base = self._base, None
        if base is not None:
            base.close()
