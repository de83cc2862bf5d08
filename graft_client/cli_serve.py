"""``graft serve``: a metastore and a pagestore together on one machine, for development and demos.

Both run as child processes (``python -m metastore_server`` / ``-m pagestore_server``), so the
client package never imports a server. Data lives under ``--data-dir`` (metastore log in
``metastore/``, segments in ``segments/`` unless ``--store`` names an object store, frame cache in
``cache/``). The command prints both URLs once they answer ``/health``, optionally writes them to
``--ready-file`` as JSON, and runs until SIGTERM or Ctrl-C, then stops both. If either child dies,
the other is stopped and the command exits non-zero.

The two servers share a receipt key (``graft_core.receipts``): ``GRAFT_RECEIPT_KEY`` or
``GRAFT_RECEIPT_KEY_FILE`` if set (the children inherit it), else ``DATA_DIR/receipt.key``,
created with a random key on first start.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

import click
import httpx

from graft_core.errors import InvalidInputError
from graft_core.files import replace_file
from graft_core.receipts import KEY_ENV, KEY_FILE_ENV, KEY_FILE_NAME, ReceiptKey

__all__ = ["serve_command"]

_START_TIMEOUT_S = 60.0
_STOP_TIMEOUT_S = 15.0
_POLL_S = 0.05


class _Child:
    def __init__(self, name: str, args: Sequence[str], port_file: Path) -> None:
        self.name = name
        self.port_file = port_file
        self.proc = subprocess.Popen([sys.executable, "-m", *args, "--port-file", str(port_file)])
        self.url = ""

    def wait_ready(self, host: str) -> None:
        """Until the port file names the port and ``/health`` answers 200, within a deadline."""
        deadline = time.monotonic() + _START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise click.ClickException(f"the {self.name} exited with {self.proc.returncode}")
            if not self.url and self.port_file.exists():
                self.url = f"http://{_url_host(host)}:{int(self.port_file.read_text())}"
            if self.url and _healthy(self.url):
                return
            time.sleep(_POLL_S)
        raise click.ClickException(f"the {self.name} did not become healthy in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _url_host(host: str) -> str:
    """Where a client reaches a server bound to ``host`` on this machine."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


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


def _healthy(url: str) -> bool:
    try:
        return httpx.get(url + "/health", timeout=2.0).status_code == 200
    except httpx.TransportError:
        return False


@click.command("serve")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("graft-data"),
    show_default=True,
    help="Metastore log, segments and cache live under this directory.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address both bind.")
@click.option("--metastore-port", type=int, default=3001, show_default=True, help="0: any free.")
@click.option("--pagestore-port", type=int, default=3000, show_default=True, help="0: any free.")
@click.option("--store", help="Object store URL for segments (default: DATA_DIR/segments).")
@click.option("--cache-limit", default="1GiB", show_default=True, help="Pagestore cache size.")
@click.option(
    "--ready-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help='Write {"metastore": URL, "pagestore": URL, "pids": {...}} here once both are up.',
)
@click.option("--log-level", default="warning", show_default=True, help="Of both servers.")
@click.option(
    "--token-key-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Signed-token keys for both servers (see graft token); or GRAFT_TOKEN_KEYS.",
)
def serve_command(
    data_dir: Path,
    host: str,
    metastore_port: int,
    pagestore_port: int,
    store: str | None,
    cache_limit: str,
    ready_file: Path | None,
    log_level: str,
    token_key_file: Path | None,
) -> None:
    """Run a metastore and a pagestore on this machine until SIGTERM or Ctrl-C."""
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    data_dir.mkdir(parents=True, exist_ok=True)
    children: list[_Child] = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="graft-serve-") as run_dir:
        try:
            common = ["--host", host, "--log-level", log_level, *_receipt_key_args(data_dir)]
            if token_key_file is not None:
                common += ["--token-key-file", str(token_key_file)]
            meta = _Child(
                "metastore",
                [
                    "metastore_server",
                    *common,
                    "--port",
                    str(metastore_port),
                    "--data-dir",
                    str(data_dir / "metastore"),
                ],
                Path(run_dir) / "metastore.port",
            )
            children.append(meta)
            meta.wait_ready(host)
            segments = store or str(data_dir / "segments")
            pages = _Child(
                "pagestore",
                [
                    "pagestore_server",
                    *common,
                    "--port",
                    str(pagestore_port),
                    "--metastore",
                    meta.url,
                    "--store",
                    segments,
                    "--cache-limit",
                    cache_limit,
                    "--cache-dir",
                    str(data_dir / "cache"),
                ],
                Path(run_dir) / "pagestore.port",
            )
            children.append(pages)
            pages.wait_ready(host)
            click.echo(f"metastore: {meta.url}\npagestore: {pages.url}\n(Ctrl-C to stop)")
            if ready_file is not None:
                pids = {child.name: child.proc.pid for child in children}
                ready = {"metastore": meta.url, "pagestore": pages.url, "pids": pids}
                replace_file(ready_file, json.dumps(ready).encode(), durable=False)
            while not stop.wait(_POLL_S * 4):
                dead = [child for child in children if child.proc.poll() is not None]
                if dead:
                    click.echo(f"graft serve: the {dead[0].name} exited unexpectedly", err=True)
                    failed = True
                    break
        finally:
            for child in reversed(children):  # the pagestore depends on the metastore
                child.stop()
    if failed:
        sys.exit(1)
