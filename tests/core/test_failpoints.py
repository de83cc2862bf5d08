"""Fail points armed through GRAFT_FAILPOINTS, exercised in real subprocesses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from graft_core.failpoints import _parse
from tests.support.polling import wait_until

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


def test_pause_holds_the_process_until_the_resume_file_appears(tmp_path: Path) -> None:
    env = {**os.environ, "GRAFT_FAILPOINTS": "x=pause", "GRAFT_FAILPOINT_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, "x"], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        reached = tmp_path / f"x.{proc.pid}.reached"
        wait_until(reached.exists, 60, "the pause announced")
        assert proc.poll() is None  # held there, not finished
        (tmp_path / "x.resume").touch()
        out, _ = proc.communicate(timeout=60)
        assert out.split() == ["before", "after"]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_pause_without_its_directory_is_an_error() -> None:
    proc = run("x=pause", "x")
    assert proc.returncode != 0
    assert "GRAFT_FAILPOINT_DIR" in proc.stderr
