"""Run the installed ``graft`` console script as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

GRAFT = Path(sys.executable).parent / "graft"


def clean_env(**extra: str) -> dict[str, str]:
    """The test environment without any GRAFT_* setting, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAFT_")}
    env.update(extra)
    return env


def graft(
    *args: str | Path,
    data_dir: Path | None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    argv: list[str] = [str(GRAFT)]
    if data_dir is not None:
        argv += ["--data-dir", str(data_dir)]
    argv += [str(a) for a in args]
    return subprocess.run(
        argv,
        input=stdin if stdin is not None else b"",
        capture_output=True,
        env=clean_env() if env is None else env,
        timeout=60,
        check=False,
    )


def ok(*args: str | Path, data_dir: Path | None, **kw: Any) -> bytes:
    """Run and require success; returns stdout."""
    proc = graft(*args, data_dir=data_dir, **kw)
    assert proc.returncode == 0, (args, proc.returncode, proc.stderr.decode())
    assert b"Traceback" not in proc.stderr
    return proc.stdout


def ok_json(*args: str | Path, data_dir: Path | None, **kw: Any) -> Any:
    return json.loads(ok(*args, "--json", data_dir=data_dir, **kw))


def stderr_lines(proc: subprocess.CompletedProcess[bytes]) -> list[str]:
    return proc.stderr.decode().splitlines()


def servers_env(metastore: str, pagestore: str, **extra: str) -> dict[str, str]:
    """The test environment naming the servers, as a user's shell would."""
    return clean_env(GRAFT_METASTORE=metastore, GRAFT_PAGESTORE=pagestore, **extra)


class Streams:
    """A running process's stdout and stderr, read by threads, to wait for a line with a
    deadline while the process runs."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.lines: dict[str, list[str]] = {"stdout": [], "stderr": []}
        self.changed = threading.Condition()
        for name in self.lines:
            stream = getattr(proc, name)
            threading.Thread(target=self._pump, args=(name, stream), daemon=True).start()

    def _pump(self, name: str, stream: IO[bytes]) -> None:
        for raw in iter(stream.readline, b""):
            with self.changed:
                self.lines[name].append(raw.decode(errors="replace").rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, name: str, text: str, timeout: float = 30.0) -> str:
        """The first line of ``name`` containing ``text``, waiting for it up to ``timeout``."""

        def found() -> str | None:
            return next((line for line in self.lines[name] if text in line), None)

        with self.changed:
            if not self.changed.wait_for(lambda: found() is not None, timeout):
                raise AssertionError(f"no {text!r} on {name} in {timeout}s: {self.lines}")
            line = found()
            assert line is not None
            return line
