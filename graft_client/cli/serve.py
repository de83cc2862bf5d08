"""``graft serve``: a metastore and a pagestore together on one machine, for development and demos.

Both run as child processes (``python -m metastore_server`` / ``-m pagestore_server``), so the
client package's commands never import a server. Data lives under ``--data-dir`` (metastore log in
``metastore/``, segments in ``segments/``, frame cache in ``cache/``, the servers' port files in
``run/`` while they run) unless ``--store`` names an object store, which then holds the segments
and the commit log, as direct clients write them.
The command owns ``--data-dir`` (a second ``graft serve`` on it is refused, as is a read-only or
full one), prints both URLs once they answer ``/health``, writes them with the
segment store and the cluster key to ``DATA_DIR/servers.json`` (where the pipeline's
``--data-dir`` finds them) and optionally to ``--ready-file``, and runs until SIGTERM or Ctrl-C,
then stops both and removes ``servers.json``. The pagestore is given the metastore's cluster key,
so it marks a new segment store as this cluster's and refuses another cluster's. If either child
dies, the other is stopped and the command exits 1. Bad options (a port out of range, an unknown
log level, a malformed ``--cache-limit`` or ``--store``, a non-loopback ``--host`` without
tokens or ``--insecure``) are refused before anything starts: one line, exit 2.

The two servers share a receipt key (``graft_core.receipts``): ``GRAFT_RECEIPT_KEY`` or
``GRAFT_RECEIPT_KEY_FILE`` if set (the children inherit it), else ``DATA_DIR/receipt.key``,
created with a random key on first start.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import click

from graft_client.cli.output import CliError
from graft_core.datadir import DataDir, local_url
from graft_core.errors import InvalidInputError, ServiceUnavailableError
from graft_core.files import replace_file
from graft_core.options import LOG_LEVEL, PORT, HomePath, size_option, store_url_option
from graft_core.receipts import KEY_ENV, KEY_FILE_ENV, KEY_FILE_NAME, ReceiptKey
from graft_core.tokens import KEYS_ENV
from graft_core.urls import is_loopback

__all__ = ["serve_command"]

_START_TIMEOUT_S = 60.0
_STOP_TIMEOUT_S = 15.0
_POLL_S = 0.05
_RUN_DIR = "run"
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
# A server refusing to start (bad options: 2; port or data dir unusable: 1) prints one line.
_REFUSALS = (1, 2)


class _StoppedStarting(Exception):
    """SIGTERM or Ctrl-C while the servers start: ``graft serve`` stops them there."""


class _Child:
    def __init__(self, name: str, args: Sequence[str], port_file: Path) -> None:
        self.name = name
        self.port_file = port_file
        self.proc = subprocess.Popen(
            [sys.executable, "-m", *args, "--port-file", str(port_file)],
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
        self.url = ""
        self.cluster: str | None = None

    def wait_ready(self, host: str, stop: threading.Event) -> None:
        """Until the port file names the port and ``/health`` answers 200, within a deadline;
        ``_StoppedStarting`` once ``stop`` is set."""
        deadline = time.monotonic() + _START_TIMEOUT_S
        while time.monotonic() < deadline:
            if stop.is_set():
                raise _StoppedStarting
            if (code := self.proc.poll()) is not None:
                if code in _REFUSALS:
                    raise click.exceptions.Exit(code)  # its own one line said why
                raise ServiceUnavailableError(f"the {self.name} exited with {code}")
            if not self.url and self.port_file.exists():
                self.url = local_url(host, int(self.port_file.read_text()))
            if self.url and (health := _health(self.url)) is not None:
                self.cluster = health.get("cluster")
                return
            time.sleep(_POLL_S)
        raise ServiceUnavailableError(f"the {self.name} did not become healthy in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM it when graft serve dies, even by SIGKILL, so no
    orphaned server keeps holding its data dir (and serving it) after graft serve is gone."""
    ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


