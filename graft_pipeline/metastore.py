"""The metastore calls the jobs make: list volumes, read a volume's retained log (following the
metastore's ``next`` pages), register a checkpoint, commit (publish)."""

from __future__ import annotations

from collections.abc import Iterator

from graft_core.errors import ServiceUnavailableError
from graft_core.ids import VolumeId
from graft_core.rpcclient import SyncMetastoreClient
from graft_core.wire import CommitInfo, Origin, SnapshotInfo
from graft_pipeline.history import VolumeLog

__all__ = ["MetastoreHttp"]

_LOG_ATTEMPTS = 5


class MetastoreHttp(SyncMetastoreClient):
    """The blocking metastore client, and the reads the jobs build from its pages."""

    def volumes(self, prefix: str = "") -> Iterator[SnapshotInfo]:
        """Every volume with commits whose id starts with ``prefix``, in id order."""
        after: VolumeId | None = None
        while True:
            page = self.volumes_page(prefix, after)
            yield from page.volumes
            if page.next is None:
                return
            after = page.next

    def origin(self, vid: VolumeId) -> tuple[Origin | None, int]:
        """Where the fork ``vid`` starts (None if it is not a fork), and its horizon."""
        answer = self.pull_commits(vid, 1, 1)
        return answer.origin, 1 if answer.checkpoint is None else answer.checkpoint.lsn

    def log(self, vid: VolumeId) -> VolumeLog:
        """The retained log: the checkpoint (if any) and every commit from its LSN on.

        A checkpoint registered while the pages are read moves the later pages' start to it;
        pages of two different retained logs must not be stitched together, so the read starts
        over (a few times at most: checkpoints are rare)."""
        for _ in range(_LOG_ATTEMPTS):
            log = self._read_log(vid)
            if log is not None:
                return log
        raise ServiceUnavailableError(
            f"the retained log of volume {vid} kept moving while it was read; try again"
        )

    def _read_log(self, vid: VolumeId) -> VolumeLog | None:
        """The log as one consistent read, or None if a checkpoint moved it meanwhile."""
        answer = self.pull_commits(vid, 1)
        checkpoint = answer.checkpoint
        commits: list[CommitInfo] = list(answer.commits)
        while answer.next is not None:
            start = answer.next
            answer = self.pull_commits(vid, start)
            if answer.checkpoint != checkpoint or (
                answer.commits and answer.commits[0].lsn != start
            ):
                return None
            commits.extend(answer.commits)
        return VolumeLog(vid, checkpoint, commits, answer.origin)
