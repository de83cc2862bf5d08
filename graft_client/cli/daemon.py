"""``graft daemon``: sync every volume of the data directory until SIGTERM or Ctrl-C."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import signal
import threading
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import click

from graft_client.cli.context import data_dir_of, open_client
from graft_client.cli.output import CliError, configure_logging
from graft_client.client import Client
from graft_core.errors import InvalidInputError, StorageError
from graft_core.options import PORT

if TYPE_CHECKING:
    from graft_client.sync.session import SyncSession

__all__ = ["DAEMON_LOCK", "daemon"]

DAEMON_LOCK = "daemon.lock"  # in the data dir: held by the daemon that syncs it, with its pid
# How long the daemon waits for each server's GET /health as it starts (then syncs anyway).
HEALTH_TIMEOUT_S = 2.0
# Owning the data dir, the daemon's RocksDB takes no write after one found the disk full,
# until it is reopened; no process of the data dir can commit meanwhile. So the daemon looks
# this often whether that happened and this much space is free again (less, and the reopened
# database could find the disk full at once), and then reopens its client.
RECHECK_S = 1.0
REOPEN_FREE_BYTES = 4 << 20

log = logging.getLogger(__name__)


def _claim(data_dir: Path) -> None:
    """Hold the data dir's daemon lock for the life of this process (the kernel drops it when
    the process dies, even by SIGKILL); a second daemon would only ask the first to sync."""
    fd = os.open(data_dir / DAEMON_LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise CliError(
            f"a graft daemon (pid {pid}) already syncs {data_dir}: one is enough; stop it first "
            "to start another"
        ) from None
    with contextlib.suppress(OSError):  # the pid only informs (a full disk may refuse it)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)


@click.command(short_help="Sync every volume until stopped (SIGTERM, Ctrl-C).")
@click.option("--wait-ms", type=click.IntRange(100, 60_000), default=10_000, help="Pull long-poll.")
@click.option("--metrics-port", type=PORT, help="Serve Prometheus metrics on 127.0.0.1:PORT.")
@click.option("-v", "--verbose", is_flag=True, help="Log each push and pull (default: problems).")
@click.pass_context
def daemon(ctx: click.Context, wait_ms: int, metrics_port: int | None, verbose: bool) -> None:
    """Sync every volume whose sync mode is not disabled until SIGTERM or Ctrl-C.

    Logs go to stderr, one line each: warnings and errors, and with --verbose what each push
    and pull did.
    """
    configure_logging(verbose, outages=True)
    stop, opened = threading.Event(), threading.Event()

    def on_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()
        if not opened.is_set():
            raise _StoppedOpening  # opening may wait long (an owner that does not answer)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, on_stop)
    try:
        _sync_until_stopped(ctx, wait_ms, metrics_port, stop, opened)
    except _StoppedOpening:
        click.echo("graft daemon stopping", err=True)


def _check_servers(client: Client) -> None:
    """A URL that leads to the other service, or to no graft server, is told at once (exit 2):
    the daemon would retry its syncs for good. One that does not answer yet may: it is retried."""
    from graft_core.rpcclient import probe_health  # the HTTP stack: other commands need not

    for service, url in (("metastore", client.metastore), ("pagestore", client.pagestore)):
        if url is not None:
            probe_health(url, service, HEALTH_TIMEOUT_S)


class _Current:
    """The daemon's client of the moment (it reopens its client after a full disk)."""

    def __init__(self, client: Client) -> None:
        self.client = client

    @property
    def session(self) -> SyncSession:
        return self.client.session


def _serve_metrics(current: _Current, port: int) -> None:
    from graft_client.sync.daemon_metrics import serve_metrics

    try:
        serve_metrics(current, port)
    except OSError as exc:
        raise CliError(
            f"cannot serve metrics on 127.0.0.1:{port}: {exc.strerror}: stop what listens there, "
            "or pick another port with --metrics-port"
        ) from None


class _StoppedOpening(BaseException):
    """SIGTERM or Ctrl-C while the data dir opens: the daemon stops there (a BaseException,
    as ``KeyboardInterrupt``, so that no handler of errors takes it for one)."""


def _sync_until_stopped(
    ctx: click.Context,
    wait_ms: int,
    metrics_port: int | None,
    stop: threading.Event,
    opened: threading.Event,
) -> None:
    """Sync until stopped, reopening the client whenever its local storage, refusing writes
    since the disk filled up, finds space again."""
    fresh = not data_dir_of(ctx).is_dir()  # (a mistyped --data-dir shows here)
    with open_client(ctx, syncs=True) as client:
        opened.set()
        current = _started(client, wait_ms, metrics_port, fresh)
        syncing = True
        try:
            while _wait_for_stop_or_space(current.client, stop, wait_ms, syncing=syncing):
                reopened = _reopened(current.client, stop)
                if reopened is None:
                    break
                current.client = reopened
                syncing = _autosync(reopened, wait_ms, told=False)
        finally:
            current.client.close()
    click.echo("graft daemon stopping", err=True)


def _reopened(client: Client, stop: threading.Event) -> Client | None:
    """``client`` reopened (owning the data dir, it keeps it: ``Client.reopen``), or None if
    the daemon was stopped first. An open that fails (the disk filled up again) releases the
    data dir, and is tried again ``RECHECK_S`` later."""
    while True:
        try:
            reopened = client.reopen()
        except StorageError as exc:
            log.warning("reopening local storage failed, tried again soon: %s", exc)
            if stop.wait(RECHECK_S):
                return None
        else:
            log.warning("local storage of %s reopened: it takes writes", client.data_dir)
            return reopened


def _autosync(client: Client, wait_ms: int, *, told: bool) -> bool:
    """Start syncing; False, and a warning unless ``told`` already, if the process that owns
    the data dir syncs with other servers (at start, the daemon is refused beside such an
    owner; one without servers syncs with the daemon's) or went away meanwhile. The daemon
    syncs once it takes over from it."""
    try:
        client.start_autosync(wait_ms=wait_ms)
    except (InvalidInputError, StorageError) as exc:
        if not told:
            log.warning("%s; this daemon syncs once it owns the data dir", exc)
        return False
    return True


def _started(client: Client, wait_ms: int, metrics_port: int | None, fresh: bool) -> _Current:
    _claim(client.data_dir)
    if client.is_owner:
        _check_servers(client)
    current = _Current(client)
    if metrics_port is not None:
        _serve_metrics(current, metrics_port)
    client.start_autosync(wait_ms=wait_ms)  # refused beside an owner with other servers
    # Attached (an app opened the data dir first), the owner syncs for it while it runs.
    role = "" if client.is_owner else f" through its owner, pid {client.owner_pid}"
    new = " (a new data directory: no volumes yet)" if fresh else ""
    click.echo(f"graft daemon syncing {client.data_dir}{new}{role}; stop with Ctrl-C", err=True)
    return current


def _wait_for_stop_or_space(
    client: Client, stop: threading.Event, wait_ms: int, *, syncing: bool
) -> bool:
    """Sync (start to, unless ``syncing``) until the daemon is stopped (False), or until its
    local storage, refusing writes since the disk filled up, finds space free again (True:
    reopen it)."""
    while not stop.wait(RECHECK_S):
        if not syncing:
            syncing = _autosync(client, wait_ms, told=True)
        if client.is_owner and client.state.storage_full():
            free = shutil.disk_usage(client.data_dir).free
            if free >= REOPEN_FREE_BYTES:
                log.warning(
                    "local storage of %s refuses writes since the disk was full; %d MiB are "
                    "free again: reopening it",
                    client.data_dir,
                    free >> 20,
                )
                return True
    return False
