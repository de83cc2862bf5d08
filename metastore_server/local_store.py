"""The embedded record store: records in the local commit log, a per-volume index in memory.

The index maps (vid, lsn) to a log index. It is checkpointed to ``index.ckpt`` every
``checkpoint_every`` log entries (crash-safe: temp file, fsync, rename, directory fsync), so a
start loads that file and replays only the log tail after it, whatever the total commit count.
"""

from __future__ import annotations

import array
import asyncio
import bisect
import logging
import uuid
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import anyio.to_thread
import crc32c
import msgspec

from graft_core.errors import CorruptDataError
from graft_core.files import replace_file
from graft_core.ids import VolumeId
from graft_core.wire import encode
from metastore_server.log import GroupCommitter, Log
from metastore_server.log.control import ControlFile
from metastore_server.log.group import BatchStats
from metastore_server.log.wal import CONTROL_NAME, DEFAULT_SEGMENT_SIZE
from metastore_server.metrics import Metrics
from metastore_server.records import LogRecord, decode_record

__all__ = ["LocalRecordStore", "check_data_dir"]

log = logging.getLogger("metastore")

INDEX_NAME = "index.ckpt"
LOG_NAME = "log"
DEFAULT_CHECKPOINT_EVERY = 8192
# Reading more records than this goes to a worker thread instead of blocking the event loop.
_INLINE_READS = 8


@dataclass(slots=True)
class _VolumeIndex:
    positions: array.array[int] = field(default_factory=lambda: array.array("Q"))
    checkpoint_at: int = 0  # log index of the newest checkpoint record, 0 for none


class _StoredVolume(msgspec.Struct, array_like=True):
    vid: bytes
    positions: bytes
    checkpoint_at: int


class _StoredIndex(msgspec.Struct, array_like=True):
    log_key: bytes
    covers: int
    volumes: list[_StoredVolume]


