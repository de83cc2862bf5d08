"""Fail points armed through GRAFT_FAILPOINTS, exercised in real subprocesses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from graft_core.failpoints import _parse

SCRIPT = """
import sys
from graft_core.failpoints import FailPointError, failpoint
print("before", flush=True)
try:
    failpoint(sys.argv[1])
except FailPointError as exc:
    print("raised", type(exc).__name__, exc.code, flush=True)
    sys.exit(3)
print("after", flush=True)
"""


def run(spec: str | None, point: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GRAFT_FAILPOINTS"}
    if spec is not None:
        env["GRAFT_FAILPOINTS"] = spec
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, point],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_crash_kills_the_process_with_sigkill() -> None:
    proc = run("x=crash", "x")
    assert proc.returncode == -signal.SIGKILL
    assert proc.stdout == "before\n"


def test_error_raises_failpoint_error() -> None:
    proc = run("other=crash, x=error", "x")
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout == "before\nraised FailPointError failpoint\n"


def test_points_not_armed_do_nothing() -> None:
    for spec in (None, "", "x=crash", "x=error,y=crash"):
        proc = run(spec, "z")
        assert proc.returncode == 0, (spec, proc.stderr)
        assert proc.stdout == "before\nafter\n"


def test_malformed_spec_is_rejected_at_import() -> None:
    proc = run("x=explode", "x")
    assert proc.returncode == 1
    assert "GRAFT_FAILPOINTS" in proc.stderr
    assert "ValueError" in proc.stderr
    assert "before" not in proc.stdout


@pytest.mark.parametrize("spec", ["x", "x=", "x=crash,y", "x=CRASH", "x=crash=y"])
def test_parse_rejects_malformed_specs(spec: str) -> None:
    with pytest.raises(ValueError, match="GRAFT_FAILPOINTS"):
        _parse(spec)


def test_parse_accepts_lists() -> None:
    assert _parse("") == {}
    assert _parse("a=crash, b=error ,") == {"a": "crash", "b": "error"}
