"""The scale-out record store: one object per commit at ``volumes/{vid}/log/{lsn:016x}``.

The object store's create-only PUT is the commit fence: of two nodes writing the same LSN, only
one PUT creates the object, the other learns it lost and answers as a replay or a 409. Records
are gap-free because a node writes ``base + 1`` only after seeing ``base``. Volumes are listed
from marker objects ``volume-index/{vid}``, so listing does not scan every commit.

Other nodes commit behind this node's back, so long-polls probe the next LSN every
``poll_interval`` seconds (one probe per volume, however many clients wait on it).

Checkpoints are found by listing ``volumes/{vid}/checkpoint/``; the answer is cached per volume
for ``checkpoint_ttl`` seconds. The bound: a checkpoint registered through another node is
honoured here at most ``checkpoint_ttl`` after its registration (one registered through this node
at once). Until then this node may still answer reads just below the new horizon from the older
segments; that is safe as long as GC (DESIGN 9) keeps the segments a checkpoint superseded for a
grace period longer than ``checkpoint_ttl`` (minutes against one second). Registering a
checkpoint always lists afresh, so the "not below the current one" check is never stale.

Every call to the store has a deadline (``timeout_s``): a store that stalls answers 503
``storage_unavailable`` in time instead of holding requests. The worker thread of a call that
missed its deadline is abandoned; the store's own request timeout ends it.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

import anyio
import anyio.to_thread

from graft_core.cluster import claim_marker
from graft_core.errors import NotFoundError, StorageUnavailableError
from graft_core.ids import VolumeId
from graft_core.objstore import ObjectStore, open_store
from graft_core.wire import encode
from metastore_server.records import LogRecord, decode_record

__all__ = [
    "DEFAULT_CHECKPOINT_TTL",
    "DEFAULT_POLL_INTERVAL",
    "DEFAULT_STORE_TIMEOUT",
    "ObjectStoreRecordStore",
    "log_key",
]

T = TypeVar("T")

_MARKERS = "volume-index/"
DEFAULT_POLL_INTERVAL = 0.05
DEFAULT_CHECKPOINT_TTL = 1.0
# Well inside clients' 30 s request timeout, far above a healthy store's round trips.
DEFAULT_STORE_TIMEOUT = 10.0
# Cached checkpoint answers kept at most (oldest dropped first): ~200 bytes each.
_CACHED_CHECKPOINTS = 65536


@dataclass(frozen=True, slots=True)
class _Cached:
    record: LogRecord | None
    listed_at: float  # time.monotonic() when the listing that found ``record`` started


def _lsn(record: LogRecord | None) -> int:
    return 0 if record is None else record.lsn


def log_key(vid: VolumeId, lsn: int) -> str:
    """Where the commit record of ``vid`` at ``lsn`` lives (direct clients write it too)."""
    return f"volumes/{vid}/log/{lsn:016x}"


def _checkpoint_key(vid: VolumeId, lsn: int) -> str:
    return f"volumes/{vid}/checkpoint/{lsn:016x}"


class ObjectStoreRecordStore:
    def __init__(
        self,
        objects: ObjectStore,
        *,
        cluster_key: uuid.UUID | None = None,
        claim: bool = True,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        checkpoint_ttl: float = DEFAULT_CHECKPOINT_TTL,
        timeout_s: float = DEFAULT_STORE_TIMEOUT,
    ) -> None:
        """``claim``: mark the store as ``cluster_key``'s (a new cluster's if None) now; a
        direct client marks it before its first write instead (``cluster_key`` is then None)."""
        self.objects = objects
        # The store's cluster marker: every node over one store serves the same cluster.
        self.cluster_key: uuid.UUID | None = (
            claim_marker(objects, cluster_key, "the metastore's object store")
            if claim
            else cluster_key
        )
        self.poll_interval: float | None = poll_interval
        self.checkpoint_ttl = checkpoint_ttl
        self.timeout_s = timeout_s
        # Highest LSN seen per volume: a lower bound (other nodes may have written more).
        self._known: dict[VolumeId, int] = {}
        # Touched on the event loop only (never from worker threads), in insertion order.
        self._checkpoints: dict[VolumeId, _Cached] = {}

    @classmethod
    def open(
        cls,
        url: str,
        *,
        cluster_key: uuid.UUID | None = None,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        checkpoint_ttl: float = DEFAULT_CHECKPOINT_TTL,
        timeout_s: float = DEFAULT_STORE_TIMEOUT,
    ) -> ObjectStoreRecordStore:
        objects = open_store(url, timeout_s=timeout_s)
        try:
            return cls(
                objects,
                cluster_key=cluster_key,
                poll_interval=poll_interval,
                checkpoint_ttl=checkpoint_ttl,
                timeout_s=timeout_s,
            )
        except BaseException:
            objects.close()
            raise

    async def _call(self, call: Callable[[], T]) -> T:
        """``call()`` in a worker thread, or StorageUnavailableError at the deadline."""
        try:
            with anyio.fail_after(self.timeout_s):
                return await anyio.to_thread.run_sync(call, abandon_on_cancel=True)
        except TimeoutError as exc:
            raise StorageUnavailableError(
                f"the object store did not answer within {self.timeout_s:g} s"
            ) from exc

    def _exists(self, key: str) -> bool:
        try:
            self.objects.get_range(key, 0, 1)
        except NotFoundError:
            return False
        return True

    def _newest(self, prefix: str) -> int:
        keys = [meta.key for meta in self.objects.list(prefix)]
        return max((int(k.rsplit("/", 1)[1], 16) for k in keys), default=0)

    def _latest_sync(self, vid: VolumeId) -> int:
        latest = self._known.get(vid)
        if latest is None:
            latest = self._newest(f"volumes/{vid}/log/")
        while self._exists(log_key(vid, latest + 1)):
            latest += 1
        self._known[vid] = latest
        return latest

    async def latest(self, vid: VolumeId) -> int:
        return await self._call(partial(self._latest_sync, vid))

    def _read_sync(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        return [
            decode_record(self.objects.get(log_key(vid, lsn)), log_key(vid, lsn))
            for lsn in range(start, end + 1)
        ]

    async def read(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        return await self._call(partial(self._read_sync, vid, start, end))

    def _checkpoint_sync(self, vid: VolumeId) -> LogRecord | None:
        lsn = self._newest(f"volumes/{vid}/checkpoint/")
        if lsn == 0:
            return None
        key = _checkpoint_key(vid, lsn)
        return decode_record(self.objects.get(key), key)

    async def checkpoint(self, vid: VolumeId, *, fresh: bool = False) -> LogRecord | None:
        cached = self._checkpoints.get(vid)
        listed_at = time.monotonic()
        if not fresh and cached is not None and listed_at - cached.listed_at < self.checkpoint_ttl:
            return cached.record
        record = await self._call(partial(self._checkpoint_sync, vid))
        return self._remember(vid, record, listed_at)

    def _remember(
        self, vid: VolumeId, record: LogRecord | None, listed_at: float
    ) -> LogRecord | None:
        cached = self._checkpoints.pop(vid, None)
        if cached is not None and _lsn(cached.record) > _lsn(record):
            # Registered through this node while the listing ran: newer than what it found.
            record = cached.record
        self._checkpoints[vid] = _Cached(record, listed_at)
        if len(self._checkpoints) > _CACHED_CHECKPOINTS:
            del self._checkpoints[next(iter(self._checkpoints))]
        return record

    def _append_sync(self, record: LogRecord) -> bool:
        data = encode(record)
        if record.kind == "checkpoint":
            return self.objects.put_if_absent(_checkpoint_key(record.vid, record.lsn), data)
        if record.lsn == 1:
            # Before the first commit, so a listed volume may still lack commits but a volume
            # with commits is always listed.
            self.objects.put_if_absent(_MARKERS + str(record.vid), b"")
        won = self.objects.put_if_absent(log_key(record.vid, record.lsn), data)
        self._known[record.vid] = max(self._known.get(record.vid, 0), record.lsn)
        return won

    async def append(self, record: LogRecord) -> bool:
        won = await self._call(partial(self._append_sync, record))
        cached = self._checkpoints.get(record.vid)
        if won and record.kind == "checkpoint" and cached is not None:
            # Honoured here at once; the listing time stays, so other nodes' registrations
            # before it are still bounded by the TTL.
            self._remember(record.vid, record, cached.listed_at)
        return won

    def _volumes_sync(self, prefix: str, after: VolumeId | None, limit: int) -> list[VolumeId]:
        found: list[VolumeId] = []
        for meta in self.objects.list(_MARKERS + prefix):
            vid = VolumeId.parse(meta.key[len(_MARKERS) :])
            if (after is None or vid > after) and self._latest_sync(vid) > 0:
                found.append(vid)
                if len(found) == limit:
                    break
        return found

    async def volumes(self, prefix: str, after: VolumeId | None, limit: int) -> list[VolumeId]:
        return await self._call(partial(self._volumes_sync, prefix, after, limit))

    async def aclose(self) -> None:
        await anyio.to_thread.run_sync(self.objects.close)
