"""Segmented, crash-safe append-only log: one write and one fsync per appended batch.

Entries are numbered from 1. The newest segment is the active one; when it passes
``segment_size`` it is sealed with an index frame (entry offsets) and a new segment starts. The
control file lists the segments, so opening the log only scans the active segment's tail and
never reads sealed segments until an entry in them is needed.

A failed append (a short write, a full disk, a failed fsync) is cut off the file again before
anything else is appended, so what the log holds in memory is always what is durable on disk.
A batch that was synced stays acknowledged even if sealing its segment then fails: the seal is
retried by the next append.
"""

from __future__ import annotations

import array
import bisect
import contextlib
import logging
import os
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from graft_core.errors import CorruptDataError, NotFoundError, StorageError
from graft_core.failpoints import failpoint
from graft_core.files import fsync_dir, make_dirs, storage_error, write_at
from metastore_server.log.control import ControlFile, LogState, SegmentMeta
from metastore_server.log.format import (
    FRAME_ENTRY,
    FRAME_HEADER,
    FRAME_INDEX,
    HEADER_SIZE,
    SegmentHeader,
    encode_batch,
    pack_header,
    parse_batch,
    parse_frame_header,
    unpack_header,
)

__all__ = ["DEFAULT_SEGMENT_SIZE", "Log"]

DEFAULT_SEGMENT_SIZE = 64 << 20
CONTROL_NAME = "control"

log = logging.getLogger("metastore")


def _segment_name(segment_id: int) -> str:
    return f"{segment_id:016x}.wal"


class _Segment:
    """One segment file; ``offsets`` holds the file offset of each entry frame once known."""

    def __init__(self, path: Path, meta: SegmentMeta, fd: int) -> None:
        self.path = path
        self.meta = meta
        self.fd = fd
        self.offsets: array.array[int] | None = None
        self.size = 0

    def load_index(self) -> array.array[int]:
        """The entry offsets of a sealed segment, read from its index frame on first use.

        The first use also checks every batch's CRC: reads of single entries cannot (a CRC
        covers a whole batch), and a sealed segment is never rescanned by recovery.
        """
        if self.offsets is None:
            assert self.meta.sealed
            data = _read_all(self.fd)
            at = self.meta.index_offset
            head = data[at : at + FRAME_HEADER]
            parsed = parse_frame_header(head) if len(head) == FRAME_HEADER else None
            if parsed is None or parsed[0] != FRAME_INDEX:
                raise CorruptDataError(f"{self.path}: index frame is corrupt")
            offsets = array.array("Q")
            raw = data[at + FRAME_HEADER : at + FRAME_HEADER + parsed[1]]
            if len(raw) != (self.meta.last_index - self.meta.base_index + 1) * offsets.itemsize:
                raise CorruptDataError(f"{self.path}: index frame has the wrong entry count")
            offsets.frombytes(raw)
            # Sealed segments are not rescanned: a damaged offset must not reach pread.
            if offsets and not HEADER_SIZE <= min(offsets) <= max(offsets) < self.meta.index_offset:
                raise CorruptDataError(f"{self.path}: index frame points outside the segment")
            self._check_batches(data, offsets)
            self.offsets = offsets
        return self.offsets

    def _check_batches(self, data: bytes, offsets: array.array[int]) -> None:
        """Every batch up to the index frame is intact and holds exactly the indexed entries."""
        found: list[int] = []
        pos, index_at = HEADER_SIZE, 0
        while not index_at and pos <= self.meta.index_offset:
            batch = parse_batch(data, pos)
            if batch is None:
                raise CorruptDataError(f"{self.path}: sealed batch at offset {pos} is damaged")
            found += batch.entries
            pos, index_at = batch.end, batch.index_at
        if found != offsets.tolist() or index_at != self.meta.index_offset:
            raise CorruptDataError(f"{self.path}: index frame does not match the entries")


