"""Command-line plumbing of a service: the common options, auth loading and the uvicorn runner.

Both services take ``--host --port --port-file --tokens-file --token-key-file --insecure
--log-level``, each also read from ``{PREFIX}_*`` environment variables (the signed-token keys
also from ``GRAFT_TOKEN_KEYS``), and refuse to serve a non-loopback address without tokens unless
``--insecure`` (checked before anything is bound).

Start-up order: the command checks its data dir (``graft_core.datadir``), ``serve`` binds the
socket, the app's lifespan opens the storage (log replay), the socket listens, and only then are
the port file and ``servers.json`` written, so whoever reads them can connect at once. A failure
on the way is one line ``error: ...`` and exit 1.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click
import uvicorn
from starlette.applications import Starlette

from graft_core.datadir import DataDir, local_url
from graft_core.envvars import warn_unknown
from graft_core.errors import GraftError, InvalidInputError
from graft_core.files import replace_file
from graft_core.options import LOG_LEVEL, PORT, one_line_usage
from graft_core.service.auth import Auth, parse_tokens
from graft_core.service.connections import ConnectionGuard, ConnectionLimits
from graft_core.service.logs import setup_logging
from graft_core.tokens import KEYS_ENV, TokenKeys
from graft_core.urls import is_loopback

__all__ = [
    "CLICK_SETTINGS",
    "ServeOptions",
    "ServiceCommand",
    "StartupError",
    "is_loopback",
    "serve",
    "serve_options",
]

CLICK_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class ServiceCommand(click.Command):
    """A service's command: before its options are read (a misspelt variable may be why they
    fail), a warning for each ``{PREFIX}_*`` variable it does not know. Only its own prefix: the
    ``GRAFT_*`` ones are the ``graft`` command's, which would tell them a second time when
    ``graft serve`` starts both services."""

    def __init__(self, *args: Any, prefix: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.prefix = prefix

    def main(self, *args: Any, **kwargs: Any) -> Any:
        setup_logging("info")  # again once --log-level is known
        warn_unknown((f"{self.prefix}_",))
        return super().main(*args, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with one_line_usage():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line_usage():  # options checked once all are read (auth, receipt key)
            return super().invoke(ctx)


@dataclass(frozen=True)
class ServeOptions:
    prefix: str
    host: str
    port: int
    port_file: Path | None
    tokens_file: Path | None
    insecure: bool
    log_level: str
    token_key_file: Path | None = None

    def load_auth(self) -> Auth:
        """Static tokens from the file or ``{PREFIX}_TOKENS`` and signed-token keys from
        ``--token-key-file`` or ``GRAFT_TOKEN_KEYS``; neither is allowed on loopback only."""
        variable = f"{self.prefix}_TOKENS"
        text = self.tokens_file.read_text() if self.tokens_file else os.environ.get(variable)
        try:
            auth = Auth(parse_tokens(text) if text else None, TokenKeys.load(self.token_key_file))
        except InvalidInputError as exc:
            raise click.UsageError(str(exc)) from exc
        if not (auth.enabled or is_loopback(self.host) or self.insecure):
            raise click.UsageError(
                f"no tokens configured and {self.host} is not loopback: give --tokens-file "
                f"(or {variable}) or --token-key-file (or {KEYS_ENV}), or --insecure to serve "
                "without auth"
            )
        return auth


def serve_options(prefix: str, default_port: int) -> Callable[[Callable[..., None]], Any]:
    """Add the common options to a click command; it receives them as ``server: ServeOptions``."""
    options = [
        click.option("--host", envvar=f"{prefix}_HOST", default="127.0.0.1", show_default=True),
        click.option(
            "--port",
            type=PORT,
            envvar=f"{prefix}_PORT",
            default=default_port,
            show_default=True,
            help="TCP port; 0 picks a free one (see --port-file).",
        ),
        click.option(
            "--port-file",
            type=click.Path(path_type=Path),
            envvar=f"{prefix}_PORT_FILE",
            help="Write the bound port here once the server accepts connections.",
        ),
        click.option(
            "--tokens-file",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            envvar=f"{prefix}_TOKENS_FILE",
            help='JSON list of {"token", "volumes": [vid]|null, "read_only": bool}; '
            f"or {prefix}_TOKENS with the same JSON.",
        ),
        click.option(
            "--token-key-file",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            envvar=f"{prefix}_TOKEN_KEY_FILE",
            help="Keys of signed tokens (graft token create), one kid=base64key a line, newest "
            f"last; or {KEYS_ENV} with the same text.",
        ),
        click.option(
            "--insecure",
            is_flag=True,
            envvar=f"{prefix}_INSECURE",
            help="Allow serving a non-loopback address without tokens.",
        ),
        click.option(
            "--log-level",
            type=LOG_LEVEL,
            envvar=f"{prefix}_LOG_LEVEL",
            default="info",
            show_default=True,
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
            token_key_file: Path | None,
            insecure: bool,
            log_level: str,
            **kwargs: Any,
        ) -> None:
            setup_logging(log_level)
            opts = ServeOptions(
                prefix, host, port, port_file, tokens_file, insecure, log_level, token_key_file
            )
            command(*args, server=opts, **kwargs)

        wrapped: Any = with_serve
        for option in reversed(options):
            wrapped = option(wrapped)
        return wrapped

    return decorate


class StartupError(click.ClickException):
    """A server that cannot start: one line ``error: ...`` on stderr and exit status 1 (bad
    options exit 2, as click's usage errors do)."""

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted sockets inherit this: without it a response split in two writes waits for a
        # delayed ACK (~40 ms per request on loopback, ~22 requests/s).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise StartupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    return sock


class _Server(uvicorn.Server):
    """Enters the app's lifespan itself (uvicorn's is off), so storage that fails to open ends
    ``serve`` with that exception rather than a logged traceback, and announces readiness only
    once the lifespan opened the storage and the socket accepts connections."""

    def __init__(
        self,
        config: uvicorn.Config,
        app: Starlette,
        on_ready: Callable[[], None],
        on_stop: Callable[[], None],
    ) -> None:
        super().__init__(config)
        self._app = app
        self._on_ready = on_ready
        self._on_stop = on_stop
        self._lifespan: AbstractAsyncContextManager[Any] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self._lifespan = self._app.router.lifespan_context(self._app)
        await self._lifespan.__aenter__()
        try:
            await super().startup(sockets=sockets)
        except BaseException as exc:
            await self._lifespan.__aexit__(type(exc), exc, exc.__traceback__)
            raise
        if self.started and not self.should_exit:
            self._on_ready()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._on_stop()  # first: nobody should find a server that is going away
        try:
            await super().shutdown(sockets=sockets)
        finally:
            if self._lifespan is not None and not self.force_exit:
                await self._lifespan.__aexit__(None, None, None)


def serve(
    app: Starlette,
    opts: ServeOptions,
    log: logging.Logger,
    *,
    owner: DataDir | None = None,
    **details: Any,
) -> None:
    """Bind, open the storage (the app's lifespan), accept connections, then announce the port
    (log, ``--port-file``, and ``servers.json`` in the data dir ``owner`` holds); run until
    SIGTERM/SIGINT.

    Storage that cannot be opened, or an address in use, raise ``StartupError`` (one line).
    """
    guard = _connection_guard(opts.prefix)
    sock = _listen(opts.host, opts.port)
    bound = sock.getsockname()[1]
    role = opts.prefix.lower()

    def on_ready() -> None:
        log.info("listening", extra={"host": opts.host, "port": bound, **details})
        if owner is not None:
            url = local_url(opts.host, bound)
            owner.announce({role: url, "cluster": app.state.cluster()})
        if opts.port_file is not None:
            replace_file(opts.port_file, f"{bound}\n".encode(), durable=False)

    def on_stop() -> None:
        if owner is not None:
            owner.withdraw()
        app.state.stopping()

    config = uvicorn.Config(
        app, log_config=None, access_log=False, lifespan="off", **guard.uvicorn_options()
    )
    try:
        _Server(config, app, on_ready, on_stop).run(sockets=[guard.listener(sock)])
    except KeyboardInterrupt:  # uvicorn stopped cleanly, then raised the Ctrl-C again
        log.info("stopped (Ctrl-C)")
    except (GraftError, OSError) as exc:
        raise StartupError(str(exc)) from exc


def _connection_guard(prefix: str) -> ConnectionGuard:
    """The connection cap and timeouts from ``{PREFIX}_MAX_CONNECTIONS``, ``_IDLE_TIMEOUT`` and
    ``_CLIENT_TIMEOUT`` (see ``graft_core.service.connections``)."""
    try:
        return ConnectionGuard(ConnectionLimits.from_env(prefix))
    except InvalidInputError as exc:
        raise click.UsageError(str(exc)) from exc
