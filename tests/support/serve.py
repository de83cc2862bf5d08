"""``graft serve`` as a real child process on ephemeral ports (tests and benchmarks)."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["GRAFT", "graft_serve"]

GRAFT = str(Path(sys.executable).with_name("graft"))


@contextmanager
def graft_serve(
    data_dir: Path, store: str | None = None, env: dict[str, str] | None = None
) -> Iterator[dict[str, str]]:
    """``graft serve`` (with ``--store`` when given); its URLs from the lines it prints once
    both servers answer. SIGTERM at the end: serve stops both children before exiting."""
    store_args = [] if store is None else ["--store", store]
    argv = [GRAFT, "serve", "--data-dir", str(data_dir), *store_args]
    ports = ["--metastore-port", "0", "--pagestore-port", "0"]
    proc = subprocess.Popen([*argv, *ports], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        urls: dict[str, str] = {}
        for name in ("metastore", "pagestore"):
            line = proc.stdout.readline()  # blocks until serve reports both healthy (or exits)
            assert line.startswith(f"{name}: "), f"graft serve said {line!r} ({proc.poll()})"
            urls[name] = line.split(": ", 1)[1].strip()
        yield urls
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
