"""``graft-metastore``: serve the metastore with uvicorn (also ``python -m metastore_server``)."""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

import click

from graft_core.datadir import DataDir
from graft_core.errors import GraftError
from graft_core.options import HomePath, store_url_option
from graft_core.receipts import ReceiptKey
from graft_core.service import (
    CLICK_SETTINGS,
    ServeOptions,
    ServiceCommand,
    StartupError,
    receipt_key_options,
    serve,
    serve_options,
)
from graft_core.wire import MAX_ANSWER_BYTES
from metastore_server.app import Config, create_app
from metastore_server.local_store import DEFAULT_CHECKPOINT_EVERY, check_data_dir
from metastore_server.log import DEFAULT_SEGMENT_SIZE
from metastore_server.objstore_backend import DEFAULT_STORE_TIMEOUT

__all__ = ["main"]

log = logging.getLogger("metastore")


@click.command(cls=ServiceCommand, prefix="METASTORE", context_settings=CLICK_SETTINGS)
@click.option(
    "--data-dir",
    type=HomePath(path_type=Path),
    envvar="METASTORE_DATA_DIR",
    default=Path("graft-data/metastore"),
    show_default=True,
    help="Directory of the local commit log (the embedded default backend).",
)
@click.option(
    "--store",
    "store_url",
    envvar="METASTORE_STORE",
    callback=store_url_option,
    help="Object-store backend instead of the local log: path, file://, memory://, "
    "s3://bucket/prefix (AWS_* env), gs://, az://.",
)
@click.option(
    "--cluster-key",
    type=uuid.UUID,
    envvar="METASTORE_CLUSTER_KEY",
    help="UUID the data dir (or --store) must belong to (new ones take it; others are refused).",
)
@click.option(
    "--segment-size",
    type=int,
    envvar="METASTORE_SEGMENT_SIZE",
    default=DEFAULT_SEGMENT_SIZE,
    show_default=True,
    help="Log segment size limit in bytes.",
)
@click.option(
    "--checkpoint-every",
    type=int,
    envvar="METASTORE_CHECKPOINT_EVERY",
    default=DEFAULT_CHECKPOINT_EVERY,
    show_default=True,
    help="Checkpoint the volume index every N log entries.",
)
@click.option(
    "--max-answer-bytes",
    type=click.IntRange(min=1024),
    envvar="METASTORE_MAX_ANSWER_BYTES",
    default=MAX_ANSWER_BYTES,
    show_default=True,
    help="Bytes of commits per pull_commits answer (callers follow its `next`).",
)
@click.option(
    "--store-timeout",
    type=click.FloatRange(min=0.01),
    envvar="METASTORE_STORE_TIMEOUT",
    default=DEFAULT_STORE_TIMEOUT,
    show_default=True,
    help="Seconds an object-store call may take (--store backends); slower ones answer 503.",
)
@receipt_key_options
@serve_options("METASTORE", default_port=3001)
def main(
    data_dir: Path,
    store_url: str | None,
    cluster_key: uuid.UUID | None,
    segment_size: int,
    checkpoint_every: int,
    max_answer_bytes: int,
    store_timeout: float,
    server: ServeOptions,
    receipt_key: ReceiptKey,
) -> None:
    """Serve the Graft metastore: per-volume commit logs with compare-and-set commits.

    Every option can also be set through the METASTORE_* variable shown with it. One server owns
    a data dir at a time; once it accepts connections it writes DATA_DIR/servers.json. A data dir
    that is in use, read-only, full or of another cluster: one line ``error: ...``, exit 1.
    """
    auth = server.load_auth()
    if segment_size < 4096 or checkpoint_every < 1:
        raise click.UsageError("--segment-size must be >= 4096 and --checkpoint-every >= 1")
    owner = _claim(data_dir, cluster_key) if store_url is None else None
    config = Config(
        data_dir=data_dir,
        store_url=store_url,
        cluster_key=cluster_key,
        auth=auth,
        segment_size=segment_size,
        checkpoint_every=checkpoint_every,
        receipt_key=receipt_key,
        max_answer_bytes=max_answer_bytes,
        store_timeout_s=store_timeout,
    )
    serve(create_app(config), server, log, owner=owner, **config.describe())


def _claim(data_dir: Path, cluster_key: uuid.UUID | None) -> DataDir:
    """Own the data dir, writable and of this cluster, before anything is bound or logged."""
    try:
        owner = DataDir.claim(data_dir)
        check_data_dir(data_dir, cluster_key)
    except GraftError as exc:
        raise StartupError(str(exc)) from exc
    return owner


if __name__ == "__main__":
    main()
