"""Run a server command that must refuse to start: exit 1, one line ``error: ...`` on stderr,
and no port file (nothing announced a server that never accepted a connection)."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

__all__ = ["refused", "remount_read_only"]


def refused(command: Sequence[str], work_dir: Path, *, port_option: bool = True) -> str:
    """The one error line of a refused start (``port_option``: append --port 0 --port-file)."""
    work_dir.mkdir(parents=True, exist_ok=True)
    port_file = work_dir / "refused.port"
    extra = ["--port", "0", "--port-file", str(port_file)] if port_option else []
    done = subprocess.run([*command, *extra], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, (done.returncode, done.stderr[-3000:])
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert not port_file.exists()
    return lines[0]


def remount_read_only(path: Path) -> None:
    """Root ignores permission bits; a read-only mount denies even root."""
    subprocess.run(["mount", "-o", "remount,ro", str(path)], check=True)
