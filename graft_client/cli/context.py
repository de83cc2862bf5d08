"""What every ``graft`` subcommand gets from the group: the client of its data directory."""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from graft_client.cli.errors import unknown_volume
from graft_client.cli.output import INTERRUPTED, USAGE_ERROR, CliError, echo_result
from graft_client.client import Client
from graft_client.storage.db import LocalDB
from graft_client.storage.records import VolumeStatus
from graft_client.storage.tags import is_tag_shaped, unknown_tag
from graft_client.storage.volumes import VolumeRecords
from graft_client.sync.observe import Progress, PushInfo
from graft_client.volume import Volume
from graft_core.errors import (
    InvalidInputError,
    NoServersError,
    StorageError,
    VolumeNotFoundError,
)
from graft_core.ids import VolumeId
from graft_core.settings import Settings

if TYPE_CHECKING:
    from graft_client.lite import LiteClient

__all__ = [
    "NO_SERVERS",
    "data_dir_of",
    "missing_data_dir",
    "open_client",
    "open_lite",
    "remove_if_unused",
    "require_servers",
    "resolve_vid",
    "resumable_push",
    "synced_volume",
]

log = logging.getLogger(__name__)

NO_SERVERS = (
    "set --metastore/--pagestore, GRAFT_METASTORE/GRAFT_PAGESTORE, or metastore/pagestore in "
    "graft.toml (or --remote, GRAFT_REMOTE, remote: an object store, no servers)"
)


def _settings(ctx: click.Context) -> Settings:
    root = ctx.find_root().obj
    return Settings.resolve(data_dir=root["data_dir"], **root["remote"])


def data_dir_of(ctx: click.Context) -> Path:
    """The data directory the group's options name (it may not exist)."""
    return _settings(ctx).data_dir


def missing_data_dir(ctx: click.Context, as_json: bool, nothing: str) -> bool:
    """Whether the group's data directory does not exist, said as a listing command's empty
    answer if so (``nothing``, naming the path; ``[]`` in JSON), none created: a mistyped
    --data-dir must not look like an empty one that is there."""
    data_dir = data_dir_of(ctx)
    if data_dir.is_dir():
        return False
    echo_result(as_json, [], f"{nothing}: no data directory at {data_dir}")
    return True


def _has_servers(settings: Settings) -> bool:
    return settings.remote is not None or None not in (settings.metastore, settings.pagestore)


def _check_before_opening(settings: Settings, *, creates: bool, syncs: bool) -> None:
    # Where the data dir is, it may have an owner that syncs (``require_servers`` once open).
    if syncs and not _has_servers(settings) and not settings.data_dir.is_dir():
        raise CliError(_missing_servers(settings.metastore, settings.pagestore), USAGE_ERROR)
    if not creates and not settings.data_dir.is_dir():
        raise CliError(
            f"no data directory at {settings.data_dir}: nothing is stored there (another one "
            "is named with --data-dir, GRAFT_DIR or data_dir in graft.toml)",
            USAGE_ERROR,
        )


def _check_clonable(ctx: click.Context, settings: Settings, vid: str) -> None:
    """Before a data directory is made for a clone of ``vid``: the servers are asked about it
    as the clone asks them first, so that a wrong id, a volume they lack or servers down
    leave no new directory behind."""
    if not _has_servers(settings):
        missing = _missing_servers(settings.metastore, settings.pagestore)
        raise CliError(
            f"no data directory at {settings.data_dir} to find volume {vid} in, and {missing}",
            USAGE_ERROR,
        )
    with open_lite(ctx, vid) as (lite, volume_id):
        try:
            lite.snapshot(volume_id)
        except VolumeNotFoundError as exc:  # and none here: there is no data directory
            where = settings.remote or settings.metastore
            raise unknown_volume(exc, settings.data_dir, where, lambda _: False) from exc


@contextmanager
def open_client(
    ctx: click.Context, *, creates: bool = True, syncs: bool = False, clones: str | None = None
) -> Iterator[Client]:
    """The Client for the group's --data-dir and server options. Unless it ``creates`` (the
    command may store something: a volume, a clone, pages read through), a data directory
    that does not exist is one error and none is created. A command that ``syncs`` is
    refused before any data directory is created when no servers are configured. A command
    that may clone volume ``clones`` (as the user named it) makes a data directory for it only
    once the servers know that volume."""
    if syncs or not creates or clones is not None:
        settings = _settings(ctx)
        _check_before_opening(settings, creates=creates, syncs=syncs)
        if clones is not None and not settings.data_dir.is_dir():
            _check_clonable(ctx, settings, clones)
    root = ctx.find_root()
    with Client(root.obj["data_dir"], key=root.obj["key"], **root.obj["remote"]) as client:
        if syncs:
            require_servers(client)
        try:
            yield client
        except VolumeNotFoundError as exc:
            has = _has_volume(client)
            raise unknown_volume(
                exc, client.data_dir, client.remote or client.metastore, has
            ) from exc
        except NoServersError as exc:
            # A lazy read or a clone wanted the servers: say how to name them, in CLI words.
            if not client.has_remote:
                raise CliError(
                    _missing_servers(client.metastore, client.pagestore), USAGE_ERROR
                ) from exc
            raise


