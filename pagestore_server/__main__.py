"""``graft-pagestore``: serve the pagestore with uvicorn (also ``python -m pagestore_server``)."""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

import click

from graft_core.datadir import DataDir
from graft_core.errors import GraftError, InvalidInputError
from graft_core.options import HomePath, size_option, store_url_option
from graft_core.receipts import ReceiptKey
from graft_core.rpcclient import probe_health
from graft_core.service import (
    CLICK_SETTINGS,
    ServeOptions,
    ServiceCommand,
    StartupError,
    receipt_key_options,
    serve,
    serve_options,
)
from graft_core.urls import check_server_url
from pagestore_server.app import create_app
from pagestore_server.config import Config

__all__ = ["main"]

log = logging.getLogger("pagestore")
_PROBE_TIMEOUT_S = 5.0


def _metastore_url(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        return check_server_url(value, "metastore")
    except InvalidInputError as exc:
        raise click.BadParameter(str(exc)) from exc


def _check_metastore(url: str) -> None:
    """Once every option is valid: the URL, if something answers there, leads to a metastore.

    Nothing answering is no reason to refuse: the metastore may start after the pagestore (the
    start-up then warns that the cluster key is unknown, and reads are 503 until it is up)."""
    try:
        probe_health(url, "metastore", _PROBE_TIMEOUT_S)
    except InvalidInputError as exc:
        raise click.BadParameter(str(exc), param_hint="'--metastore'") from exc


@click.command(cls=ServiceCommand, prefix="PAGESTORE", context_settings=CLICK_SETTINGS)
@click.option(
    "--metastore",
    "metastore_url",
    envvar="PAGESTORE_METASTORE",
    required=True,
    callback=_metastore_url,
    help="URL of the metastore (read_pages resolves page versions from its commit lists; "
    "its cluster key is the segment store's unless --cluster-key says otherwise).",
)
@click.option(
    "--metastore-token",
    envvar="PAGESTORE_METASTORE_TOKEN",
    help="Bearer token for the metastore, when it has auth on (read access suffices); "
    "with --token-key-file the pagestore signs a short-lived one itself.",
)
@click.option(
    "--store",
    "store_url",
    envvar="PAGESTORE_STORE",
    default="graft-data/segments",
    show_default=True,
    callback=store_url_option,
    help="Where segments live: path, file://, memory://, s3://bucket/prefix (AWS_* env), "
    "gs://, az://.",
)
@click.option(
    "--cache-dir",
    type=HomePath(file_okay=False, path_type=Path),
    envvar="PAGESTORE_CACHE_DIR",
    default=Path("graft-data/cache"),
    show_default=True,
    help="Local directory of the frame cache.",
)
@click.option(
    "--cache-limit",
    envvar="PAGESTORE_CACHE_LIMIT",
    default="1GiB",
    show_default=True,
    callback=size_option,
    help="Byte limit of the frame cache (LRU eviction): bytes or 512MiB, 2G, ...",
)
@click.option(
    "--flush-window-ms",
    type=click.FloatRange(0, 1000),
    envvar="PAGESTORE_FLUSH_WINDOW_MS",
    default=3.0,
    show_default=True,
    help="How long a busy writer lets concurrent write_pages gather into one segment.",
)
@click.option(
    "--store-timeout",
    type=click.FloatRange(min=0.01),
    envvar="PAGESTORE_STORE_TIMEOUT",
    help="Seconds per object-store request (remote stores); failures answer 503.",
)
@click.option(
    "--cluster-key",
    type=uuid.UUID,
    envvar="PAGESTORE_CLUSTER_KEY",
    help="UUID the segment store must belong to (a new store takes it; another's is refused). "
    "Default: the metastore's, asked at start.",
)
@receipt_key_options
@serve_options("PAGESTORE", default_port=3000)
def main(
    metastore_url: str,
    metastore_token: str | None,
    store_url: str,
    cache_dir: Path,
    cache_limit: int,
    flush_window_ms: float,
    store_timeout: float | None,
    cluster_key: uuid.UUID | None,
    server: ServeOptions,
    receipt_key: ReceiptKey,
) -> None:
    """Serve the Graft pagestore: segments of compressed pages, read by LSN.

    Every option can also be set through the PAGESTORE_* variable shown with it. One server owns
    a cache dir at a time. A cache dir in use, read-only or full, or a segment store of another
    cluster: one line ``error: ...``, exit 1.
    """
    auth = server.load_auth()
    _check_metastore(metastore_url)
    try:
        owner = DataDir.claim(cache_dir)
    except GraftError as exc:
        raise StartupError(str(exc)) from exc
    config = Config(
        metastore_url=metastore_url,
        store_url=store_url,
        cache_dir=cache_dir,
        cache_limit=cache_limit,
        auth=auth,
        metastore_token=metastore_token,
        flush_window_s=flush_window_ms / 1000,
        store_timeout_s=store_timeout,
        receipt_key=receipt_key,
        cluster_key=cluster_key,
    )
    with owner:  # not announced in servers.json: the cache treats every file as an entry
        serve(create_app(config), server, log, **config.describe())


if __name__ == "__main__":
    main()
