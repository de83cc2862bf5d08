"""An error answer as the typed exception it stands for."""

from __future__ import annotations

from graft_core.errors import GraftError, InvalidInputError, error_for_status, error_from_wire
from graft_core.wire import ErrorBody, decode

__all__ = ["answer_error"]


def answer_error(url: str, path: str, status: int, body: bytes) -> GraftError:
    """The typed exception of the error answer of ``url`` to ``POST {path}``.

    A server without that endpoint (``url`` names the other service, or something that is not a
    Graft service) would otherwise surface as a bare ``POST {path}``, which does not point at the
    URL: that becomes an ``InvalidInputError`` naming it. A body that is not an error body (a
    proxy's HTML page) is the error class of its status, with the status and the body's start.
    """
    try:
        err = decode(body, ErrorBody)
    except InvalidInputError:
        if status in (404, 405):
            return _not_a_service(url, path)
        return error_for_status(status)(
            f"{url} answered POST {path} with HTTP {status} and no error body: {body[:200]!r}"
        )
    if status in (404, 405) and err.message == f"POST {path}":
        return _not_a_service(url, path)
    return error_from_wire(err.code, err.message)


def _not_a_service(url: str, path: str) -> InvalidInputError:
    return InvalidInputError(
        f"{url} is not a {path.split('/')[1]}: it has no endpoint {path} "
        "(check the metastore and pagestore URLs)"
    )
