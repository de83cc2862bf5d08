"""The retention horizon: the lowest LSN that stays readable under a keep-last / keep-newer policy.

A commit's time is ``CommitInfo.ts_ms``, when the metastore accepted it. Commits stored before the
metastore recorded that fall back to their segment ids, which carry their creation time in
milliseconds: a commit's pages were written just before it, so its newest segment's time stands
for the commit's; one without segments (a pure truncate) takes the time of the commit before it.
Times are made monotonic in LSN order, so the horizon is the first commit at or after the cutoff.
The latest LSN is always kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from graft_core.durations import parse_duration
from graft_core.errors import InvalidInputError
from graft_core.wire import CommitInfo

__all__ = ["Retention", "commit_time_ms", "parse_duration"]


@dataclass(frozen=True)
class Retention:
    """Keep the last ``keep_last`` commits and/or those newer than ``keep_newer_s`` (union)."""

    keep_last: int | None = None
    keep_newer_s: float | None = None

    def __post_init__(self) -> None:
        if self.keep_last is None and self.keep_newer_s is None:
            raise InvalidInputError("a retention policy needs --keep-last and/or --keep-newer")
        if self.keep_last is not None and self.keep_last < 1:
            raise InvalidInputError(f"--keep-last must be >= 1, got {self.keep_last}")
        if self.keep_newer_s is not None and self.keep_newer_s < 0:
            raise InvalidInputError("--keep-newer must not be negative")

    def horizon(self, commits: list[CommitInfo], now_ms: int) -> int:
        """The lowest LSN to keep readable, given the retained commits (in LSN order)."""
        latest = commits[-1].lsn
        candidates: list[int] = []
        if self.keep_last is not None:
            candidates.append(max(1, latest - self.keep_last + 1))
        if self.keep_newer_s is not None:
            cutoff = now_ms - int(self.keep_newer_s * 1000)
            candidates.append(_first_newer(commits, cutoff))
        return min(candidates)


def commit_time_ms(commit: CommitInfo, prior_ms: int = 0) -> int:
    """When ``commit`` happened: its ``ts_ms``, else its newest segment's time (see above)."""
    if commit.ts_ms is not None:
        return max(prior_ms, commit.ts_ms)
    return max([prior_ms, *(seg.sid.timestamp_ms for seg in commit.segments)])


def _first_newer(commits: list[CommitInfo], cutoff_ms: int) -> int:
    written = 0
    for commit in commits:
        written = commit_time_ms(commit, written)
        if written >= cutoff_ms:
            return commit.lsn
    return commits[-1].lsn
