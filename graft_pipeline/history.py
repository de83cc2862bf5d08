"""A volume's retained log, and what it implies: page versions at an LSN, segment references.

The rules are the pagestore's (``pagestore_server.history``), restated for batch use: a
registered checkpoint at ``C`` stands in for every commit at or below ``C``; a page's version at
LSN ``x`` is its newest write at or below ``x`` unless a later commit at or below ``x`` shrank
the page count below it (a truncated page reads empty until rewritten). Walking the entries in
LSN order and dropping pages above each entry's page count before applying its writes is exactly
that rule, in one pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from graft_core.errors import SnapshotNotFoundError
from graft_core.ids import SegmentId, VolumeId
from graft_core.wire import CheckpointInfo, CommitInfo, Origin, SegmentRef

__all__ = ["Entry", "Reference", "VolumeLog"]


@dataclass(frozen=True)
class Entry:
    """One step of the readable history: a commit, or the checkpoint standing in at its LSN."""

    lsn: int
    page_count: int
    segments: list[SegmentRef]


@dataclass
class Reference:
    """Pages of one volume that one log entry says a segment holds, and the LSNs that read them.

    ``last_lsn`` is the newest LSN at which at least one of the pages is still this version.
    """

    sid: SegmentId
    lsn: int
    pageidxs: list[int]
    last_lsn: int


class VolumeLog:
    def __init__(
        self,
        vid: VolumeId,
        checkpoint: CheckpointInfo | None,
        commits: list[CommitInfo],
        origin: Origin | None = None,
    ) -> None:
        self.vid = vid
        self.checkpoint = checkpoint
        self.commits = commits
        self.origin = origin  # a fork's parent and LSN: the pages it never wrote are read there

    @property
    def horizon(self) -> int:
        """The lowest readable LSN."""
        return 1 if self.checkpoint is None else self.checkpoint.lsn

    @property
    def latest(self) -> int:
        return self.commits[-1].lsn if self.commits else 0

    def entries(self) -> Iterator[Entry]:
        """The readable history in LSN order (the checkpoint replaces the commit at its LSN)."""
        for commit in self.commits:
            segments = commit.segments
            if self.checkpoint is not None and commit.lsn == self.checkpoint.lsn:
                segments = self.checkpoint.segments
            yield Entry(commit.lsn, commit.page_count, segments)

    def check(self, lsn: int) -> None:
        if not self.horizon <= lsn <= self.latest:
            raise SnapshotNotFoundError(
                f"LSN {lsn} of {self.vid} is not readable (retained: {self.horizon}..{self.latest})"
            )

    def page_count(self, lsn: int) -> int:
        self.check(lsn)
        return next(c.page_count for c in self.commits if c.lsn == lsn)

    def versions_at(self, lsn: int) -> dict[int, SegmentId]:
        """pageidx -> the segment holding its version at ``lsn`` (pages reading empty left out)."""
        self.check(lsn)
        versions: dict[int, SegmentId] = {}
        prior = 0
        for entry in self.entries():
            if entry.lsn > lsn:
                break
            if entry.page_count < prior:  # only a shrinking commit can hide pages
                _truncate(versions, entry.page_count)
            prior = entry.page_count
            for seg in entry.segments:
                versions.update(dict.fromkeys(seg.graft, seg.sid))
        return versions

    def inherited_limit(self, lsn: int) -> int:
        """In a fork: the pages up to this one that it never wrote read as its origin's at
        ``lsn`` (the lowest page count since LSN 1, a truncate hides the parent's pages)."""
        self.check(lsn)
        assert self.origin is not None and self.horizon == 1, "forks are not compacted"
        counts = (c.page_count for c in self.commits if c.lsn <= lsn)
        return min(self.origin.page_count, *counts)

    def referenced(self) -> set[SegmentId]:
        """Every segment a retained LSN may read: the checkpoint's and every retained commit's.

        The commit at the horizon is kept too (DESIGN 9): a pagestore whose cached history
        predates the checkpoint still reads it until it notices the new horizon.
        """
        found = {seg.sid for commit in self.commits for seg in commit.segments}
        if self.checkpoint is not None:
            found.update(seg.sid for seg in self.checkpoint.segments)
        return found

    def references(self) -> list[Reference]:
        """Every (segment, entry) reference, each with the newest LSN that reads its pages."""
        references: list[Reference] = []
        live: dict[int, Reference] = {}  # pageidx -> the reference holding its current version

        def retire(pages: list[int], lsn: int) -> None:
            for pageidx in pages:
                ref = live.pop(pageidx, None)
                if ref is not None:
                    ref.last_lsn = max(ref.last_lsn, lsn - 1)

        prior = 0
        for entry in self.entries():
            if entry.page_count < prior:
                retire([p for p in live if p > entry.page_count], entry.lsn)
            prior = entry.page_count
            for seg in entry.segments:
                ref = Reference(seg.sid, entry.lsn, list(seg.graft), entry.lsn - 1)
                retire(ref.pageidxs, entry.lsn)
                live.update(dict.fromkeys(ref.pageidxs, ref))
                references.append(ref)
        for ref in live.values():
            ref.last_lsn = self.latest
        checkpoint = self.checkpoint
        if checkpoint is not None:
            # The commit at the horizon, superseded by the checkpoint but still kept (see above).
            at = next(c for c in self.commits if c.lsn == checkpoint.lsn)
            references.extend(
                Reference(seg.sid, at.lsn, list(seg.graft), at.lsn) for seg in at.segments
            )
        return references


def _truncate(versions: dict[int, SegmentId], page_count: int) -> None:
    for pageidx in [p for p in versions if p > page_count]:
        del versions[pageidx]
