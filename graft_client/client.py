"""Client: owns a data directory (one RocksDB) and the volumes in it."""

from __future__ import annotations

import ctypes
import logging
import os
import threading
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from graft_client.shared import OwnerService, SharedDir, SharedSession, SharedState
from graft_client.shared.leases import WriterLeases
from graft_client.shared.leasewords import LEASE_WORDS, LeaseWords
from graft_client.shared.link import OwnerLink
from graft_client.shared.node import Roles
from graft_client.shared.state import REPIN_GRACE_S
from graft_client.storage.reclaim import ReclaimStats
from graft_client.storage.records import SyncMode, parse_sync_mode
from graft_client.storage.tags import check_tag, check_tag_free, is_tag_shaped, unknown_tag
from graft_client.volume import Volume, VolumeInfo
from graft_core.closing import Closing
from graft_core.crypto import Key
from graft_core.errors import (
    InvalidInputError,
    KeyRequiredError,
    StorageError,
    UnknownTagError,
    VolumeNotFoundError,
)
from graft_core.failpoints import failpoint
from graft_core.ids import ClientId, VolumeId
from graft_core.settings import Settings

if TYPE_CHECKING:
    from graft_client.sync.runtime import SyncRuntime

__all__ = ["Client"]

log = logging.getLogger(__name__)

# The clients open in this process, which a child forked from it inherits (``_forked``).
_open_clients: weakref.WeakSet[Client] = weakref.WeakSet()


def _forked() -> None:
    parent = os.getppid()
    for client in list(_open_clients):
        client.abandon(
            f"this client was opened by pid {parent}, which this process was forked from, and "
            "stays that process's: a Client does not survive fork(); open one in this process "
            "(with gunicorn: not under --preload, or in a post_fork hook)"
        )
    _open_clients.clear()


os.register_at_fork(after_in_child=_forked)


