"""SyncSession: blocking sync calls over a LocalState for the front (Client, Volume, readers).

It starts the sync runtime on first use (naming the missing server URLs when there are none),
owns autosync and the readers' prefetch state, and runs each operation on the runtime's loop.

The sync stack (the runtime, its event loop and HTTP clients, and the operations on it) is
imported on first use too: most processes that open a client never sync (a ``graft`` command
on a local volume, an app worker attached to the owner), and importing it took about 280 ms of
each one's start (measured with ``python -X importtime``).
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from graft_client.direct import RequestCounts
from graft_client.storage.pull import PullOutcome
from graft_client.storage.records import StoreRequests, SyncError, SyncMode
from graft_client.storage.state import LocalState
from graft_client.sync.keyrings import VolumeKeys
from graft_client.sync.observe import Progress, PushInfo
from graft_client.sync.prefetch import Prefetcher
from graft_core.crypto import Key
from graft_core.errors import (
    InvalidInputError,
    NoServersError,
    SnapshotNotFoundError,
)
from graft_core.ids import ClientId, VolumeId
from graft_core.types import LocalLSN, PageIdx

if TYPE_CHECKING:
    from graft_client.sync.autosync import AutoSync
    from graft_client.sync.runtime import SyncRuntime

__all__ = ["DIRECT_CACHE", "SyncSession"]

# Where a direct client caches segment frames, in its data dir.
DIRECT_CACHE = "direct-cache"

log = logging.getLogger(__name__)


class SyncSession:
    def __init__(
        self,
        state: LocalState,
        client_id: ClientId,
        *,
        metastore: str | None,
        pagestore: str | None,
        token: str | None,
        key: Key | None = None,
        remote: str | None = None,
    ) -> None:
        self.state = state
        self.remote = remote
        self.keys = VolumeKeys(key)
        self.client_id = client_id
        self.metastore = metastore
        self.pagestore = pagestore
        self._token = token
        self._runtime: SyncRuntime | None = None
        self._runtime_guard = threading.Lock()
        self._prefetchers: dict[VolumeId, Prefetcher] = {}
        self._prefetchers_guard = threading.Lock()
        self._autosync: AutoSync | None = None
        # Started and stopped from several threads: the owner's for each attached process
        # that asks, and the one that takes over (see ``shared.session``).
        self._autosync_guard = threading.Lock()
        # Request counts of the runtime already added to the stored ones.
        self._saved_requests: dict[VolumeId, RequestCounts] = {}
        state.add_commit_observer(self._committed)

    @property
    def has_remote(self) -> bool:
        return self.remote is not None or (
            self.metastore is not None and self.pagestore is not None
        )

    def adopt_servers(
        self, metastore: str | None, pagestore: str | None, token: str | None, remote: str | None
    ) -> bool:
        """Sync with these servers from now on, if this session has none (no runtime, then):
        whether it took them."""
        with self._runtime_guard:
            if self.has_remote or self._runtime is not None:
                return False
            self.metastore, self.pagestore, self._token, self.remote = (
                metastore,
                pagestore,
                token,
                remote,
            )
            return True

    def forget_servers(self) -> None:
        """Sync with no servers from now on (those adopted went with the process that lent
        them): autosync stops, the runtime closes (a sync under way is cut off, resumable)."""
        self.stop_autosync()
        with self._runtime_guard:
            if self._runtime is not None:
                self._save_requests()
                self._runtime.close()
                self._runtime = None
                self._saved_requests = {}
            self.metastore = self.pagestore = self._token = self.remote = None

    @property
    def runtime(self) -> SyncRuntime:
        """The sync runtime (event loop thread and HTTP clients), started on first use."""
        self.state.check_open()
        if not self.has_remote:
            missing = [name for name in ("metastore", "pagestore") if getattr(self, name) is None]
            what = "no servers" if len(missing) == 2 else f"no {missing[0]} URL"
            raise NoServersError(
                f"{what} configured: pass metastore= and pagestore= (or remote=) to Client "
                "(graft: --metastore and --pagestore, or --remote), set GRAFT_METASTORE and "
                "GRAFT_PAGESTORE (or GRAFT_REMOTE), or put them in graft.toml"
            )
        from graft_client.sync.runtime import SyncRuntime

        with self._runtime_guard:
            if self._runtime is None:
                self._runtime = SyncRuntime(
                    self.metastore,
                    self.pagestore,
                    self._token,
                    client_id=self.client_id,
                    keys=self.keys,
                    remote=self.remote,
                    cache_dir=self.state.data_dir / DIRECT_CACHE,
                )
            return self._runtime

    # --- autosync -----------------------------------------------------------------------------

    def start_autosync(self, *, wait_ms: int = 10_000) -> None:
        from graft_client.sync.autosync import AutoSync

        with self._autosync_guard:
            if self._autosync is None:
                self._autosync = AutoSync(self.state, self.runtime, wait_ms=wait_ms)
                self._autosync.start()

    @property
    def autosync_running(self) -> bool:
        return self._autosync is not None

    @property
    def owner_has_remote(self) -> bool:
        """Whether the process that syncs for the data dir (its owner) has servers."""
        return self.has_remote

    def push_state(self, vid: VolumeId) -> tuple[bool, int]:
        """Whether a push of ``vid`` runs now, and how many began so far (pushes run in the
        process owning the data dir): a push under way looks cut off (``INTERRUPTED_PUSH``)
        until it ends, so a status that read it asks before and after (``status``)."""
        runtime = self._runtime
        return (False, 0) if runtime is None else runtime.push_state(vid)

    def stop_autosync(self) -> None:
        # Stopped whole under the guard: a close waits for it before it closes the runtime,
        # which would cancel the autosync a stop waits for (the stop then failed).
        with self._autosync_guard:
            if self._autosync is not None:
                self._autosync.stop()
                self._autosync = None

    def _committed(self, vid: VolumeId) -> None:
        autosync = self._autosync
        if autosync is not None:
            autosync.notify_commit(vid)

    # --- operations ---------------------------------------------------------------------------

    def clone(self, vid: VolumeId, sync: SyncMode, *, encrypt_local: bool = False) -> None:
        """Start following the remote volume ``vid`` (``VolumeNotFoundError`` if the servers
        lack it): create it locally and pull its latest snapshot. ``encrypt_local``: keep an
        encrypted volume's pages sealed here too (``InvalidInputError`` for a plain one)."""
        from graft_client.sync import cluster

        runtime = self.runtime
        # An encrypted volume's keyring comes with its latest commit: without a key that opens
        # it, the clone fails here with one clear error, before anything is stored.
        ring = runtime.call(self.keys.remote, runtime.metastore, vid)
        if ring is None and encrypt_local:
            raise InvalidInputError(f"volume {vid} is not encrypted: it cannot be sealed at rest")
        keyring = b"" if ring is None else ring.encode()
        # Nor before servers that are not a metastore and a pagestore of one cluster.
        runtime.call(cluster.checked_clusters, self.state, runtime, vid)
        self.state.create_volume(vid, sync, keyring, encrypt_local=encrypt_local)
        self.pull(vid)
        log.info("cloned volume %s", vid)

    def resume_in_background(self, vid: VolumeId) -> None:
        """Finish a push a crash or an outage cut off, in the background, if there is one."""
        if self.has_remote and self.state.push_pending(vid):
            from graft_client.sync import push

            runtime = self.runtime
            runtime.portal.start_task_soon(push.resume_interrupted_push, self.state, runtime, vid)

    def push(self, vid: VolumeId, progress: Progress | None = None) -> PushInfo | None:
        from graft_client.sync import push

        runtime = self.runtime
        return runtime.call(push.push, self.state, runtime, vid, progress)

    def pull(self, vid: VolumeId, wait_ms: int = 0) -> PullOutcome:
        from graft_client.sync import pull

        runtime = self.runtime
        return runtime.call(pull.pull, self.state, runtime, vid, wait_ms)

    def reset_to_remote(self, vid: VolumeId) -> None:
        from graft_client.sync import pull

        runtime = self.runtime
        runtime.call(pull.reset_to_remote, self.state, runtime, vid)

    def fetch_all(self, vid: VolumeId, progress: Progress | None = None) -> int:
        """Fetch every PENDING page of the latest snapshot, and in a fork whose parent is not
        here every page it inherits; how many were fetched."""
        from graft_client.sync import fetch
        from graft_client.sync.runtime import PAGES_PER_REQUEST

        runtime = self.runtime
        pending = self.state.pending_pages(vid)
        inherited = self._remote_inherited(vid)
        total = sum(len(idxs) for idxs in pending.values()) + len(inherited)
        done = fetched = 0
        for lsn, idxs in pending.items():
            for start in range(0, len(idxs), PAGES_PER_REQUEST):
                chunk = idxs[start : start + PAGES_PER_REQUEST]
                fetched += len(runtime.call(fetch.fetch, self.state, runtime, vid, lsn, chunk))
                done += len(chunk)
                if progress is not None:
                    progress(done, total)
        order = sorted(inherited)
        for start in range(0, len(order), PAGES_PER_REQUEST):
            places = {idx: inherited[idx] for idx in order[start : start + PAGES_PER_REQUEST]}
            fetched += len(runtime.call(fetch.fetch_inherited, self.state, runtime, vid, places))
            done += len(places)
            if progress is not None:
                progress(done, total)
        return fetched

    def _remote_inherited(self, vid: VolumeId) -> dict[PageIdx, LocalLSN]:
        """The pages of the latest snapshot of fork ``vid`` read through its origin, when the
        parent is not on this device (else they are read from the parent's local copy)."""
        origin = self.state.origin(vid)
        snapshot = self.state.snapshot(vid)
        if origin is None or snapshot is None or self.state.has_volume(VolumeId(origin.parent)):
            return {}
        last = min(snapshot.page_count, origin.page_count)
        return self.state.inherited_batch(vid, snapshot.lsn, range(1, last + 1))

    def fetch_inherited(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        """Fetch a page the fork ``vid`` inherits (and likely neighbours inherited too)."""
        from graft_client.sync import fetch

        runtime = self.runtime
        with self._prefetchers_guard:
            prefetcher = self._prefetchers.setdefault(vid, Prefetcher())
        window = prefetcher.window(pageidx, page_count)
        batch = self.state.inherited_batch(vid, lsn, window)
        assert pageidx in batch, "only an inherited page is fetched through the origin"
        pages = runtime.call(fetch.fetch_inherited, self.state, runtime, vid, batch)
        return _fetched(pages, vid, pageidx, lsn)

    def fork(self, vid: VolumeId, parent: VolumeId, lsn: int, keyring: bytes = b"") -> None:
        """Record on the metastore that ``vid`` is a fork of ``parent`` at remote ``lsn``
        (with ``keyring``, its wrapped data keys, if it is encrypted)."""
        runtime = self.runtime
        runtime.call(runtime.metastore.fork, vid, self.client_id, parent, lsn, keyring)

    def fetch_pending(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        """Fetch a PENDING page (and likely neighbours of the same version) from the pagestore."""
        from graft_client.sync import fetch

        runtime = self.runtime
        with self._prefetchers_guard:
            prefetcher = self._prefetchers.setdefault(vid, Prefetcher())
        window = prefetcher.window(pageidx, page_count)
        version_lsn, batch = self.state.pending_batch(vid, pageidx, lsn, window)
        pages = runtime.call(fetch.fetch, self.state, runtime, vid, version_lsn, batch)
        return _fetched(pages, vid, pageidx, lsn)

    # --- what happened ------------------------------------------------------------------------

    def recent_errors(self, vid: VolumeId) -> list[SyncError]:
        """This process's recent sync errors of the volume, oldest first."""
        return [] if self._runtime is None else self._runtime.errors.recent(vid)

    def requests(self, vid: VolumeId) -> RequestCounts:
        """Object-store requests direct mode made for the volume from this data dir: those
        stored when an owner closed it, and this process's since."""
        stored = self.state.store_requests(vid)
        return RequestCounts(stored.puts, stored.gets, stored.lists) + self._unsaved_requests().get(
            vid, RequestCounts()
        )

    def _unsaved_requests(self) -> dict[VolumeId, RequestCounts]:
        runtime = self._runtime
        if runtime is None:
            return {}
        saved = self._saved_requests
        return {
            vid: counts - saved.get(vid, RequestCounts())
            for vid, counts in runtime.requests().items()
        }

    def _save_requests(self) -> None:
        """Store this process's request counts (statistics, kept across restarts)."""
        for vid, unsaved in self._unsaved_requests().items():
            if unsaved.total:
                more = StoreRequests(unsaved.puts, unsaved.gets, unsaved.lists)
                self.state.add_store_requests(vid, more)
                self._saved_requests[vid] = self._saved_requests.get(vid, RequestCounts()) + unsaved

    def last_sync_ms(self, vid: VolumeId) -> int | None:
        return None if self._runtime is None else self._runtime.errors.last_success_ms(vid)

    def forget(self, vid: VolumeId) -> None:
        """Drop what this session keeps about ``vid`` (a volume deleted locally)."""
        with self._prefetchers_guard:
            self._prefetchers.pop(vid, None)

    def close(self) -> None:
        """Stop autosync and the runtime; running sync steps are cancelled (all are crash-safe)."""
        self.stop_autosync()
        if self._runtime is not None:
            self._save_requests()
            self._runtime.close()
            self._runtime = None


def _fetched(pages: dict[PageIdx, bytes], vid: VolumeId, pageidx: int, lsn: int) -> bytes:
    """The fetched page, which a fetch leaves out when compaction dropped what it reads."""
    found = pages.get(PageIdx(pageidx))
    if found is None:
        raise SnapshotNotFoundError(
            f"page {pageidx} of volume {vid} at local LSN {lsn} changed after the remote LSN "
            "it is read at, which the servers no longer retain (compacted); pull and read a "
            "newer snapshot"
        )
    return found
