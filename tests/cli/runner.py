"""Run the installed ``graft`` console script as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

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
