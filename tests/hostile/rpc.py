"""Hostile msgpack bodies sent over a bare socket (``tests.fuzz.rawhttp``): no client library
between the test and the server to validate or reshape what is sent."""

from __future__ import annotations

from graft_core.wire import CONTENT_TYPE, ErrorBody, Message, decode, encode

__all__ = ["error_code", "send"]

from tests.fuzz.rawhttp import raw_post


def send(url: str, path: str, body: Message | bytes) -> tuple[int, bytes]:
    data = body if isinstance(body, bytes) else encode(body)
    headers = {"content-type": CONTENT_TYPE, "content-length": str(len(data))}
    return raw_post(url, path, headers, [data])


def error_code(answer: bytes) -> str:
    return decode(answer, ErrorBody).code
