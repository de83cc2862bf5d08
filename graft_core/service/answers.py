"""Error answers in a format the caller reads: msgpack for our clients, text for everyone else.

Our clients (``graft_client``, the pipeline, the pagestore's metastore client) say they speak
msgpack: ``application/msgpack`` as their content type or in ``Accept``. curl, a browser or a
monitoring probe do not, and a msgpack blob means nothing to them: they get ``text/plain``, or
JSON ``{code, message}`` when their ``Accept`` asks for ``application/json``. A POST to an RPC
endpoint without a content type counts as msgpack (a raw body, as tools and tests send it).
"""

from __future__ import annotations

import enum

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from graft_core.wire import CONTENT_TYPE, ErrorBody, encode

__all__ = ["Format", "answer_format", "content_type", "error_response"]


class Format(enum.Enum):
    MSGPACK = "msgpack"
    JSON = "json"
    TEXT = "text"


def content_type(request: Request) -> str:
    """The media type of the body, without parameters, lower case; "" if none is given."""
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def answer_format(request: Request, *, rpc: bool = False) -> Format:
    """How to answer ``request``; ``rpc``: it is a POST to an RPC endpoint."""
    accept = request.headers.get("accept", "").lower()
    sent = content_type(request)
    if sent == CONTENT_TYPE or CONTENT_TYPE in accept or (rpc and not sent):
        return Format.MSGPACK
    return Format.JSON if "application/json" in accept else Format.TEXT


def error_response(
    request: Request,
    status: int,
    code: str,
    message: str,
    *,
    rpc: bool = False,
    hint: str = "",
) -> Response:
    """The error ``code`` with ``message`` in ``request``'s format; ``hint`` (a pointer for a
    person, such as where the endpoints are) goes only into text and JSON answers, so msgpack
    clients see the message they match on unchanged."""
    chosen = answer_format(request, rpc=rpc)
    if chosen is Format.MSGPACK:
        body = encode(ErrorBody(code=code, message=message))
        return Response(body, status_code=status, media_type=CONTENT_TYPE)
    text = f"{message} ({hint})" if hint else message
    if chosen is Format.JSON:
        return JSONResponse({"code": code, "message": text}, status_code=status)
    return PlainTextResponse(f"error: {code}: {text}\n", status_code=status)
