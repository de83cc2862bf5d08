"""``moto_server`` with S3's atomic conditional writes; run as a script, it is ``moto_server``.

moto checks ``If-None-Match: *`` (and ``If-Match``) and then stores the object as two separate
steps, and its server answers requests on many threads: two create-only PUTs of one key that
arrive together can both pass the check, both store, and both answer 200 (moto 5.2.5, the latest
release). S3 lets exactly one of them create the object. The metastore's commit fence is that
create-only PUT, so on plain moto two metastore nodes can both win one LSN: the scale-out test
then sees "LSN n was acknowledged to two commits" about once in a dozen runs.

Here every object write (PUT: objects, copies, parts; POST: completing a multipart upload) runs
under one lock, so its check and its store are one step, as on S3. The request body is read
before the handler runs, so the lock never waits on the network.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

from moto.s3.responses import S3Response

__all__ = ["WRITE_HANDLERS", "atomic", "install"]

# The S3Response methods that check a write's preconditions and store the object.
WRITE_HANDLERS = ("_key_response_put", "_key_response_post")

_WRITING = threading.Lock()


def atomic(handler: Callable[..., Any]) -> Callable[..., Any]:
    """``handler`` with its precondition check and its store as one step among all writes."""

    @functools.wraps(handler)
    def locked(*args: Any, **kwargs: Any) -> Any:
        with _WRITING:
            return handler(*args, **kwargs)

    return locked


def install(patch: Callable[[object, str, Any], None] = setattr) -> None:
    """Make moto's S3 writes atomic in this process (``patch`` sets an attribute)."""
    for name in WRITE_HANDLERS:
        patch(S3Response, name, atomic(getattr(S3Response, name)))


if __name__ == "__main__":
    from moto.server import main

    install()
    main()
