"""One remote procedure call, as data: which endpoint, which request, which answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from graft_core.wire import Message

__all__ = ["Call"]

A = TypeVar("A", bound=Message)


@dataclass(frozen=True, slots=True)
class Call(Generic[A]):
    """``POST {prefix}/{endpoint}`` with ``request``, answered by an ``answer`` struct.

    ``timeout`` replaces the client's read timeout for this call (a long poll waits longer).
    The same encoded request is sent on every attempt: retrying a commit repeats its
    ``(cid, commit_hash)``, which the metastore answers with the commit it already stored.
    """

    endpoint: str
    request: Message
    answer: type[A]
    timeout: float | None = None
