"""A bare server doing a replicated commit's unavoidable steps, the floor of replication lag.

``POST /write`` stores its body in a durable new file (the pages, as a pagestore would),
``POST /append`` appends its body to a log with fdatasync (the commit, as a metastore would) and
wakes every ``GET /wait?after=N`` long poll once more than N appends are done (the other device
learning of the commit). Run as ``python -m benchmarks.baselines.floor --dir D --port 0
--port-file F`` (``tests.support.servers.ServerProcess`` starts it so).
"""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from benchmarks.baselines.durable import durable_append, durable_new_file
from graft_core.service import ServeOptions, serve

__all__ = ["floor_app"]


class _Log:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.fd = os.open(directory / "log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self.appended = 0
        self.changed = anyio.Event()

    def note_append(self) -> None:
        self.appended += 1
        self.changed.set()
        self.changed = anyio.Event()


def floor_app(directory: Path) -> Starlette:
    log: list[_Log] = []  # made on the server's event loop (anyio.Event needs one)

    def state() -> _Log:
        if not log:
            log.append(_Log(directory))
        return log[0]

    async def write(request: Request) -> Response:
        body = await request.body()
        await anyio.to_thread.run_sync(durable_new_file, directory, body)
        return Response(b"written")

    async def append(request: Request) -> Response:
        body = await request.body()
        await anyio.to_thread.run_sync(durable_append, state().fd, body)
        state().note_append()
        return Response(str(state().appended).encode())

    async def wait(request: Request) -> Response:
        after = int(request.query_params["after"])
        while state().appended <= after:
            await state().changed.wait()
        return Response(str(state().appended).encode())

    async def health(request: Request) -> Response:
        return Response(b"ok")

    return Starlette(
        routes=[
            Route("/write", write, methods=["POST"]),
            Route("/append", append, methods=["POST"]),
            Route("/wait", wait, methods=["GET"]),
            Route("/health", health, methods=["GET"]),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", type=Path)
    args = parser.parse_args()
    opts = ServeOptions("FLOOR", "127.0.0.1", args.port, args.port_file, None, False, "warning")
    serve(floor_app(args.dir), opts, logging.getLogger("floor"))


if __name__ == "__main__":
    main()
