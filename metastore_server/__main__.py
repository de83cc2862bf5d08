"""``graft-metastore``: serve the metastore with uvicorn (also ``python -m metastore_server``)."""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import socket
import sys
import uuid
from pathlib import Path
from typing import Any

import click
import uvicorn

from graft_core.errors import InvalidInputError
from metastore_server.app import Config, create_app
from metastore_server.auth import Auth, parse_tokens
from metastore_server.local_store import DEFAULT_CHECKPOINT_EVERY
from metastore_server.log import DEFAULT_SEGMENT_SIZE

__all__ = ["main"]

log = logging.getLogger("metastore")
_STANDARD_ATTRS = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        doc.update((k, v) for k, v in record.__dict__.items() if k not in _STANDARD_ATTRS)
        if record.exc_info:
            doc["exc"] = self.formatException(record.exc_info)
        return json.dumps(doc, default=str)


def _setup_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _load_auth(tokens_file: Path | None, host: str, insecure: bool) -> Auth:
    text = tokens_file.read_text() if tokens_file else os.environ.get("METASTORE_TOKENS")
    if text:
        return Auth(parse_tokens(text))
    if not (_is_loopback(host) or insecure):
        raise click.UsageError(
            f"no tokens configured and {host} is not loopback: "
            "give --tokens-file (or METASTORE_TOKENS), or --insecure to serve without auth"
        )
    return Auth(None)


def _write_port_file(path: Path, port: int) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(f"{port}\n")
    os.replace(tmp, path)  # atomic: a reader never sees a half-written port


@click.command(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option(
    "--data-dir",
    type=click.Path(path_type=Path),
    envvar="METASTORE_DATA_DIR",
    default=Path("graft-data/metastore"),
    show_default=True,
    help="Directory of the local commit log (the embedded default backend).",
)
@click.option("--host", envvar="METASTORE_HOST", default="127.0.0.1", show_default=True)
@click.option(
    "--port",
    type=int,
    envvar="METASTORE_PORT",
    default=3001,
    show_default=True,
    help="TCP port; 0 picks a free one (see --port-file).",
)
@click.option(
    "--port-file",
    type=click.Path(path_type=Path),
    envvar="METASTORE_PORT_FILE",
    help="Write the bound port here once listening.",
)
@click.option(
    "--store",
    "store_url",
    envvar="METASTORE_STORE",
    help="Object-store backend instead of the local log: path, file://, memory://, "
    "s3://bucket/prefix (AWS_* env), gs://, az://.",
)
@click.option(
    "--cluster-key",
    type=uuid.UUID,
    envvar="METASTORE_CLUSTER_KEY",
    help="UUID the data dir must belong to (new dirs take it; others are refused).",
)
@click.option(
    "--tokens-file",
    type=click.Path(exists=True, path_type=Path),
    envvar="METASTORE_TOKENS_FILE",
    help='JSON list of {"token", "volumes": [vid]|null, "read_only": bool}; '
    "or METASTORE_TOKENS with the same JSON.",
)
@click.option(
    "--insecure",
    is_flag=True,
    envvar="METASTORE_INSECURE",
    help="Allow serving a non-loopback address without tokens.",
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
@click.option("--log-level", envvar="METASTORE_LOG_LEVEL", default="info", show_default=True)
def main(
    data_dir: Path,
    host: str,
    port: int,
    port_file: Path | None,
    store_url: str | None,
    cluster_key: uuid.UUID | None,
    tokens_file: Path | None,
    insecure: bool,
    segment_size: int,
    checkpoint_every: int,
    log_level: str,
) -> None:
    """Serve the Graft metastore: per-volume commit logs with compare-and-set commits.

    Every option can also be set through the METASTORE_* variable shown with it.
    """
    _setup_logging(log_level)
    try:
        auth = _load_auth(tokens_file, host, insecure)
    except InvalidInputError as exc:
        raise click.UsageError(str(exc)) from exc
    if segment_size < 4096 or checkpoint_every < 1:
        raise click.UsageError("--segment-size must be >= 4096 and --checkpoint-every >= 1")
    config = Config(
        data_dir=data_dir,
        store_url=store_url,
        cluster_key=cluster_key,
        auth=auth,
        segment_size=segment_size,
        checkpoint_every=checkpoint_every,
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted sockets inherit this: without it a response split in two writes waits for a
    # delayed ACK (~40 ms per request on loopback).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    bound = sock.getsockname()[1]
    log.info("metastore listening", extra={"host": host, "port": bound, **config.describe()})
    if port_file is not None:
        _write_port_file(port_file, bound)
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), log_config=None, access_log=False, lifespan="on")
    )
    server.run(sockets=[sock])


if __name__ == "__main__":
    main()
