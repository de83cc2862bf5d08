"""Typed metastore clients, blocking and async, over one set of call builders."""

from __future__ import annotations

from collections.abc import Sequence

from graft_core.ids import ClientId, VolumeId
from graft_core.rpcclient.async_client import AsyncRpcClient
from graft_core.rpcclient.call import Call
from graft_core.rpcclient.sync_client import SyncRpcClient
from graft_core.wire import (
    MAX_VOLUMES_LIMIT,
    CheckpointRequest,
    CommitRequest,
    ForkRequest,
    PullCommitsRequest,
    PullCommitsResponse,
    PullGraftRequest,
    PullGraftResponse,
    SegmentRef,
    SnapshotInfo,
    SnapshotRequest,
    VolumesRequest,
    VolumesResponse,
)

__all__ = ["AsyncMetastoreClient", "MetastoreCalls", "SyncMetastoreClient"]

# A long poll may take this much longer than it waits before the answer is overdue.
_POLL_SLACK_S = 30.0


class MetastoreCalls:
    """The metastore's endpoints (``/metastore/v1/``) as ``Call`` values."""

    SERVICE = "metastore"
    PREFIX = "/metastore/v1"

    @staticmethod
    def snapshot(vid: VolumeId, lsn: int | None = None) -> Call[SnapshotInfo]:
        return Call("snapshot", SnapshotRequest(vid=vid, lsn=lsn), SnapshotInfo)

    @staticmethod
    def pull_graft(
        vid: VolumeId, start: int, end: int | None = None, wait_ms: int = 0
    ) -> Call[PullGraftResponse]:
        request = PullGraftRequest(vid=vid, start=start, end=end, wait_ms=wait_ms)
        timeout = wait_ms / 1000 + _POLL_SLACK_S if wait_ms else None
        return Call("pull_graft", request, PullGraftResponse, timeout)

    @staticmethod
    def pull_commits(
        vid: VolumeId, start: int, end: int | None = None
    ) -> Call[PullCommitsResponse]:
        """One page of commits (about ``wire.MAX_ANSWER_BYTES``); ask again from its ``next``."""
        return Call(
            "pull_commits", PullCommitsRequest(vid=vid, start=start, end=end), PullCommitsResponse
        )

    @staticmethod
    def commit(
        vid: VolumeId,
        cid: ClientId,
        base_lsn: int | None,
        page_count: int,
        segments: Sequence[SegmentRef],
        commit_hash: bytes,
        keyring: bytes = b"",
    ) -> Call[SnapshotInfo]:
        request = CommitRequest(
            vid=vid,
            cid=cid,
            base_lsn=base_lsn,
            page_count=page_count,
            segments=list(segments),
            commit_hash=commit_hash,
            keyring=keyring,
        )
        return Call("commit", request, SnapshotInfo)

    @staticmethod
    def checkpoint(vid: VolumeId, lsn: int, segments: Sequence[SegmentRef]) -> Call[SnapshotInfo]:
        request = CheckpointRequest(vid=vid, lsn=lsn, segments=list(segments))
        return Call("checkpoint", request, SnapshotInfo)

    @staticmethod
    def fork(
        vid: VolumeId, cid: ClientId, parent: VolumeId, lsn: int, keyring: bytes = b""
    ) -> Call[SnapshotInfo]:
        request = ForkRequest(vid=vid, cid=cid, parent=parent, lsn=lsn, keyring=keyring)
        return Call("fork", request, SnapshotInfo)

    @staticmethod
    def volumes(
        prefix: str = "", after: VolumeId | None = None, limit: int = MAX_VOLUMES_LIMIT
    ) -> Call[VolumesResponse]:
        """One page of volume ids starting with ``prefix``; ask again after its ``next``."""
        return Call(
            "volumes", VolumesRequest(limit=limit, prefix=prefix, after=after), VolumesResponse
        )


class SyncMetastoreClient(SyncRpcClient):
    SERVICE = MetastoreCalls.SERVICE
    PREFIX = MetastoreCalls.PREFIX

    def snapshot(self, vid: VolumeId, lsn: int | None = None) -> SnapshotInfo:
        return self.call(MetastoreCalls.snapshot(vid, lsn))

    def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> PullCommitsResponse:
        return self.call(MetastoreCalls.pull_commits(vid, start, end))

    def commit(
        self,
        vid: VolumeId,
        cid: ClientId,
        base_lsn: int | None,
        page_count: int,
        segments: Sequence[SegmentRef],
        commit_hash: bytes,
        keyring: bytes = b"",
    ) -> SnapshotInfo:
        call = MetastoreCalls.commit(vid, cid, base_lsn, page_count, segments, commit_hash, keyring)
        return self.call(call)

    def checkpoint(self, vid: VolumeId, lsn: int, segments: Sequence[SegmentRef]) -> SnapshotInfo:
        return self.call(MetastoreCalls.checkpoint(vid, lsn, segments))

    def fork(
        self, vid: VolumeId, cid: ClientId, parent: VolumeId, lsn: int, keyring: bytes = b""
    ) -> SnapshotInfo:
        return self.call(MetastoreCalls.fork(vid, cid, parent, lsn, keyring))

    def volumes_page(
        self, prefix: str = "", after: VolumeId | None = None, limit: int = MAX_VOLUMES_LIMIT
    ) -> VolumesResponse:
        return self.call(MetastoreCalls.volumes(prefix, after, limit))


class AsyncMetastoreClient(AsyncRpcClient):
    SERVICE = MetastoreCalls.SERVICE
    PREFIX = MetastoreCalls.PREFIX

    async def snapshot(self, vid: VolumeId, lsn: int | None = None) -> SnapshotInfo:
        return await self.call(MetastoreCalls.snapshot(vid, lsn))

    async def pull_graft(
        self, vid: VolumeId, start: int, end: int | None = None, wait_ms: int = 0
    ) -> PullGraftResponse:
        return await self.call(MetastoreCalls.pull_graft(vid, start, end, wait_ms))

    async def pull_commits(
        self, vid: VolumeId, start: int, end: int | None = None
    ) -> PullCommitsResponse:
        return await self.call(MetastoreCalls.pull_commits(vid, start, end))

    async def commit(
        self,
        vid: VolumeId,
        cid: ClientId,
        base_lsn: int | None,
        page_count: int,
        segments: Sequence[SegmentRef],
        commit_hash: bytes,
        keyring: bytes = b"",
    ) -> SnapshotInfo:
        call = MetastoreCalls.commit(vid, cid, base_lsn, page_count, segments, commit_hash, keyring)
        return await self.call(call)

    async def fork(
        self, vid: VolumeId, cid: ClientId, parent: VolumeId, lsn: int, keyring: bytes = b""
    ) -> SnapshotInfo:
        return await self.call(MetastoreCalls.fork(vid, cid, parent, lsn, keyring))