class LocalRecordStore:
    # Every commit of this log goes through this process, so long-polls never need to poll.
    poll_interval: float | None = None

    def __init__(
        self, log: Log, metrics: Metrics, checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY
    ) -> None:
        self.log = log
        self._metrics = metrics
        self._checkpoint_every = checkpoint_every
        self._index: dict[VolumeId, _VolumeIndex] = {}
        self._sorted: list[VolumeId] = []
        self._applied = log.first_index - 1
        self._checkpointed = self._applied
        self._checkpointing: asyncio.Task[None] | None = None
        self._committer = GroupCommitter(log, self._on_batch)
        self.replayed = 0  # log entries replayed on open (bounded by the index checkpoint)

    @classmethod
    def open(
        cls,
        directory: Path,
        metrics: Metrics,
        *,
        cluster_key: uuid.UUID | None = None,
        segment_size: int = DEFAULT_SEGMENT_SIZE,
        checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY,
    ) -> LocalRecordStore:
        """Open the log and rebuild the index (blocking: call before serving)."""
        log = Log.open(directory / LOG_NAME, cluster_key=cluster_key, segment_size=segment_size)
        store = cls(log, metrics, checkpoint_every)
        try:
            store._load_index(directory / INDEX_NAME)
            for index, payload in log.iter_from(store._applied + 1):
                store._apply(decode_record(payload, f"log entry {index}"), index)
                store.replayed += 1
        except BaseException:
            log.close()
            raise
        return store

    @property
    def cluster_key(self) -> uuid.UUID:
        return self.log.cluster_key

    @property
    def index_path(self) -> Path:
        return self.log.directory.parent / INDEX_NAME

    def start(self) -> None:
        self._committer.start()

    # --- index ---------------------------------------------------------------------------------

    def _apply(self, record: LogRecord, index: int) -> bool:
        vol = self._index.get(record.vid)
        if vol is None:
            vol = self._index[record.vid] = _VolumeIndex()
            bisect.insort(self._sorted, record.vid)
        if record.kind == "commit":
            if record.lsn != len(vol.positions) + 1:
                raise CorruptDataError(
                    f"log entry {index}: LSN {record.lsn} of {record.vid} "
                    f"does not follow {len(vol.positions)}"
                )
            vol.positions.append(index)
        else:
            vol.checkpoint_at = index
        self._applied = index
        return True

    def _load_index(self, path: Path) -> None:
        """Load the index checkpoint if it is intact and matches this log, else replay it all."""
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return
        body, crc = raw[:-4], raw[-4:]
        if len(raw) < 4 or crc32c.crc32c(body).to_bytes(4, "big") != crc:
            return
        try:
            stored = msgspec.msgpack.decode(body, type=_StoredIndex)
        except msgspec.MsgspecError:
            return
        if stored.log_key != self.log.cluster_key.bytes or not (
            self.log.first_index - 1 <= stored.covers <= self.log.last_index
        ):
            return
        for item in stored.volumes:
            positions = array.array("Q")
            positions.frombytes(item.positions)
            vid = VolumeId(item.vid)
            self._index[vid] = _VolumeIndex(positions, item.checkpoint_at)
            self._sorted.append(vid)
        self._sorted.sort()
        self._applied = self._checkpointed = stored.covers

    def _snapshot_index(self) -> bytes:
        stored = _StoredIndex(
            log_key=self.log.cluster_key.bytes,
            covers=self._applied,
            volumes=[
                _StoredVolume(bytes(vid), vol.positions.tobytes(), vol.checkpoint_at)
                for vid, vol in self._index.items()
            ],
        )
        body = msgspec.msgpack.encode(stored)
        return body + crc32c.crc32c(body).to_bytes(4, "big")

    def write_index_checkpoint(self) -> None:
        """Write the index checkpoint now (blocking)."""
        replace_file(self.index_path, self._snapshot_index(), durable=True)
        self._checkpointed = self._applied

    async def _checkpoint_later(self, data: bytes, covers: int) -> None:
        try:
            await anyio.to_thread.run_sync(
                partial(replace_file, self.index_path, data, durable=True)
            )
        except OSError as exc:
            # Only start-up time depends on it: keep serving, try again after more commits.
            log.warning("writing the index checkpoint failed: %s", exc)
            return
        self._checkpointed = covers

    def _on_batch(self, stats: BatchStats) -> None:
        self._metrics.batch_size.observe(stats.entries)
        self._metrics.fsync_seconds.observe(stats.seconds)

    def _maybe_checkpoint(self) -> None:
        busy = self._checkpointing is not None and not self._checkpointing.done()
        if busy or self._applied - self._checkpointed < self._checkpoint_every:
            return
        # The bytes are taken now, on the event loop, so they match ``covers`` exactly.
        self._checkpointing = asyncio.get_running_loop().create_task(
            self._checkpoint_later(self._snapshot_index(), self._applied)
        )

    # --- RecordStore ---------------------------------------------------------------------------

    async def latest(self, vid: VolumeId) -> int:
        vol = self._index.get(vid)
        return 0 if vol is None else len(vol.positions)

    def _read_sync(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        positions = self._index[vid].positions
        assert 1 <= start <= end <= len(positions)
        return [
            decode_record(self.log.read(positions[lsn - 1]), f"{vid} LSN {lsn}")
            for lsn in range(start, end + 1)
        ]

    async def read(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        if end - start < _INLINE_READS:
            return self._read_sync(vid, start, end)
        return await anyio.to_thread.run_sync(self._read_sync, vid, start, end)

    async def checkpoint(self, vid: VolumeId, *, fresh: bool = False) -> LogRecord | None:
        vol = self._index.get(vid)
        if vol is None or vol.checkpoint_at == 0:
            return None
        return decode_record(self.log.read(vol.checkpoint_at), f"{vid} checkpoint")

    async def append(self, record: LogRecord) -> bool:
        # The catalog holds the volume lock, so the LSN cannot have been taken meanwhile.
        done = await self._committer.append(encode(record), lambda i: self._apply(record, i))
        self._maybe_checkpoint()
        return done

    async def volumes(self, prefix: str, after: VolumeId | None, limit: int) -> list[VolumeId]:
        start = 0 if after is None else bisect.bisect_right(self._sorted, after)
        found: list[VolumeId] = []
        for vid in self._sorted[start:]:
            text = str(vid)
            if text.startswith(prefix):
                found.append(vid)
                if len(found) == limit:
                    break
            elif prefix and text > prefix:
                break
        return found

    async def aclose(self) -> None:
        try:
            await self._committer.aclose()
            if self._checkpointing is not None:
                await self._checkpointing
            await anyio.to_thread.run_sync(self.write_index_checkpoint)
        except OSError as exc:
            log.warning("writing the index checkpoint failed; the next start replays more: %s", exc)
        finally:
            self.log.close()


def check_data_dir(directory: Path, cluster_key: uuid.UUID | None) -> None:
    """Refuse a data dir of another cluster, reading only.

    A command calls it before serving, so the refusal is one clear error line and an exit
    rather than a failed server start-up with a traceback.
    """
    ControlFile.check(directory / LOG_NAME / CONTROL_NAME, cluster_key)
