"""SharedSession: the sync calls of an attached process run in the owner, which syncs for
every process of the device (one runtime, one autosync); in the owner it is the SyncSession."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import astuple
from functools import partial
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from graft_client.direct import RequestCounts
from graft_client.shared.link import OwnerLink
from graft_client.shared.node import SharedDir
from graft_client.shared.state import SharedState
from graft_client.storage.pull import PullOutcome
from graft_client.storage.records import SyncError, SyncMode, decode, encode
from graft_client.sync.observe import Progress, PushInfo
from graft_client.sync.session import SyncSession
from graft_core.crypto import Key
from graft_core.errors import InvalidInputError
from graft_core.ids import ClientId, VolumeId
from graft_core.types import LSN, LocalLSN, PageCount, RemoteLSN, Snapshot

__all__ = ["SharedSession", "key_from_wire", "push_to_wire"]

log = logging.getLogger(__name__)


def _servers(*urls: str | None) -> list[str]:
    """A process's servers (metastore, pagestore, remote) as compared: those set, named, their
    scheme and host in lower case (as URLs compare) and without a trailing slash."""
    named = zip(("metastore", "pagestore", "remote"), urls, strict=True)
    return [f"{name} {_spelled(url)}" for name, url in named if url]


def _spelled(url: str) -> str:
    scheme, netloc, path, query, fragment = urlsplit(url.rstrip("/"))
    return urlunsplit((scheme.lower(), netloc.lower(), path, query, fragment))


def _named(servers: list[str]) -> str:
    return ", ".join(servers)


class SharedSession(SyncSession):
    def __init__(
        self,
        state: SharedState,
        shared: SharedDir,
        client_id: ClientId,
        *,
        metastore: str | None,
        pagestore: str | None,
        token: str | None,
        key: Key | None = None,
        remote: str | None = None,
    ) -> None:
        super().__init__(
            state,
            client_id,
            metastore=metastore,
            pagestore=pagestore,
            token=token,
            key=key,
            remote=remote,
        )
        self._shared = shared
        self._autosync_wait_ms: int | None = None  # asked for; runs where the owner is
        # Attached: the KEKs this process gave the owner (and gives the next one), by volume,
        # with whether each was given for that volume.
        self._shared_keys: dict[VolumeId, tuple[Key, bool]] = {}
        self._keys_guard = threading.Lock()

    # --- keys ------------------------------------------------------------------------------

    def share_key(self, vid: VolumeId, *, given: bool) -> None:
        """Attached: give the owner this process's KEK of ``vid``, if it has one: the owner
        seals the pages this process pushes and opens those it fetches. ``given``: the key was
        given for this volume (``open_volume(key=)``, ``create_volume(encryption=)``), so it
        replaces any the owner holds for it; else (the client's key) it fills in only.

        The owner holds it in memory until it exits; only this user's processes attach
        (``OwnerServer`` checks the peer's uid, ``connect`` the owner's)."""
        kek = self.keys.kek(vid)
        if kek is None or self._shared.is_owner:
            return
        with self._keys_guard:
            if self._shared_keys.get(vid) == (kek, given):
                return
            self._shared_keys[vid] = (kek, given)
        self._shared.call(lambda: None, "key", bytes(vid), *key_to_wire(kek), given)

    def reattach(self, link: OwnerLink) -> None:
        """A new owner: give it the keys the last one had from this process, and ask it to
        sync if this process asked the last one (an attached daemon synced no more after a
        takeover that another process won)."""
        with self._keys_guard:
            shared = list(self._shared_keys.items())
        for vid, (kek, given) in shared:
            link.call("key", bytes(vid), *key_to_wire(kek), given)
        if self._autosync_wait_ms is None:
            return
        try:
            if self.has_remote:
                self._servers_agreed(link.call)
            link.call("autosync", self._autosync_wait_ms)
        except InvalidInputError as exc:  # an owner without servers, or with others
            log.warning("%s; this process's autosync waits for another owner", exc)

    def _syncing(self, local: Callable[[], Any], op: str, *args: Any, retry: bool = True) -> Any:
        """``op``, which syncs, run here (the owner) or by the owner, which syncs for every
        process of the data dir (with this process's servers, if it has some, see
        ``_servers_agreed``)."""
        if self.has_remote and not self._shared.is_owner:
            urls = [self.metastore, self.pagestore, self.remote]
            self._servers_agreed(lambda op, *args: self._shared.call(lambda: urls, op, *args))
        return self._shared.call(local, op, *args, retry=retry)

    def _servers_agreed(self, call: Callable[..., Any]) -> None:
        """Attached, given servers: the owner (asked through ``call(op, *args)``) syncs with
        the same ones, or with these from now on if it had none (lent: an app opened without
        servers took over from the daemon, or was started first, and nothing synced);
        ``InvalidInputError`` if it syncs with others (a push given another cluster's URLs
        went to the owner's servers and said it pushed)."""
        mine = _servers(self.metastore, self.pagestore, self.remote)
        theirs = _servers(*call("servers"))
        if not theirs:
            lent = [self.metastore, self.pagestore, self._token, self.remote]
            theirs = _servers(*call("lend", lent))
        if theirs != mine:
            raise InvalidInputError(
                f"this process was given {_named(mine)}, but the process that owns data dir "
                f"{self.state.data_dir} (pid {self._shared.owner_pid}), which syncs for every "
                f"process of it, syncs with {_named(theirs)}: give this process the same "
                "servers, or none (it then syncs through the owner's)"
            )

    def push(self, vid: VolumeId, progress: Progress | None = None) -> PushInfo | None:
        here: list[bool] = []

        def local() -> list[Any] | None:
            here.append(True)  # the progress is told as the pages go
            return push_to_wire(SyncSession.push(self, vid, progress))

        found = self._syncing(local, "push", bytes(vid))
        if found is None:
            return None
        remote_lsn, local_lsn, pages, resumed = found
        if progress is not None and not here:
            progress(pages, pages)  # pushed by the owner: all at once
        return PushInfo(RemoteLSN(LSN(remote_lsn)), LocalLSN(LSN(local_lsn)), pages, resumed)

    def pull(self, vid: VolumeId, wait_ms: int = 0) -> PullOutcome:
        local = partial(SyncSession.pull, self, vid, wait_ms)
        return PullOutcome(self._syncing(local, "pull", bytes(vid), wait_ms))

    def reset_to_remote(self, vid: VolumeId) -> None:
        local = partial(SyncSession.reset_to_remote, self, vid)
        self._syncing(local, "reset", bytes(vid), retry=False)

    def fetch_all(self, vid: VolumeId, progress: Progress | None = None) -> int:
        here: list[bool] = []

        def local() -> int:
            here.append(True)  # the progress is told as the pages go
            return SyncSession.fetch_all(self, vid, progress)

        fetched = int(self._syncing(local, "fetch_all", bytes(vid)))
        if progress is not None and not here:
            progress(fetched, fetched)  # fetched by the owner: all at once
        return fetched

    def fetch_pending(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        local = partial(self.fetched_page, vid, pageidx, lsn, page_count)
        found: bytes = self._shared.call(
            local, "fetch_pending", bytes(vid), pageidx, lsn, page_count
        )
        return found

    def fetch_inherited(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        local = partial(self.inherited_page, vid, pageidx, lsn, page_count)
        found: bytes = self._shared.call(
            local, "fetch_inherited", bytes(vid), pageidx, lsn, page_count
        )
        return found

    # A reader that found a page PENDING (or inherited) may read a secondary instance that is
    # behind: the owner may have fetched the page since (for this reader's neighbours, or
    # another process). So the owner reads the page at the reader's snapshot, fetching it if
    # it still has to.

    def fetched_page(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        """Owner: page ``pageidx`` of the pinned snapshot at ``lsn``, fetched if PENDING."""
        snapshot = Snapshot(vid, LSN(lsn), PageCount(page_count))
        fetch = partial(SyncSession.fetch_pending, self, vid)
        return self.state.read_page(vid, snapshot, pageidx, fetch)

    def inherited_page(self, vid: VolumeId, pageidx: int, lsn: int, page_count: int) -> bytes:
        """Owner: a page the fork ``vid`` inherits at ``lsn``, fetched through its origin from
        the servers if not yet."""
        snapshot = Snapshot(vid, LSN(lsn), PageCount(page_count))
        fetch = partial(SyncSession.fetch_pending, self, vid)
        return self.state.read_page(vid, snapshot, pageidx, fetch, _FromServers(self, vid))

    def fork(self, vid: VolumeId, parent: VolumeId, lsn: int, keyring: bytes = b"") -> None:
        if keyring:  # the owner seals the fork's pages: it needs the parent's KEK for it
            self.share_key(vid, given=True)
        local = partial(SyncSession.fork, self, vid, parent, lsn, keyring)
        self._syncing(local, "fork", bytes(vid), bytes(parent), lsn, keyring, retry=False)

    def clone(self, vid: VolumeId, sync: SyncMode, *, encrypt_local: bool = False) -> None:
        local = partial(SyncSession.clone, self, vid, sync, encrypt_local=encrypt_local)
        self._syncing(local, "clone", bytes(vid), sync.value, encrypt_local)

    def resume_in_background(self, vid: VolumeId) -> None:
        local = partial(SyncSession.resume_in_background, self, vid)
        self._shared.call(local, "resume", bytes(vid))

    def resume_all(self) -> None:
        """After taking over: finish the pushes the last owner left cut off."""
        for vid in self.state.vids():
            super().resume_in_background(vid)

    def start_autosync(self, *, wait_ms: int = 10_000) -> None:
        self._autosync_wait_ms = wait_ms
        for vid in self.state.vids():  # the owner syncs them for this process from now on
            self.share_key(vid, given=False)
        local = partial(SyncSession.start_autosync, self, wait_ms=wait_ms)
        self._syncing(local, "autosync", wait_ms)

    @property
    def autosync_running(self) -> bool:
        return bool(self._shared.call(lambda: self._autosync is not None, "autosync_running"))

    @property
    def owner_has_remote(self) -> bool:
        return bool(self._shared.call(lambda: self.has_remote, "has_remote"))

    def push_state(self, vid: VolumeId) -> tuple[bool, int]:
        local = partial(SyncSession.push_state, self, vid)
        running, begun = self._shared.call(lambda: list(local()), "push_state", bytes(vid))
        return bool(running), int(begun)

    @property
    def autosync_wanted(self) -> int | None:
        """The ``wait_ms`` this process started autosync with, until it stops it."""
        return self._autosync_wait_ms

    def stop_autosync(self) -> None:
        self._autosync_wait_ms = None
        if self._shared.is_owner:
            super().stop_autosync()
        # Attached: the owner stops it when this process's connection drops (or closes).

    def became_owner(self) -> None:
        """Take over what the last owner did for this process and the others: interrupted
        pushes, and autosync if this process had asked for it."""
        if self.has_remote:
            self.resume_all()
        if self._autosync_wait_ms is not None:
            super().start_autosync(wait_ms=self._autosync_wait_ms)

    def recent_errors(self, vid: VolumeId) -> list[SyncError]:
        local = partial(SyncSession.recent_errors, self, vid)
        found = self._shared.call(lambda: [encode(e) for e in local()], "errors", bytes(vid))
        return [decode(raw, SyncError) for raw in found]

    def requests(self, vid: VolumeId) -> RequestCounts:
        """The object-store requests of the owner's runtime for the volume (it syncs for every
        process of the device)."""
        local = partial(SyncSession.requests, self, vid)
        found = self._shared.call(lambda: list(astuple(local())), "requests", bytes(vid))
        return RequestCounts(*found)

    def last_sync_ms(self, vid: VolumeId) -> int | None:
        local = partial(SyncSession.last_sync_ms, self, vid)
        found = self._shared.call(local, "last_sync_ms", bytes(vid))
        return None if found is None else int(found)


class _FromServers:
    """The ``Inheritor`` of the owner's read for a reader whose fork's parent is not here."""

    def __init__(self, session: SyncSession, vid: VolumeId) -> None:
        self._session = session
        self._vid = vid

    def read(self, pageidx: int, lsn: int, page_count: int) -> bytes:
        return SyncSession.fetch_inherited(self._session, self._vid, pageidx, lsn, page_count)

    def close(self) -> None:
        return None


def key_to_wire(kek: Key) -> tuple[bytes | None, str | None]:
    raw, passphrase = kek.__getstate__()
    return raw, passphrase


def key_from_wire(raw: bytes | None, passphrase: str | None) -> Key:
    if raw is not None:
        return Key.from_bytes(raw)
    assert passphrase is not None, "a key is raw bytes or a passphrase"
    return Key.from_passphrase(passphrase)


def push_to_wire(info: PushInfo | None) -> list[Any] | None:
    if info is None:
        return None
    return [info.remote_lsn, info.local_lsn, info.pages, info.resumed]
