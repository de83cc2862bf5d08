"""What the metastore stores per commit and per checkpoint (the same bytes in both backends)."""

from __future__ import annotations

from typing import Literal

from graft_core.errors import CorruptDataError, InvalidInputError
from graft_core.ids import ClientId, VolumeId
from graft_core.wire import (
    CheckpointInfo,
    CommitInfo,
    Message,
    Origin,
    SegmentRef,
    SnapshotInfo,
    decode,
)

__all__ = ["LogRecord", "decode_record"]

MAX_RECORD_SIZE = 64 << 20


class LogRecord(Message):
    """A commit (``cid`` and ``commit_hash`` set) or a checkpoint registration.

    A fork's LSN 1 is a commit without segments whose ``origin`` names the parent snapshot.
    """

    kind: Literal["commit", "checkpoint"]
    vid: VolumeId
    lsn: int
    segments: list[SegmentRef]
    page_count: int = 0
    cid: ClientId | None = None
    commit_hash: bytes = b""
    ts_ms: int = 0
    origin: Origin | None = None
    keyring: bytes = b""  # an encrypted volume's wrapped data keys (opaque)

    def snapshot(self) -> SnapshotInfo:
        assert self.kind == "commit"
        return SnapshotInfo(vid=self.vid, lsn=self.lsn, page_count=self.page_count)

    def commit_info(self) -> CommitInfo:
        return CommitInfo(
            lsn=self.lsn,
            page_count=self.page_count,
            segments=self.segments,
            ts_ms=self.ts_ms or None,  # 0: stored before commits carried their time
            commit_hash=self.commit_hash or None,  # empty: none was recorded
            keyring=self.keyring,
        )

    def checkpoint_info(self) -> CheckpointInfo:
        assert self.kind == "checkpoint"
        return CheckpointInfo(lsn=self.lsn, segments=self.segments)


def decode_record(data: bytes, where: str) -> LogRecord:
    """Stored bytes that do not decode are corruption, never a client's bad input."""
    try:
        return decode(data, LogRecord, limit=MAX_RECORD_SIZE)
    except InvalidInputError as exc:
        raise CorruptDataError(f"{where}: stored record is corrupt: {exc}") from exc
