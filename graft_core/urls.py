"""Server URLs and addresses given by users: checked up front, not at the first request."""

from __future__ import annotations

import ipaddress
from urllib.parse import SplitResult, urlsplit

from graft_core.errors import InvalidInputError

__all__ = ["check_server_url", "is_loopback", "split_url"]


def split_url(url: str, what: str) -> SplitResult:
    """``urlsplit``, with a URL it cannot split (``http://[::1``) an ``InvalidInputError``
    that names ``what`` the URL is for."""
    try:
        return urlsplit(url)
    except ValueError as exc:
        raise InvalidInputError(f"{what} URL {url!r} is malformed: {exc}") from exc


def check_server_url(url: str, service: str) -> str:
    """``url`` if it is an ``http://`` or ``https://`` URL with a host and a valid port.

    A URL without a scheme or with a port out of range would otherwise fail only at the first
    request, deep inside the HTTP transport, with a message that does not name the option.
    """
    parts = split_url(url, service)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInputError(
            f"{service} URL {url!r} is not an http:// or https:// URL with a host "
            "(e.g. http://127.0.0.1:3001)"
        )
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise InvalidInputError(f"{service} URL {url!r} has an invalid port (1..65535)")
    return url


def is_loopback(host: str) -> bool:
    """Whether a server bound to ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
