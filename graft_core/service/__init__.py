"""Plumbing both HTTP services share: auth, msgpack RPC routes, the app shell and the runner.

Imported only by the servers (it needs the ``server`` extra: starlette, uvicorn); the client and
``graft_core`` itself never import it.
"""

from graft_core.service.answers import error_response
from graft_core.service.app import service_app
from graft_core.service.auth import Auth, Grant, parse_tokens
from graft_core.service.connections import ConnectionGuard, ConnectionLimits
from graft_core.service.logs import JsonFormatter, RepeatFilter, setup_logging
from graft_core.service.receipt_option import receipt_key_options
from graft_core.service.rpc import Endpoint, read_body
from graft_core.service.runner import (
    CLICK_SETTINGS,
    ServeOptions,
    ServiceCommand,
    StartupError,
    is_loopback,
    serve,
    serve_options,
)

__all__ = [
    "CLICK_SETTINGS",
    "Auth",
    "ConnectionGuard",
    "ConnectionLimits",
    "Endpoint",
    "Grant",
    "JsonFormatter",
    "RepeatFilter",
    "ServeOptions",
    "ServiceCommand",
    "StartupError",
    "error_response",
    "is_loopback",
    "parse_tokens",
    "read_body",
    "receipt_key_options",
    "serve",
    "serve_options",
    "service_app",
    "setup_logging",
]