class Log:
    """Thread-safe: one appender at a time (serialized by a lock), readers from any thread."""

    def __init__(self, directory: Path, control: ControlFile, segment_size: int) -> None:
        self.directory = directory
        self._control = control
        self._segment_size = segment_size
        self._segments: list[_Segment] = []
        self._append_lock = threading.Lock()
        # A segment that may hold bytes past its size from a failed append, until cut off.
        self._torn: _Segment | None = None

    # --- open and recover ----------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        directory: Path,
        *,
        cluster_key: uuid.UUID | None = None,
        segment_size: int = DEFAULT_SEGMENT_SIZE,
    ) -> Log:
        with _mapped_errors(f"opening the commit log in {directory} failed"):
            make_dirs(directory)
            control = ControlFile.open(directory / CONTROL_NAME, cluster_key)
            log = cls(directory, control, segment_size)
            try:
                log._recover()
            except BaseException:
                log.close()
                raise
        return log

    @property
    def cluster_key(self) -> uuid.UUID:
        return self._control.cluster_key

    def _recover(self) -> None:
        state = self._control.state
        known = {_segment_name(m.segment_id) for m in state.segments}
        newest = max((m.segment_id for m in state.segments), default=0)
        removed = False
        for path in self.directory.glob("*.wal"):
            if path.name not in known:
                # Older: cut off by a head truncation whose unlink a crash prevented. Newer: made
                # by a seal whose control update never landed, so it holds no entries; if it
                # does, the control file lost a state it had made durable.
                if int(path.stem, 16) > newest and _holds_entries(path):
                    raise CorruptDataError(
                        f"{path} holds log entries but the control file does not name it: "
                        "the control file is damaged; refusing to drop acknowledged entries"
                    )
                path.unlink()
                removed = True
        if removed:
            fsync_dir(self.directory)
        for meta in state.segments:
            path = self.directory / _segment_name(meta.segment_id)
            # The active segment's creation may have been cut short (by a crash or a full
            # disk): then it holds nothing to lose and gets its header written afresh.
            flags = os.O_RDWR if meta.sealed else os.O_RDWR | os.O_CREAT
            self._segments.append(_Segment(path, meta, os.open(path, flags, 0o644)))
        if not self._segments:
            self._start_segment(1, 1)
            return
        # What is left to write here is retried by the first append if it fails now: a full
        # disk must not keep the log from opening.
        active = self._segments[-1]
        # A seal reaches the control file only together with the next segment's entry.
        assert not active.meta.sealed
        if _never_appended(active.path):
            active.offsets = array.array("Q")
            self._retry_later(self._init_file, active)
        elif self._scan_active(active):
            self._seal_recovered(active)
            self._retry_later(self._start_next, active)

    def _retry_later(self, step: Callable[[_Segment], None], segment: _Segment) -> None:
        try:
            step(segment)
        except (OSError, StorageError) as exc:
            log.warning("log segment %s: %s, retried by the next append", segment.path, exc)

    def _init_file(self, segment: _Segment) -> None:
        """Write a new segment's header (again, if a first try failed part way)."""
        meta = segment.meta
        write_at(segment.fd, pack_header(SegmentHeader(meta.base_index, meta.segment_id)), 0)
        os.fsync(segment.fd)
        fsync_dir(self.directory)
        segment.size = HEADER_SIZE

    def _start_segment(self, segment_id: int, base_index: int) -> None:
        """Record a new active segment in the control file, then create its file.

        Safe to repeat after a failure: a segment the control file already lists is not added
        again, and its file is created afresh (it holds no entries yet).
        """
        state = self._control.state
        meta = SegmentMeta(segment_id=segment_id, base_index=base_index)
        if state.segments[-1:] == [meta]:
            meta = state.segments[-1]
        else:
            segments = [*state.segments, meta]
            self._control.write(LogState(head_index=state.head_index, segments=segments))
        path = self.directory / _segment_name(segment_id)
        segment = _Segment(path, meta, os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644))
        segment.offsets = array.array("Q")
        self._segments.append(segment)
        self._init_file(segment)

    def _scan_active(self, segment: _Segment) -> bool:
        """Keep the batches whose commit frame is intact and cut the rest; True if sealed."""
        data = _read_all(segment.fd)
        header = unpack_header(data)
        if header is None or header.base_index != segment.meta.base_index:
            raise CorruptDataError(f"{segment.path}: segment header is corrupt")
        offsets = array.array("Q")
        good = HEADER_SIZE
        sealed_at = 0
        while (batch := parse_batch(data, good)) is not None:
            offsets.extend(batch.entries)
            sealed_at = batch.index_at or sealed_at
            good = batch.end
        segment.offsets = offsets
        segment.size = good
        if good < len(data):
            self._check_torn_tail(segment, data, good)
            self._torn = segment
            self._retry_later(self._cut_back, segment)
        if sealed_at:
            segment.meta.index_offset = sealed_at
        return bool(sealed_at)

    def _check_torn_tail(self, segment: _Segment, data: bytes, good: int) -> None:
        # Each batch is synced before the next is written, so only the last one can be torn:
        # an intact batch after a bad one means damage to acknowledged entries.
        for pos in range(good + FRAME_HEADER, len(data), FRAME_HEADER):
            if parse_batch(data, pos) is not None:
                raise CorruptDataError(
                    f"{segment.path}: the batch at offset {good} is damaged but the one at "
                    f"offset {pos} after it is intact; refusing to drop acknowledged entries"
                )

    def _seal_recovered(self, segment: _Segment) -> None:
        assert segment.offsets is not None
        meta = segment.meta
        meta.sealed = True
        meta.last_index = meta.base_index + len(segment.offsets) - 1

    def _start_next(self, sealed: _Segment) -> None:
        meta = sealed.meta
        assert meta.sealed
        self._start_segment(meta.segment_id + 1, meta.last_index + 1)

    # --- queries -------------------------------------------------------------------------------

    @property
    def first_index(self) -> int:
        return self._control.state.head_index

    @property
    def last_index(self) -> int:
        """The index of the newest entry, or ``first_index - 1`` when the log is empty."""
        active = self._segments[-1]
        assert active.offsets is not None
        return active.meta.base_index + len(active.offsets) - 1

    def read(self, index: int) -> bytes:
        if not self.first_index <= index <= self.last_index:
            raise NotFoundError(
                f"log entry {index} is not in {self.first_index}..{self.last_index}"
            )
        bases = [s.meta.base_index for s in self._segments]
        segment = self._segments[bisect.bisect_right(bases, index) - 1]
        with _mapped_errors(f"reading log entry {index} failed"):
            offsets = segment.offsets if not segment.meta.sealed else segment.load_index()
            assert offsets is not None
            offset = offsets[index - segment.meta.base_index]
            head = os.pread(segment.fd, FRAME_HEADER, offset)
            parsed = parse_frame_header(head) if len(head) == FRAME_HEADER else None
            if parsed is None or parsed[0] != FRAME_ENTRY:
                raise CorruptDataError(
                    f"{segment.path}: entry {index} at offset {offset} is corrupt"
                )
            payload = os.pread(segment.fd, parsed[1], offset + FRAME_HEADER)
        if len(payload) != parsed[1]:
            raise CorruptDataError(f"{segment.path}: entry {index} is truncated")
        return payload

    def iter_from(self, index: int) -> Iterator[tuple[int, bytes]]:
        for i in range(max(index, self.first_index), self.last_index + 1):
            yield i, self.read(i)

    def segment_count(self) -> int:
        return len(self._segments)

    # --- writes --------------------------------------------------------------------------------

    def append(self, entries: Sequence[bytes]) -> int:
        """Durably append a batch (one write, one fsync); returns the index of its first entry.

        ``StorageError`` (``StorageFullError`` for a full disk) means nothing was appended.
        """
        assert entries
        with self._append_lock, _mapped_errors("commit log write failed"):
            self._make_ready()
            active = self._segments[-1]
            assert active.offsets is not None
            first = self.last_index + 1
            body, rel = encode_batch(FRAME_ENTRY, entries)
            self._write(active, body)
            active.offsets.extend(active.size + r for r in rel)
            active.size += len(body)
            if active.size >= self._segment_size:
                # The batch is durable and acknowledged whatever happens to the seal.
                self._retry_later(self._seal, active)
            return first

    def _make_ready(self) -> None:
        """Finish what a failed append or seal left undone, before anything else is written."""
        if self._torn is not None:
            self._cut_back(self._torn)
        if self._segments[-1].meta.sealed:
            self._start_next(self._segments[-1])
        active = self._segments[-1]
        if active.size < HEADER_SIZE:
            self._init_file(active)
        if active.size >= self._segment_size:
            self._seal(active)

    def _write(self, segment: _Segment, body: bytes) -> None:
        try:
            write_at(segment.fd, body, segment.size)
            failpoint("log.before_fsync")
            os.fdatasync(segment.fd)
        except Exception:
            # After a failed fsync nothing written since the last good one counts as durable.
            self._torn = segment
            with contextlib.suppress(OSError):  # else the next append cuts it back first
                self._cut_back(segment)
            raise
        failpoint("log.after_fsync")

    def _cut_back(self, segment: _Segment) -> None:
        os.ftruncate(segment.fd, segment.size)
        os.fsync(segment.fd)
        self._torn = None

    def _seal(self, segment: _Segment) -> None:
        assert segment.offsets is not None
        body, _ = encode_batch(FRAME_INDEX, [segment.offsets.tobytes()])
        index_offset = segment.size
        self._write(segment, body)
        segment.size += len(body)
        meta = segment.meta
        meta.sealed = True
        meta.last_index = meta.base_index + len(segment.offsets) - 1
        meta.index_offset = index_offset
        self._start_next(segment)

    def truncate_head(self, index: int) -> None:
        """Forget entries below ``index``; whole sealed segments below it are deleted."""
        with self._append_lock, _mapped_errors("commit log head truncation failed"):
            self._make_ready()
            if not self.first_index <= index <= self.last_index + 1:
                raise NotFoundError(f"cannot truncate the head to {index}")
            doomed = [s for s in self._segments[:-1] if s.meta.last_index < index]
            kept = self._segments[len(doomed) :]
            self._control.write(LogState(head_index=index, segments=[s.meta for s in kept]))
            self._segments = kept
            for segment in doomed:
                os.close(segment.fd)
                segment.path.unlink()
            if doomed:
                fsync_dir(self.directory)

    def close(self) -> None:
        for segment in self._segments:
            os.close(segment.fd)
        self._segments = []
        self._control.close()


@contextlib.contextmanager
def _mapped_errors(what: str) -> Iterator[None]:
    try:
        yield
    except OSError as exc:
        raise storage_error(exc, what) from exc


def _never_appended(path: Path) -> bool:
    try:
        return path.stat().st_size <= HEADER_SIZE
    except FileNotFoundError:
        return True


def _holds_entries(path: Path) -> bool:
    data = path.read_bytes()
    return parse_batch(data, HEADER_SIZE) is not None


def _read_all(fd: int) -> bytes:
    size = os.fstat(fd).st_size
    return os.pread(fd, size, 0)