def remove_if_unused(data_dir: Path) -> None:
    """Remove ``data_dir``, which this command created and closed, if it holds no volume (bad
    input leaves nothing stored) and no process opened it meanwhile (it holds the data dir's lock:
    ``flock`` on the directory, as ``shared.node``). Left as it is if that cannot be told (the
    command's own error is the one to show)."""
    try:
        fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        log.debug("data dir %s left: %s", data_dir, exc)
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        db = LocalDB(data_dir / "local")
        try:
            empty = not list(VolumeRecords(db).vids())
        finally:
            db.close()
        if empty:
            shutil.rmtree(data_dir)
    except (OSError, StorageError) as exc:  # BlockingIOError: another process holds it
        log.debug("data dir %s left: %s", data_dir, exc)
    finally:
        os.close(fd)


def resolve_vid(ctx: click.Context, vid: str) -> VolumeId:
    """The volume ``vid`` names, for a command that does not otherwise open the data
    directory: only a tag is looked up there."""
    if not is_tag_shaped(vid):
        return VolumeId.parse(vid)
    data_dir = data_dir_of(ctx)
    if not data_dir.is_dir():
        raise unknown_tag(vid, data_dir)  # and no data directory is created to say so
    with open_client(ctx) as client:
        return client.resolve(vid)


@contextmanager
def open_lite(ctx: click.Context, vid: str) -> Iterator[tuple[LiteClient, str]]:
    """A lite client for the group's server options, and the volume id ``vid`` names (a tag
    is looked up in the data directory, which is otherwise left closed: it may be in use)."""
    from graft_client.lite import LiteClient  # the HTTP stack: commands without --remote need not

    root = ctx.find_root().obj
    settings = Settings.resolve(data_dir=root["data_dir"], **root["remote"])
    direct = settings.remote is not None
    if not direct and (settings.metastore is None or settings.pagestore is None):
        raise CliError(f"--remote reads from the servers: {NO_SERVERS}", USAGE_ERROR)
    volume_id = str(resolve_vid(ctx, vid))
    try:
        with LiteClient(
            settings.metastore,
            settings.pagestore,
            settings.token,
            key=root["key"],
            remote=settings.remote,
        ) as lite:
            yield lite, volume_id
    except VolumeNotFoundError as exc:
        raise unknown_volume(
            exc, settings.data_dir, settings.remote or settings.metastore, None
        ) from exc


def _has_volume(client: Client) -> Callable[[str], bool]:
    def has(vid: str) -> bool:
        try:
            client.local_volume(vid)
        except (VolumeNotFoundError, InvalidInputError):
            return False
        return True

    return has


def _missing_servers(metastore: str | None, pagestore: str | None) -> str:
    named = {"metastore": metastore, "pagestore": pagestore}
    missing = [name for name, url in named.items() if url is None]
    what = "no servers" if len(missing) == 2 else f"no {missing[0]} URL"
    return f"{what} configured: {NO_SERVERS}"


def require_servers(client: Client) -> None:
    """Refuse a command that syncs when no servers are configured, here or in the process
    that owns the data dir (which syncs for every process of it)."""
    if not client.has_remote and (client.is_owner or not client.session.owner_has_remote):
        raise CliError(_missing_servers(client.metastore, client.pagestore), USAGE_ERROR)


def synced_volume(client: Client, vid: str) -> Volume:
    """The volume a pull or fetch works on, an interrupted push of it finished first; or a lazy
    clone of the servers' one. (``open_volume`` would resume the push in the background and
    log its failure as a second line before the command's error.)"""
    require_servers(client)
    try:
        volume = client.local_volume(vid)
    except VolumeNotFoundError:
        return client.open_volume(vid)
    if volume.status() is VolumeStatus.INTERRUPTED_PUSH:
        resumable_push(volume)
    return volume


def resumable_push(volume: Volume, progress: Progress | None = None) -> PushInfo | None:
    """``push_info``, where Ctrl-C says that the push is not lost."""
    try:
        return volume.push_info(progress)
    except KeyboardInterrupt:
        raise CliError(
            f"interrupted: the push of {volume.vid} is resumable: `graft push {volume.vid}` "
            "again finishes it (so do graft pull, fetch, sync and daemon)",
            INTERRUPTED,
        ) from None