@contextmanager
def _run_dir(data_dir: Path) -> Iterator[Path]:
    """Where the servers write their ports, in the claimed data dir: a serve killed by SIGKILL
    leaves its files there for the next one to clear (in /tmp, each left a directory)."""
    run = data_dir / _RUN_DIR
    shutil.rmtree(run, ignore_errors=True)
    run.mkdir()
    try:
        yield run
    finally:
        shutil.rmtree(run, ignore_errors=True)


def _receipt_key_args(data_dir: Path) -> list[str]:
    """The key option both children get: none if the environment names a key already."""
    if os.environ.get(KEY_ENV) or os.environ.get(KEY_FILE_ENV):
        return []
    path = data_dir / KEY_FILE_NAME
    try:
        ReceiptKey.load(path, create=True)
    except InvalidInputError as exc:
        raise click.ClickException(str(exc)) from exc
    return ["--receipt-key-file", str(path)]


def _health(url: str) -> dict[str, Any] | None:
    """The ``/health`` answer once it is 200, else None."""
    import httpx  # here, not at the top: every other command would import it

    try:
        response = httpx.get(url + "/health", timeout=2.0)
    except httpx.TransportError:
        return None
    if response.status_code != 200:
        return None
    body = response.json()
    return body if isinstance(body, dict) else {}


def _check_ports_free(host: str, metastore_port: int, pagestore_port: int) -> None:
    _check_port_free(host, metastore_port, "--metastore-port")
    _check_port_free(host, pagestore_port, "--pagestore-port")


def _check_port_free(host: str, port: int, option: str) -> None:
    """Refuse a port something listens on before starting anything, saying what to do."""
    if port == 0:
        return
    try:
        socket.create_server((host, port)).close()  # SO_REUSEADDR: only a listener conflicts
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            return  # the server itself reports an address it cannot use
        raise CliError(
            f"cannot listen on {host}:{port}: {exc.strerror} (another graft serve?): stop what "
            f"listens there, or pick another port with {option} (0: any free port)"
        ) from None


def _check_auth(host: str, token_key_file: Path | None, insecure: bool) -> None:
    """Refuse, before anything starts, what each server would refuse in words of its own: a
    non-loopback address without tokens (the servers' own variables count if both have one)."""
    own = ("TOKENS", "TOKENS_FILE", "TOKEN_KEY_FILE", "INSECURE")
    both = all(
        any(os.environ.get(f"{role}_{name}") for name in own) for role in ("METASTORE", "PAGESTORE")
    )
    if insecure or is_loopback(host) or token_key_file or os.environ.get(KEYS_ENV) or both:
        return
    raise click.UsageError(
        f"{host} is not a loopback address and no tokens are configured: give --token-key-file "
        f"(see `graft token`) or {KEYS_ENV}, or --insecure to serve without auth"
    )


def _store_url(store: str | None, data_dir: Path) -> str:
    """The segment store as the children and ``servers.json`` name it: paths made absolute,
    since a reader of ``servers.json`` may run in another directory."""
    if store is None:
        return str((data_dir / "segments").resolve())
    return store if "://" in store else str(Path(store).resolve())


def _check_no_local_log(data_dir: Path) -> None:
    """With ``--store`` the commit log lives in the store; a log left in the data dir by a
    ``graft serve --store`` before direct mode would silently not be served."""
    log = data_dir / "metastore" / "log"
    if log.exists():
        raise click.UsageError(
            f"{log} holds a commit log kept beside --store (before direct mode); with --store "
            "the log now lives in the store, so its volumes would not be served: give another "
            "--data-dir"
        )


@click.command("serve", short_help="Run a metastore and a pagestore on this machine.")
@click.option(
    "--data-dir",
    type=HomePath(file_okay=False, path_type=Path),
    default=Path("graft-data"),
    show_default=True,
    help="Metastore log, segments and cache live under this directory.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address both bind.")
