"""Command-line plumbing of a service: the common options, auth loading and the uvicorn runner.

Both services take ``--host --port --port-file --tokens-file --insecure --log-level``, each also
read from ``{PREFIX}_*`` environment variables, and refuse to serve a non-loopback address without
tokens unless ``--insecure`` (checked before anything is bound).
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import uvicorn
from starlette.applications import Starlette

from graft_core.errors import InvalidInputError
from graft_core.files import replace_file
from graft_core.service.auth import Auth, parse_tokens
from graft_core.service.connections import ConnectionGuard, ConnectionLimits
from graft_core.service.logs import setup_logging

__all__ = ["CLICK_SETTINGS", "ServeOptions", "is_loopback", "serve", "serve_options"]

CLICK_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class ServeOptions:
    prefix: str
    host: str
    port: int
    port_file: Path | None
    tokens_file: Path | None
    insecure: bool
    log_level: str

    def load_auth(self) -> Auth:
        """Tokens from the file or ``{PREFIX}_TOKENS``; none is allowed on loopback only."""
        variable = f"{self.prefix}_TOKENS"
        text = self.tokens_file.read_text() if self.tokens_file else os.environ.get(variable)
        if text:
            try:
                return Auth(parse_tokens(text))
            except InvalidInputError as exc:
                raise click.UsageError(str(exc)) from exc
        if not (is_loopback(self.host) or self.insecure):
            raise click.UsageError(
                f"no tokens configured and {self.host} is not loopback: give --tokens-file "
                f"(or {variable}), or --insecure to serve without auth"
            )
        return Auth(None)


def serve_options(prefix: str, default_port: int) -> Callable[[Callable[..., None]], Any]:
    """Add the common options to a click command; it receives them as ``server: ServeOptions``."""
    options = [
        click.option("--host", envvar=f"{prefix}_HOST", default="127.0.0.1", show_default=True),
        click.option(
            "--port",
            type=int,
            envvar=f"{prefix}_PORT",
            default=default_port,
            show_default=True,
            help="TCP port; 0 picks a free one (see --port-file).",
        ),
        click.option(
            "--port-file",
            type=click.Path(path_type=Path),
            envvar=f"{prefix}_PORT_FILE",
            help="Write the bound port here once listening.",
        ),
        click.option(
            "--tokens-file",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            envvar=f"{prefix}_TOKENS_FILE",
            help='JSON list of {"token", "volumes": [vid]|null, "read_only": bool}; '
            f"or {prefix}_TOKENS with the same JSON.",
        ),
        click.option(
            "--insecure",
            is_flag=True,
            envvar=f"{prefix}_INSECURE",
            help="Allow serving a non-loopback address without tokens.",
        ),
        click.option(
            "--log-level", envvar=f"{prefix}_LOG_LEVEL", default="info", show_default=True
        ),
    ]

    def decorate(command: Callable[..., None]) -> Any:
        @functools.wraps(command)
        def with_serve(
            *args: Any,
            host: str,
            port: int,
            port_file: Path | None,
            tokens_file: Path | None,
            insecure: bool,
            log_level: str,
            **kwargs: Any,
        ) -> None:
            setup_logging(log_level)
            opts = ServeOptions(prefix, host, port, port_file, tokens_file, insecure, log_level)
            command(*args, server=opts, **kwargs)

        wrapped: Any = with_serve
        for option in reversed(options):
            wrapped = option(wrapped)
        return wrapped

    return decorate


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted sockets inherit this: without it a response split in two writes waits for a
    # delayed ACK (~40 ms per request on loopback, ~22 requests/s).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    return sock


def serve(app: Starlette, opts: ServeOptions, log: logging.Logger, **details: Any) -> None:
    """Bind, announce the port (log and ``--port-file``), and run until SIGTERM/SIGINT."""
    guard = _connection_guard(opts.prefix)
    sock = _listen(opts.host, opts.port)
    bound = sock.getsockname()[1]
    log.info("listening", extra={"host": opts.host, "port": bound, **details})
    if opts.port_file is not None:
        replace_file(opts.port_file, f"{bound}\n".encode(), durable=False)
    config = uvicorn.Config(
        app, log_config=None, access_log=False, lifespan="on", **guard.uvicorn_options()
    )
    uvicorn.Server(config).run(sockets=[guard.listener(sock)])


def _connection_guard(prefix: str) -> ConnectionGuard:
    """The connection cap and timeouts from ``{PREFIX}_MAX_CONNECTIONS``, ``_IDLE_TIMEOUT`` and
    ``_CLIENT_TIMEOUT`` (see ``graft_core.service.connections``)."""
    try:
        return ConnectionGuard(ConnectionLimits.from_env(prefix))
    except InvalidInputError as exc:
        raise click.UsageError(str(exc)) from exc
