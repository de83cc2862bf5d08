"""``python -m graft_pipeline package``: a zip that is all a Python with the dependencies needs
to run the jobs (it is what executors import), the same bytes for the same code, and a launcher
for spark-submit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from graft_pipeline.package import LAUNCHER_NAME, ZIP_NAME

IMPORTS = "import graft_pipeline.cli, graft_core.segment; print(graft_pipeline.cli.__file__)"


def package(out: Path) -> dict[str, str]:
    made = subprocess.run(
        [sys.executable, "-m", "graft_pipeline", "package", "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    summary: dict[str, str] = json.loads(made.stdout)
    return summary


def test_the_zip_alone_provides_the_packages(tmp_path: Path) -> None:
    summary = package(tmp_path / "a")
    assert summary["zip"] == str(tmp_path / "a" / ZIP_NAME)
    assert summary["launcher"] == str(tmp_path / "a" / LAUNCHER_NAME)
    env = {**os.environ, "PYTHONPATH": summary["zip"]}
    found = subprocess.run(
        [sys.executable, "-c", IMPORTS], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == f"{summary['zip']}/graft_pipeline/cli.py"

    launched = subprocess.run(
        [sys.executable, summary["launcher"], "--help"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert launched.returncode == 0, launched.stderr
    assert "compact" in launched.stdout and "package" in launched.stdout


def test_the_same_code_gives_the_same_zip(tmp_path: Path) -> None:
    first = Path(package(tmp_path / "a")["zip"]).read_bytes()
    assert Path(package(tmp_path / "b")["zip"]).read_bytes() == first


def test_a_malformed_spark_setting_is_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "graft_pipeline", "verify", "--conf", "executor.memory"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "expected spark.KEY=VALUE" in done.stderr
