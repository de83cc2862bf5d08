"""The commit records of direct mode: the object-store record store, with the requests a
client can save (``DirectRecordStore``)."""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from graft_core.errors import CorruptDataError, NotFoundError
from graft_core.ids import VolumeId
from graft_core.objstore import ObjectStore
from metastore_server.objstore_backend import ObjectStoreRecordStore, log_key
from metastore_server.records import LogRecord, decode_record

__all__ = ["CHECKPOINT_TTL_S", "DirectRecordStore", "committing_on", "just_probed"]

# Commit records kept in memory (a few hundred bytes each).
_KEPT_RECORDS = 4096
# How long the listing of a volume's checkpoints is trusted (the servers: a second).
CHECKPOINT_TTL_S = 30.0
# Commit records fetched at once when a history is read.
_PARALLEL_GETS = 16

_COMMIT_BASE: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "graft_direct_commit_base", default=None
)


_JUST_PROBED: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "graft_direct_just_probed", default=False
)


@contextlib.contextmanager
def _set(var: contextvars.ContextVar[Any], value: Any) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def committing_on(base: int) -> contextlib.AbstractContextManager[None]:
    """A commit on ``base`` runs inside: the record store may skip its probe (below)."""
    return _set(_COMMIT_BASE, base)


def just_probed() -> contextlib.AbstractContextManager[None]:
    """A call right after a probe of the store runs inside: it takes that probe's answer."""
    return _set(_JUST_PROBED, True)


class DirectRecordStore(ObjectStoreRecordStore):
    """The object-store record store, with the requests a client can save.

    - A commit on the newest LSN this client has seen skips the probe of the next LSN: the
      create-only PUT of ``base + 1`` is the fence, and if another writer won it the catalog
      reads the winner and answers a replay or a rejection, exactly as after a probe. A commit
      costs the segment PUT and the record PUT, and nothing else.
    - The probe of the next LSN reads the whole record (a few hundred bytes), and records
      (immutable once written) are kept, so a pull of one new commit costs that GET and the
      probe after it, and a pull that finds nothing new one GET (the catalog's own question
      for the latest LSN, right after the client's probe, takes that probe's answer).
    """

    def __init__(self, objects: ObjectStore) -> None:
        # A checkpoint registered elsewhere is honoured within CHECKPOINT_TTL_S, not a second:
        # one LIST per burst of reads instead of one per second of them. Safe while GC keeps
        # superseded segments longer (its grace is an hour). The client marks the store at
        # its first write (``DirectRemote.claim_cluster``), not here.
        super().__init__(objects, claim=False, checkpoint_ttl=CHECKPOINT_TTL_S)
        self._seen: dict[VolumeId, int] = {}
        self._records: OrderedDict[tuple[VolumeId, int], LogRecord] = OrderedDict()
        self._guard = threading.Lock()  # worker threads keep records concurrently
        self._pool = ThreadPoolExecutor(_PARALLEL_GETS, thread_name_prefix="graft-direct-get")

    def _keep(self, record: LogRecord) -> None:
        with self._guard:
            self._records[(record.vid, record.lsn)] = record
            self._seen[record.vid] = max(self._seen.get(record.vid, 0), record.lsn)
            while len(self._records) > _KEPT_RECORDS:
                self._records.popitem(last=False)

    def _fetch(self, vid: VolumeId, lsn: int) -> LogRecord | None:
        key = log_key(vid, lsn)
        try:
            record = decode_record(self.objects.get(key), key)
        except NotFoundError:
            return None
        self._keep(record)
        return record

    def _latest_direct(self, vid: VolumeId) -> int:
        latest = self._seen.get(vid)
        if latest is None:
            latest = self._newest(f"volumes/{vid}/log/")  # a LIST, once per volume
        while self._fetch(vid, latest + 1) is not None:
            latest += 1
        with self._guard:
            self._seen[vid] = max(self._seen.get(vid, 0), latest)
        return latest

    async def latest(self, vid: VolumeId) -> int:
        seen = self._seen.get(vid)
        if seen is not None and (_JUST_PROBED.get() or _COMMIT_BASE.get() == seen):
            return seen
        return await self._call(partial(self._latest_direct, vid))

    def _read_direct(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        with self._guard:
            kept = {lsn: self._records.get((vid, lsn)) for lsn in range(start, end + 1)}
        missing = [lsn for lsn, record in kept.items() if record is None]
        # A history read from the start is one GET per commit: in parallel, not in turn.
        context = contextvars.copy_context()  # so the GETs count for the volume in scope

        def fetch(lsn: int) -> LogRecord | None:
            return context.copy().run(self._fetch, vid, lsn)

        fetched = list(self._pool.map(fetch, missing))
        kept.update(zip(missing, fetched, strict=True))
        found: list[LogRecord] = []
        for lsn, record in kept.items():
            if record is None:
                raise CorruptDataError(f"commit record {log_key(vid, lsn)} is missing")
            found.append(record)
        return found

    async def read(self, vid: VolumeId, start: int, end: int) -> list[LogRecord]:
        return await self._call(partial(self._read_direct, vid, start, end))

    async def aclose(self) -> None:
        await super().aclose()
        self._pool.shutdown(wait=False)

    async def append(self, record: LogRecord) -> bool:
        won = await super().append(record)
        if won and record.kind == "commit":
            self._keep(record)
        return won
