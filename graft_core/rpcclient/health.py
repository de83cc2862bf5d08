"""A server's ``GET /health`` read by whoever was given its URL: which service answered, whether
it is ready, and its cluster key.

Every Graft server names its service there (``{"status", "service", "cluster"}``), so a URL
given for one service that leads to the other, or to something that is no Graft server, is told
as such before anything relies on the answer (the cluster key a pagestore marks its store with,
say). A server that does not answer, or a 5xx without a health body (a proxy in front of a server
that is down), says nothing about who is there: the caller decides whether to wait for it.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

import httpx

from graft_core.errors import InvalidInputError
from graft_core.rpcclient.answers import not_a_service
from graft_core.transport import tls_context

__all__ = ["HEALTH_PATH", "Health", "probe_health", "read_health"]

HEALTH_PATH = "/health"


@dataclass(frozen=True)
class Health:
    ready: bool
    cluster: uuid.UUID | None


def read_health(url: str, service: str, status: int, content: bytes) -> Health | None:
    """The health of the ``service`` at ``url`` from its answer to ``GET /health``; None when the
    answer does not tell who answered. ``InvalidInputError`` when it is another service or no
    Graft server."""
    try:
        body = json.loads(content)
    except ValueError:
        body = None
    if not (isinstance(body, dict) and "status" in body):
        if status >= 500:
            return None
        raise not_a_service(url, service, f"it answers GET {HEALTH_PATH} with HTTP {status}")
    named = body.get("service")
    if named != service:
        why = f"it is a graft {named}" if isinstance(named, str) else "it names no service"
        raise not_a_service(url, service, why)
    try:
        cluster = uuid.UUID(body["cluster"]) if "cluster" in body else None
    except (ValueError, TypeError, AttributeError):
        cluster = None
    return Health(status == 200, cluster)


def probe_health(url: str, service: str, timeout: float) -> Health | None:
    """``read_health`` of a blocking ``GET /health``; None too when nothing answers in time."""
    try:
        response = httpx.get(url.rstrip("/") + HEALTH_PATH, timeout=timeout, verify=tls_context())
    except httpx.UnsupportedProtocol as exc:
        raise InvalidInputError(f"{service} URL {url!r}: {exc}") from exc
    except httpx.HTTPError:
        return None
    return read_health(url.rstrip("/"), service, response.status_code, response.content)