@click.option("--metastore-port", type=PORT, default=3001, show_default=True, help="0: any free.")
@click.option("--pagestore-port", type=PORT, default=3000, show_default=True, help="0: any free.")
@click.option(
    "--store",
    callback=store_url_option,
    help="Object store URL for segments and the commit log (default: segments in "
    "DATA_DIR/segments, the log in DATA_DIR/metastore); direct clients (--remote) share it.",
)
@click.option(
    "--cache-limit",
    default="1GiB",
    show_default=True,
    callback=size_option,
    help="Pagestore cache size.",
)
@click.option(
    "--ready-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help='Write {"metastore": URL, "pagestore": URL, "pids": {...}} here once both are up.',
)
@click.option(
    "--log-level", type=LOG_LEVEL, default="warning", show_default=True, help="Of both servers."
)
@click.option(
    "--token-key-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Signed-token keys for both servers (see graft token); or GRAFT_TOKEN_KEYS.",
)
@click.option("--insecure", is_flag=True, help="Allow a non-loopback --host without tokens.")
def serve_command(
    data_dir: Path,
    host: str,
    metastore_port: int,
    pagestore_port: int,
    store: str | None,
    cache_limit: int,
    ready_file: Path | None,
    log_level: str,
    token_key_file: Path | None,
    insecure: bool,
) -> None:
    """Run a metastore and a pagestore on this machine until SIGTERM or Ctrl-C."""
    _check_auth(host, token_key_file, insecure)
    if metastore_port == pagestore_port != 0:
        raise click.UsageError(
            f"--metastore-port and --pagestore-port are both {metastore_port}: "
            "the two servers need two ports"
        )
    if store is not None:
        _check_no_local_log(data_dir)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    children: list[_Child] = []
    # A busy port must not leave a new directory behind; a directory there already is claimed
    # first, so that a second serve on it hears that, not "port in use".
    fresh = not data_dir.exists()
    if fresh:
        _check_ports_free(host, metastore_port, pagestore_port)
    with DataDir.claim(data_dir) as owner, _run_dir(data_dir) as run:
        if not fresh:
            _check_ports_free(host, metastore_port, pagestore_port)
        try:
            common = ["--host", host, "--log-level", log_level, *_receipt_key_args(data_dir)]
            if token_key_file is not None:
                common += ["--token-key-file", str(token_key_file)]
            if insecure:
                common.append("--insecure")
            meta = _Child(
                "metastore",
                [
                    "metastore_server",
                    *common,
                    "--port",
                    str(metastore_port),
                    "--data-dir",
                    str(data_dir / "metastore"),
                    # With --store the commit log lives there too (the object-store backend):
                    # one store holds the whole cluster, in the layout direct clients use.
                    *(["--store", _store_url(store, data_dir)] if store is not None else []),
                ],
                run / "metastore.port",
            )
            children.append(meta)
            meta.wait_ready(host, stop)
            segments = _store_url(store, data_dir)
            cluster = ["--cluster-key", meta.cluster] if meta.cluster else []
            pages = _Child(
                "pagestore",
                [
                    "pagestore_server",
                    *common,
                    "--port",
                    str(pagestore_port),
                    "--metastore",
                    meta.url,
                    *cluster,
                    "--store",
                    segments,
                    "--cache-limit",
                    str(cache_limit),
                    "--cache-dir",
                    str(data_dir / "cache"),
                ],
                run / "pagestore.port",
            )
            children.append(pages)
            pages.wait_ready(host, stop)
            urls = {"metastore": meta.url, "pagestore": pages.url}
            owner.announce({**urls, "store": segments, "cluster": meta.cluster})
            click.echo(f"metastore: {meta.url}\npagestore: {pages.url}\n(Ctrl-C to stop)")
            if ready_file is not None:
                pids = {child.name: child.proc.pid for child in children}
                replace_file(ready_file, json.dumps({**urls, "pids": pids}).encode(), durable=False)
            dead = _watch(children, stop)
        except _StoppedStarting:
            dead = None
        finally:
            owner.withdraw()  # before the servers stop: nobody should find a stopping server
            for child in reversed(children):  # the pagestore depends on the metastore
                child.stop()
    if dead is not None:
        raise ServiceUnavailableError(f"the {dead.name} exited unexpectedly")


def _watch(children: Sequence[_Child], stop: threading.Event) -> _Child | None:
    """Until ``stop``: None; or the first child that died meanwhile."""
    while not stop.wait(_POLL_S * 4):
        for child in children:
            if child.proc.poll() is not None:
                return child
    return None
