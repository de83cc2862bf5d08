"""LiteClient: read any page of any volume at any retained LSN, with no local state.

A batch costs at most two round trips: the metastore's snapshot (only when no LSN is given)
and one ``read_pages`` to the pagestore (one per 1024 pages for larger batches).

An LSN below the servers' retention horizon (compaction dropped it) is ``SnapshotNotFoundError``:
a lite client has no record of which pages changed since, so it never substitutes another LSN.
Reads of the latest snapshot take the new latest if a compaction drops theirs meanwhile.

An encrypted volume (DESIGN 13) needs the key-encryption key (``key=``, else ``GRAFT_KEY``,
``GRAFT_KEY_FILE`` or ``GRAFT_PASSPHRASE``): its keyring comes with its latest commit, and each
page is checked to be sealed for its volume and position, at or below the LSN read. The latest
LSN a lite client has seen of a volume only grows: an older one served as latest is refused.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from graft_client.sync.keyrings import VolumeKeys
from graft_client.sync.runtime import SyncRuntime
from graft_client.sync.sealing import key_ids, open_pages
from graft_core.audit import audit_digest
from graft_core.closing import Closing
from graft_core.crypto import Key, Keyring
from graft_core.errors import IntegrityError, InvalidInputError, SnapshotNotFoundError
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.settings import Settings
from graft_core.types import EMPTY_PAGE, LSN, PageCount, Snapshot, check_lsn, check_pageidx
from graft_core.wire import MAX_READ_PAGES

__all__ = ["LiteClient"]

# Reads of the latest snapshot that a concurrent compaction may drop before they are served.
_LATEST_ATTEMPTS = 3


def _volume_id(vid: VolumeId | str) -> VolumeId:
    return VolumeId.parse(vid) if isinstance(vid, str) else vid


class LiteClient(Closing):
    """Settings not given come from the environment, then the config file (``config``, else
    ``graft.toml`` in the data directory), as ``graft_core.settings`` describes; the data
    directory serves only to find that file."""

    def __init__(
        self,
        metastore: str | None = None,
        pagestore: str | None = None,
        token: str | None = None,
        *,
        data_dir: str | os.PathLike[str] | None = None,
        config: str | os.PathLike[str] | None = None,
        key: Key | None = None,
        remote: str | None = None,
    ) -> None:
        settings = Settings.resolve(
            data_dir=data_dir,
            metastore=metastore,
            pagestore=pagestore,
            token=token,
            config=config,
            remote=remote,
        )
        direct = settings.remote is not None
        if not direct and (settings.metastore is None or settings.pagestore is None):
            raise InvalidInputError(
                "LiteClient needs metastore and pagestore URLs, or a remote: pass them, set "
                "GRAFT_METASTORE and GRAFT_PAGESTORE (or GRAFT_REMOTE), or put them in graft.toml"
            )
        keys = VolumeKeys(key if key is not None else Key.from_env())
        self._runtime = SyncRuntime(
            settings.metastore,
            settings.pagestore,
            settings.token,
            keys=keys,
            remote=settings.remote,
        )
        self._rings: dict[VolumeId, Keyring | None] = {}
        self._seen: dict[VolumeId, int] = {}

    @property
    def runtime(self) -> SyncRuntime:
        """The event loop thread and the metastore and pagestore clients this client reads with."""
        return self._runtime

    def snapshot(self, vid: VolumeId | str, lsn: int | None = None) -> Snapshot:
        """The latest snapshot, or the one at ``lsn``; ``NotFoundError`` if there is none."""
        volume_id = _volume_id(vid)
        checked = None if lsn is None else check_lsn(lsn)
        info = self._runtime.call(self._runtime.metastore.snapshot, volume_id, checked)
        if lsn is None:
            seen = self._seen.get(volume_id, 0)
            if info.lsn < seen:
                raise IntegrityError(
                    f"the metastore answers latest LSN {info.lsn} for {volume_id}, but this "
                    f"client has seen LSN {seen}: refusing a rolled-back history"
                )
            self._seen[volume_id] = info.lsn
        return Snapshot(info.vid, LSN(info.lsn), PageCount(info.page_count))

    def read_many(
        self, vid: VolumeId | str, pageidxs: Iterable[int], lsn: int | None = None
    ) -> dict[int, bytes]:
        """Every requested page at ``lsn`` (default: the latest); pages never written are zeros."""
        volume_id = _volume_id(vid)
        wanted = Graft(check_pageidx(idx) for idx in pageidxs)
        if lsn is not None:
            return self._read_at(volume_id, check_lsn(lsn), wanted)
        for _ in range(_LATEST_ATTEMPTS - 1):
            try:
                return self._read_at(volume_id, self.snapshot(volume_id).lsn, wanted)
            except SnapshotNotFoundError:
                pass  # newer commits and a compaction dropped it meanwhile: take the new latest
        return self._read_at(volume_id, self.snapshot(volume_id).lsn, wanted)

    def _read_at(self, vid: VolumeId, lsn: int, wanted: Graft) -> dict[int, bytes]:
        runtime = self._runtime
        found, sealed = runtime.call(runtime.pagestore.read_stored, vid, lsn, wanted)
        if sealed:
            found = open_pages(self._keyring(vid, key_ids(found.values())), vid, found, 1, lsn)
        elif found and self._rings.get(vid) is not None:
            raise IntegrityError(f"the pagestore serves plain pages of {vid}, an encrypted volume")
        return {idx: found.get(idx, EMPTY_PAGE) for idx in wanted}

    def _keyring(self, vid: VolumeId, needed: set[int]) -> Keyring:
        """The volume's keyring, read again from its latest commit if it lacks a needed key."""
        ring = self._rings.get(vid)
        if ring is None or not needed <= set(ring.key_ids):
            runtime = self._runtime
            ring = runtime.call(runtime.keys.remote, runtime.metastore, vid)
            if ring is None:
                raise IntegrityError(f"the pagestore serves sealed pages of {vid}, a plain volume")
            self._rings[vid] = ring
        return ring

    def read(self, vid: VolumeId | str, pageidx: int, lsn: int | None = None) -> bytes:
        return self.read_many(vid, [pageidx], lsn)[pageidx]

    def checksum(self, vid: VolumeId | str, lsn: int | None = None) -> tuple[Snapshot, str]:
        """The audit digest (``graft_core.audit``) of the snapshot at ``lsn`` (default: the
        latest), computed from the servers' pages, with that snapshot."""
        snapshot = self.snapshot(vid, lsn)
        pages = self._pages(snapshot.vid, snapshot.lsn, snapshot.page_count)
        return snapshot, audit_digest(snapshot.page_count, pages)

    def _pages(self, vid: VolumeId, lsn: int, page_count: int) -> Iterator[bytes]:
        for first in range(1, page_count + 1, MAX_READ_PAGES):
            wanted = range(first, min(page_count, first + MAX_READ_PAGES - 1) + 1)
            found = self._read_at(vid, lsn, Graft(wanted))
            yield from (found[idx] for idx in wanted)

    def close(self) -> None:
        self._runtime.close()
