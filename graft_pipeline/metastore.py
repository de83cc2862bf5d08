"""The metastore calls the jobs make: list volumes, read a volume's retained log (following the
metastore's ``next`` pages), register a checkpoint, commit (publish)."""

from __future__ import annotations

from collections.abc import Iterator

from graft_core.errors import ServiceUnavailableError
from graft_core.ids import ClientId, VolumeId
from graft_core.wire import (
    CheckpointRequest,
    CommitInfo,
    CommitRequest,
    PullCommitsRequest,
    PullCommitsResponse,
    SegmentRef,
    SnapshotInfo,
    VolumesRequest,
    VolumesResponse,
)
from graft_pipeline.history import VolumeLog
from graft_pipeline.http import ServiceHttp

__all__ = ["MetastoreHttp"]

_PAGE = 1000
_LOG_ATTEMPTS = 5


class MetastoreHttp(ServiceHttp):
    PREFIX = "/metastore/v1"

    def volumes(self, prefix: str = "") -> Iterator[SnapshotInfo]:
        """Every volume with commits whose id starts with ``prefix``, in id order."""
        after: VolumeId | None = None
        while True:
            request = VolumesRequest(limit=_PAGE, prefix=prefix, after=after)
            page = self._call("volumes", request, VolumesResponse)
            yield from page.volumes
            if page.next is None:
                return
            after = page.next

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
        answer = self._call(
            "pull_commits", PullCommitsRequest(vid=vid, start=1), PullCommitsResponse
        )
        checkpoint = answer.checkpoint
        commits: list[CommitInfo] = list(answer.commits)
        while answer.next is not None:
            request = PullCommitsRequest(vid=vid, start=answer.next)
            answer = self._call("pull_commits", request, PullCommitsResponse)
            if answer.checkpoint != checkpoint or (
                answer.commits and answer.commits[0].lsn != request.start
            ):
                return None
            commits.extend(answer.commits)
        return VolumeLog(vid, checkpoint, commits)

    def checkpoint(self, vid: VolumeId, lsn: int, segments: list[SegmentRef]) -> SnapshotInfo:
        request = CheckpointRequest(vid=vid, lsn=lsn, segments=segments)
        return self._call("checkpoint", request, SnapshotInfo)

    def commit(
        self,
        vid: VolumeId,
        base_lsn: int | None,
        page_count: int,
        segments: list[SegmentRef],
        commit_hash: bytes,
    ) -> SnapshotInfo:
        request = CommitRequest(
            vid=vid,
            cid=ClientId.random(),
            base_lsn=base_lsn,
            page_count=page_count,
            segments=segments,
            commit_hash=commit_hash,
        )
        return self._call("commit", request, SnapshotInfo)
