"""Entry point of every client process: ``python -m tests.chaos.worker --run-dir D --name N``.

A worker reports what it does as JSON lines in ``events/{name}.jsonl``; the coordinator tails
them. SIGTERM asks it to settle (finish pushing) and exit 0. An exception nobody expected is
reported as ``fatal`` with its traceback, and the coordinator counts it as a violation.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from graft_core.errors import CorruptDataError, RemoteError, StorageError
from tests.chaos.config import RoleKind, client_dir, role_kind
from tests.chaos.journal import Journal
from tests.chaos.spec import RunSpec

__all__ = ["TRANSIENT", "WorkerContext", "main"]

# What a server outage or restart looks like to a client: retry after a pause. Corrupt data is
# never transient.
TRANSIENT: tuple[type[Exception], ...] = (RemoteError, StorageError)


@dataclass
class WorkerContext:
    run_dir: Path
    name: str
    incarnation: int
    spec: RunSpec
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.spec.seed}/{self.name}/{self.incarnation}")
        self.events = Journal(self.run_dir / "events" / f"{self.name}.jsonl")
        self._seq = 0

    @property
    def data_dir(self) -> Path:
        # An attached reader or writer shares a data dir with another process: owner or
        # attached, whichever it gets, it must behave as one with a dir of its own would.
        return self.run_dir / "clients" / client_dir(self.name)

    @property
    def shares_dir(self) -> bool:
        return client_dir(self.name) in self.spec.shared_dirs

    def emit(self, kind: str, **fields: Any) -> None:
        self.events.append({"event": kind, "incarnation": self.incarnation, **fields})

    def violation(self, message: str) -> None:
        self.emit("violation", message=f"{self.name}: {message}")

    def next_token(self) -> str:
        """Unique across every commit of the run: incarnations never repeat for a name."""
        self._seq += 1
        return f"{self.name}/{self.incarnation}/{self._seq}"

    def transient(self, exc: BaseException) -> None:
        if isinstance(exc, CorruptDataError):
            raise exc
        self.emit("transient", error=type(exc).__name__)
        time.sleep(self.rng.uniform(0.05, 0.5))  # not stop.wait: settling retries after a stop

    def pace(self) -> None:
        self.stop.wait(self.rng.uniform(0.0, self.spec.writer_pause_s))


def _role(kind: RoleKind) -> Callable[[WorkerContext], None]:
    # Imported per role: a lite reader need not load apsw, a writer need not load the lite client.
    if kind is RoleKind.WRITER:
        from tests.chaos.roles.writer import run_writer

        return run_writer
    if kind is RoleKind.READER:
        from tests.chaos.roles.reader import run_reader

        return run_reader
    if kind is RoleKind.LITE:
        from tests.chaos.roles.lite import run_lite

        return run_lite
    raise ValueError(f"no worker role {kind.value!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.chaos.worker")
    parser.add_argument("--run-dir", type=Path, required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--incarnation", type=int, required=True)
    args = parser.parse_args(argv)
    ctx = WorkerContext(args.run_dir, args.name, args.incarnation, RunSpec.load(args.run_dir))

    def request_stop(signum: int, frame: FrameType | None) -> None:
        ctx.stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    ctx.emit("start")
    try:
        _role(role_kind(args.name))(ctx)
    except Exception:
        ctx.emit("fatal", message=f"{args.name}: {traceback.format_exc()}")
        return 1
    ctx.emit("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
