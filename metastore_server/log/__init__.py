"""Crash-safe segmented commit log (raft-wal style) with a Waltz-style control file."""

from metastore_server.log.control import ControlFile, LogState, SegmentMeta, WrongClusterError
from metastore_server.log.group import GroupCommitter
from metastore_server.log.wal import DEFAULT_SEGMENT_SIZE, Log

__all__ = [
    "DEFAULT_SEGMENT_SIZE",
    "ControlFile",
    "GroupCommitter",
    "Log",
    "LogState",
    "SegmentMeta",
    "WrongClusterError",
]
