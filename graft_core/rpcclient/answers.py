"""An error answer as the typed exception it stands for."""

from __future__ import annotations

from graft_core.errors import (
    GraftError,
    InvalidInputError,
    StorageError,
    error_for_status,
    error_from_wire,
)
from graft_core.wire import ErrorBody, decode

__all__ = ["CHECK_URLS", "answer_error", "not_a_service"]

_NO_ENDPOINT = (404, 405)
# What a URL that leads elsewhere is told to do (the CLI names its own options instead).
CHECK_URLS = "check the metastore and pagestore URLs"


def answer_error(url: str, path: str, status: int, body: bytes) -> GraftError:
    """The typed exception of the error answer of ``url`` to ``POST {path}``.

    A server without that endpoint (``url`` names the other service, or something that is not a
    Graft service, such as a web server that answers 501 to any ``POST``) would otherwise surface
    as a bare ``POST {path}``, which does not point at the URL: that becomes an
    ``InvalidInputError`` naming it. A body that is not an error body (a
    proxy's HTML page) is the error class of its status, with the status and the body's start.
    """
    try:
        err = decode(body, ErrorBody)
    except InvalidInputError:
        if status in (*_NO_ENDPOINT, 501):
            return _no_endpoint(url, path)
        return error_for_status(status)(
            f"{url} answered POST {path} with HTTP {status} and no error body: {body[:200]!r}"
        )
    if status in _NO_ENDPOINT and err.message == f"POST {path}":
        return _no_endpoint(url, path)
    found = error_from_wire(err.code, err.message)
    if isinstance(found, StorageError):  # the server's disk or store, not this machine's
        return type(found)(f"the server at {url} could not use its storage: {err.message}")
    return found


def _no_endpoint(url: str, path: str) -> InvalidInputError:
    return not_a_service(url, path.split("/")[1], f"it has no endpoint {path}")


def not_a_service(url: str, service: str, why: str) -> InvalidInputError:
    """``url``, given as the ``service``'s, leads elsewhere (``why`` says how that shows)."""
    return InvalidInputError(f"{url} is not a {service}: {why} ({CHECK_URLS})")