class Client(Closing):
    """The library entry point.

    ``data_dir`` defaults to ``$GRAFT_DIR`` or a per-user directory. Any number of clients, in
    this or other processes, may open it at once: the first owns it (its database and its sync)
    and serves the others, which attach; when the owner closes or dies, one of them takes
    over. ``keep_commits`` is how many recent local snapshots stay readable
    (``$GRAFT_KEEP_COMMITS``, default 64); older page versions are reclaimed automatically.
    It syncs through the servers at ``metastore`` and ``pagestore``, or, given ``remote`` (an
    object store URL: ``s3://bucket/prefix``, ``file:///path``, ``memory://name``), straight
    with that store, no servers (direct mode).
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        metastore: str | None = None,
        pagestore: str | None = None,
        token: str | None = None,
        client_id: ClientId | str | None = None,
        keep_commits: int | None = None,
        config: str | os.PathLike[str] | None = None,
        key: Key | None = None,
        remote: str | None = None,
        _kept: int | None = None,
    ) -> None:
        """``_kept``: the data dir's lock, which this process kept as its last client there
        closed (``reopen``): this client takes it over, and releases it if it fails first."""
        try:
            settings = Settings.resolve(
                data_dir=data_dir,
                metastore=metastore,
                pagestore=pagestore,
                token=token,
                keep_commits=keep_commits,
                config=config,
                remote=remote,
            )
            wanted_id = ClientId.parse(client_id) if isinstance(client_id, str) else client_id
            key = key if key is not None else Key.from_env()
        except BaseException:
            if _kept is not None:
                os.close(_kept)
            raise
        self._settings, self._key = settings, key
        self.data_dir = settings.data_dir
        self.keep_commits = settings.keep_commits
        self.metastore = settings.metastore
        self.pagestore = settings.pagestore
        self.remote = settings.remote
        self.token = settings.token
        if _kept is None:
            _make_data_dir(self.data_dir)
        self.shared = SharedDir(self.data_dir, _kept)
        try:
            self.state = SharedState(self.data_dir, self.keep_commits, self.shared)
        except BaseException:
            self.shared.close()
            self.shared.release()
            raise
        try:
            self.client_id = self.state.load_client_id(wanted_id)
        except BaseException:
            self._close_storage()
            raise
        self.session = SharedSession(
            self.state,
            self.shared,
            self.client_id,
            metastore=self.metastore,
            pagestore=self.pagestore,
            token=self.token,
            key=key,
            remote=self.remote,
        )
        self.state.ciphers = self.session.keys.local_cipher
        words = LeaseWords(self.data_dir / LEASE_WORDS)
        self.leases = WriterLeases(self.shared, self.state.latest_lsn, words)
        self.state.leases = self.leases
        if _kept is not None:
            # The attached processes come back as to a new owner after a takeover: they pin
            # their readers' snapshots again and take back their writer leases.
            self.state.defer_reclaim(REPIN_GRACE_S)
            self.leases.promote()
        service = OwnerService(self.state, self.session, self.leases)
        self.state.pins_by_pid = service.pins_by_pid
        self.shared.serve(
            Roles(self._take_over, self._reattach, service.handle, service.dropped, service.slow)
        )
        self._inherited = False
        _open_clients.add(self)
        role = "owner" if self.is_owner else f"attached to pid {self.owner_pid}"
        log.debug("opened client %s at %s (%s)", self.client_id, self.data_dir, role)

    def reopen(self) -> Client:
        """Close this client and open its data dir again, with the same settings and client
        id: what makes local storage that refuses writes since the disk filled up take them
        again (once space is free). An owner keeps the data dir meanwhile: the attached
        processes wait for it, and none takes over. This client's volumes, readers, writers
        and SQLite VFS stop working; take new ones from the client returned. Closing a client
        whose storage refuses writes fails (the error is logged) and closes it all the same.
        """
        kept = None if self._inherited else self.shared.keep_lock()
        try:
            try:
                self.close()
            except StorageError as exc:
                log.warning("closing the client of %s before it reopens: %s", self.data_dir, exc)
            failpoint("client.reopen.closed")
            settings = self._settings
            opening, kept = kept, None  # the new client's from here on, if it fails too
            reopened = Client(
                settings.data_dir,
                metastore=settings.metastore,
                pagestore=settings.pagestore,
                token=settings.token,
                client_id=self.client_id,
                keep_commits=settings.keep_commits,
                config=settings.config_file,
                key=self._key,
                remote=settings.remote,
                _kept=opening,
            )
        finally:
            if kept is not None:
                os.close(kept)
        return reopened

    @property
    def is_owner(self) -> bool:
        """Whether this process owns the data dir (else it is attached to the owner)."""
        return self.shared.is_owner

    @property
    def owner_pid(self) -> int:
        """The pid of the process that owns the data dir (this one's if ``is_owner``)."""
        return self.shared.owner_pid

    def _take_over(self) -> None:
        self.state.promote()
        self.leases.promote()
        # Starting the sync runtime takes a while: the others need not wait for it to attach.
        threading.Thread(
            target=self.session.became_owner, name="graft-took-over", daemon=True
        ).start()

    def _reattach(self, link: OwnerLink) -> None:
        self.state.reattach(link)
        self.leases.reattach(link)
        self.session.reattach(link)

    @property
    def has_remote(self) -> bool:
        return self.session.has_remote

    @property
    def runtime(self) -> SyncRuntime:
        """The sync runtime (event loop thread and HTTP clients), started on first use."""
        return self.session.runtime

    def start_autosync(self, *, wait_ms: int = 10_000) -> None:
        """Sync every volume whose sync mode is not ``disabled`` in the background until close()."""
        self.session.start_autosync(wait_ms=wait_ms)

    @property
    def autosync_running(self) -> bool:
        return self.session.autosync_running

    def stop_autosync(self) -> None:
        self.session.stop_autosync()

    def resolve(self, vid: VolumeId | str) -> VolumeId:
        """The volume ``vid`` names: a VolumeId, its text, or a tag of this data directory.

        ``UnknownTagError`` for text that is neither an id nor a tag here.
        """
        if isinstance(vid, VolumeId):
            return vid
        if not isinstance(vid, str):
            raise InvalidInputError(f"expected a VolumeId or a tag, got {type(vid).__name__}")
        if not is_tag_shaped(vid):
            return VolumeId.parse(vid)
        tagged = self.state.tagged(vid)
        if tagged is None:
            raise unknown_tag(vid, self.data_dir)
        return tagged

    def tag(self, name: str, vid: VolumeId | str, *, move: bool = True) -> VolumeId:
        """Name volume ``vid`` ``name`` in this data directory (a tag moves if it existed;
        with ``move=False`` a tag naming another volume is ``TagInUseError`` instead).

        The volume need not be here: opening the tag clones it from the servers. Names are
        letters, digits, '.', '_' and '-', and never shaped like an id (``InvalidTagError``).
        """
        name = check_tag(name)
        volume_id = self.resolve(vid)
        self.state.tag(name, volume_id, move=move)
        log.info("tagged volume %s as %s", volume_id, name)
        return volume_id

    def check_tag_free(self, name: str, vid: VolumeId | None = None) -> None:
        """``TagInUseError`` if tag ``name`` names a volume other than ``vid``: a command that
        makes a volume and tags it checks this first, so a refusal leaves nothing made."""
        name = check_tag(name)
        check_tag_free(name, self.state.tagged(name), vid)

    def untag(self, name: str) -> VolumeId:
        """Remove tag ``name`` (the volume stays); the volume it named."""
        volume_id = self.state.tagged(check_tag(name))
        if volume_id is None:
            raise UnknownTagError(f"no tag {name!r} in {self.data_dir} (see `graft tag list`)")
        self.state.untag(name)
        log.info("removed tag %s of volume %s", name, volume_id)
        return volume_id

    def tags(self) -> dict[str, VolumeId]:
        """Every tag of this data directory, by name."""
        return self.state.tags()

    def _volume(self, vid: VolumeId) -> Volume:
        return Volume(self.state, self.session, vid)

    def create_volume(
        self,
        sync: str | SyncMode = SyncMode.BOTH,
        *,
        encryption: Key | bool = False,
        encrypt_local: bool = False,
    ) -> Volume:
        """A new, empty volume with a fresh VolumeId.

        ``encryption``: a key-encryption key (``Key.from_passphrase(...)``, ``Key.from_file``),
        or True for the client's ``key``, makes it end-to-end encrypted (DESIGN 13).
        ``encrypt_local``: an encrypted volume's pages are sealed in this device's storage too
        (without the key, a copy of the data dir reveals no page); its forks are too.
        """
        mode = parse_sync_mode(sync)
        if encrypt_local and encryption is False:
            raise InvalidInputError("encrypt_local needs an encrypted volume: pass encryption=")
        vid = VolumeId.random()
        keyring = b""
        if encryption is not False:
            kek = self.session.keys.default if encryption is True else encryption
            if not isinstance(kek, Key):
                raise KeyRequiredError(
                    "an encrypted volume needs a key: pass encryption=Key..., or give the "
                    "client one (key=, GRAFT_KEY, GRAFT_KEY_FILE, GRAFT_PASSPHRASE)"
                )
            self.session.keys.set_kek(vid, kek)
            self.session.share_key(vid, given=True)  # before its first commit can be pushed
            from graft_core.crypto import Keyring  # its ciphers load on first need

            keyring = Keyring.create(vid, kek).encode()
        self.state.create_volume(vid, mode, keyring, encrypt_local=encrypt_local)
        log.info("created volume %s (sync %s)", vid, mode.value)
        return self._volume(vid)

    def open_volume(
        self,
        vid: VolumeId | str,
        sync: str | SyncMode | None = None,
        *,
        key: Key | None = None,
        encrypt_local: bool | None = None,
    ) -> Volume:
        """A volume this client has, or a lazy clone of a remote one when servers are configured.

        ``sync`` (if given) sets its sync mode. A clone pulls the latest remote snapshot: it
        learns which pages exist; their bytes are fetched on first read. ``key``: the
        key-encryption key of an encrypted volume, if not the client's. ``encrypt_local``: a
        clone of an encrypted volume keeps its pages sealed here too (see ``create_volume``);
        it is chosen when the volume comes to this device and cannot change afterwards
        (``InvalidInputError``).
        """
        volume_id = self.resolve(vid)
        self._check_encrypt_local(volume_id, encrypt_local)
        if key is not None:
            self.session.keys.set_kek(volume_id, key)
        self.session.share_key(volume_id, given=key is not None)
        if not self.state.has_volume(volume_id):
            if not self.has_remote:
                raise VolumeNotFoundError(f"volume {volume_id} does not exist in {self.data_dir}")
            mode = parse_sync_mode(sync or SyncMode.BOTH)
            self.session.clone(volume_id, mode, encrypt_local=bool(encrypt_local))
            return self._volume(volume_id)
        volume = self._volume(volume_id)
        if sync is not None:
            volume.sync_mode = sync
        # A push was cut off (crash or outage): finish it in the background, unasked.
        self.session.resume_in_background(volume_id)
        return volume

    def _check_encrypt_local(self, vid: VolumeId, wanted: bool | None) -> None:
        if wanted is None or not self.state.has_volume(vid):
            return
        if self.state.config(vid).encrypt_local != wanted:
            raise InvalidInputError(
                f"volume {vid} is already here with encrypt_local={not wanted}: it is chosen "
                "when a volume is created or cloned"
            )

    def local_volume(self, vid: VolumeId | str) -> Volume:
        """A volume this client has, as it stands: unlike ``open_volume`` it neither clones a
        remote volume nor resumes an interrupted push (``VolumeNotFoundError`` if not here)."""
        volume_id = self.resolve(vid)
        if not self.state.has_volume(volume_id):
            raise VolumeNotFoundError(f"volume {volume_id} does not exist in {self.data_dir}")
        self.session.share_key(volume_id, given=False)
        return self._volume(volume_id)

    def volumes(self) -> list[VolumeInfo]:
        return [self._volume(vid).info() for vid in self.state.vids()]

    def compact(self) -> ReclaimStats:
        """Reclaim superseded page versions of every volume now and release their disk space."""
        return self.state.compact()

    def close(self) -> None:
        """Release the data directory; open readers and writers stop working. Idempotent.

        An owner hands the data dir to an attached process, if there is one. In a child forked
        from the process that opened it, this does nothing: what it holds is the parent's."""
        if self._inherited:
            return
        _open_clients.discard(self)
        self.session.close()
        try:
            self._close_storage()
        finally:
            self.leases.close()

    def abandon(self, why: str) -> None:
        """Unusable from now on (``ClosedError`` saying ``why``), with nothing closed: for the
        copy a child forked from the process that opened it inherits (see ``_forked``)."""
        self._inherited = True
        # Never freed here, not even as the interpreter exits: dropping its RocksDB handles
        # would close them, writing into the parent's database.
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(self))
        self.shared.abandon(why)
        self.state.abandon(why)

    def _close_storage(self) -> None:
        self.shared.stop_changes()  # first: whether this process owns the dir is settled now
        if self.shared.is_owner:
            # Stop serving first: the attached processes then wait for the lock, not see a
            # closed owner answer their requests.
            self.shared.close()
            try:
                self.state.close()
            finally:
                self.shared.release()
            return
        try:
            self.state.close()  # its readers' pins go back to the owner
        finally:
            self.shared.close()
            self.shared.release()

    def __repr__(self) -> str:
        return f"Client({str(self.data_dir)!r}, client_id={str(self.client_id)!r})"

    def delete_volume(self, vid: VolumeId | str) -> None:
        """Delete a volume's local state (pages, commits, sync state) in one durable batch.

        Unpushed commits are lost; the servers keep the volume's pushed commits, so
        ``open_volume`` clones it again. ``VolumeNotFoundError`` if this client lacks it;
        ``InvalidInputError`` while autosync runs or a reader of the volume is open.
        """
        volume_id = self.resolve(vid)
        if self.session.autosync_running:
            where = "this process" if self.is_owner else f"pid {self.owner_pid}"
            raise InvalidInputError(
                f"stop autosync before deleting volume {volume_id}: it runs in the process "
                f"that owns data dir {self.data_dir} ({where}), for every process of it (a "
                "`graft daemon`: stop it)"
            )
        self.state.delete_volume(volume_id)
        self.session.forget(volume_id)
        log.info("deleted volume %s locally", volume_id)


def _make_data_dir(path: Path) -> None:
    """Create the client's data dir; one it cannot create is the caller's choice to change."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidInputError(
            f"cannot create data directory {path}: {exc.strerror or exc}; pick another --data-dir"
        ) from exc
