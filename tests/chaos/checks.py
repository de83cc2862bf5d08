"""Invariant checks shared by workers and the final verification."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from tests.chaos.config import VolumeKind
from tests.chaos.journal import Journal, read_journal
from tests.chaos.workloads.bank import pages_problem
from tests.chaos.workloads.tracker import tracker_problem

__all__ = ["LsnObserver", "content_digest", "snapshot_problem"]


def content_digest(pages: Mapping[int, bytes]) -> str:
    """One hash of a whole snapshot (pages 1..n): what an acknowledged push must keep."""
    digest = hashlib.blake2b(len(pages).to_bytes(8, "big"), digest_size=16)
    for idx in range(1, len(pages) + 1):
        digest.update(pages[idx])
    return digest.hexdigest()


def snapshot_problem(kind: VolumeKind, pages: Mapping[int, bytes]) -> str | None:
    """Why a whole snapshot (pages 1..page_count) breaks its workload's invariant, or None."""
    if kind is VolumeKind.TRACKER:
        return tracker_problem(pages)
    return pages_problem(pages)


class LsnObserver:
    """The newest remote LSN one observer saw per volume, kept across its restarts."""

    def __init__(self, path: Path) -> None:
        self._seen: dict[str, int] = {}
        for record in read_journal(path):
            self._seen[record["vid"]] = max(self._seen.get(record["vid"], 0), record["lsn"])
        self._journal = Journal(path)

    def last(self, vid: str) -> int:
        return self._seen.get(vid, 0)

    def observe(self, vid: str, lsn: int) -> str | None:
        """Record ``lsn``; a complaint if it is older than one seen before."""
        last = self.last(vid)
        if lsn < last:
            return f"remote LSN of {vid} went back from {last} to {lsn}"
        if lsn > last:
            self._seen[vid] = lsn
            self._journal.append({"vid": vid, "lsn": lsn})
        return None
