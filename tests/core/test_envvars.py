"""A misspelt environment variable is told (a warning naming the closest real one), not ignored;
the real ones, which our tests, Makefile and demo set, are never warned about."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from graft_core.envvars import KNOWN, closest, unknown
from metastore_server.__main__ import main as metastore_main
from pagestore_server.__main__ import main as pagestore_main
from tests.cli.runner import clean_env, graft, stderr_lines

ROOT = Path(__file__).resolve().parents[2]
_NAME = r"(?:GRAFT|METASTORE|PAGESTORE)_[A-Z0-9_]*[A-Z0-9]"
_QUOTED = re.compile(rf"""["']({_NAME})\b""")
_PER_SERVICE = re.compile(r"\{prefix\}_([A-Z0-9_]*[A-Z0-9])")
_IN_TEXT = re.compile(rf"(?<![A-Za-z0-9_])({_NAME})\b")
_EXAMPLE = re.compile(r"\w+ is not a graft\s+setting")  # the README shows the warning


def _sources() -> list[Path]:
    packages = ("graft_core", "graft_client", "metastore_server", "pagestore_server")
    dirs = [*packages, "graft_pipeline", "benchmarks", "examples", "tests"]
    paths = [path for name in dirs for path in (ROOT / name).rglob("*.py")]
    return [path for path in paths if path != Path(__file__).resolve()]  # its misspellings


def test_every_variable_the_project_reads_or_sets_is_known() -> None:
    found: set[str] = set()
    for path in _sources():
        text = path.read_text()
        found.update(_QUOTED.findall(text))
        for name in _PER_SERVICE.findall(text):
            found.update({f"METASTORE_{name}", f"PAGESTORE_{name}"})
    for doc in ("README.md", "Makefile", "docs/design.md"):
        text = _EXAMPLE.sub("", (ROOT / doc).read_text())
        found.update(_IN_TEXT.findall(text))
    for command in (metastore_main, pagestore_main):
        found.update(p.envvar for p in command.params if isinstance(p.envvar, str))
    assert found - KNOWN == set()
    assert len(found) > 30  # the scan sees them: a broken pattern would find none


def test_unknown_variables_are_those_of_the_prefixes_nobody_reads() -> None:
    env = {
        "GRAFT_DIR": "/d",
        "GRAFT_DATA_DIR": "/x",
        "METASTORE_DATADIR": "/m",
        "PAGESTORE_PORT": "1",
        "GRAFTON": "unrelated",
        "HOME": "/h",
    }
    assert unknown(["GRAFT_"], env) == ["GRAFT_DATA_DIR"]
    assert unknown(["GRAFT_", "METASTORE_", "PAGESTORE_"], env) == [
        "GRAFT_DATA_DIR",
        "METASTORE_DATADIR",
    ]
    assert closest("GRAFT_DATA_DIR") == "GRAFT_DIR"  # by the config file key, data_dir
    assert closest("GRAFT_METASTORE_URL") == "GRAFT_METASTORE"
    assert closest("GRAFT_KEEPCOMMITS") == "GRAFT_KEEP_COMMITS"
    assert closest("METASTORE_DATADIR") == "METASTORE_DATA_DIR"
    assert closest("PAGESTORE_PORTS") == "PAGESTORE_PORT"
    assert closest("GRAFT_FOO") is None


def test_the_cli_warns_of_a_misspelt_variable_in_one_line_and_goes_on(tmp_path: Path) -> None:
    meant = tmp_path / "meant"
    env = clean_env(GRAFT_DATA_DIR=str(meant), GRAFT_KEEP_COMMITS="5")
    done = graft("status", data_dir=tmp_path / "used", env=env)
    assert done.returncode == 0, done.stderr
    assert stderr_lines(done) == [
        "warning: environment variable GRAFT_DATA_DIR is not a graft setting, ignored "
        "(did you mean GRAFT_DIR?)"
    ]
    assert not meant.exists()


def test_known_variables_and_other_prefixes_raise_no_warning(tmp_path: Path) -> None:
    env = clean_env(
        GRAFT_KEEP_COMMITS="5",
        GRAFT_FAILPOINTS="",
        METASTORE_SOMETHING="the services' business",
        GRAFTON="unrelated",
    )
    done = graft("status", data_dir=tmp_path / "d", env=env)
    assert done.returncode == 0 and done.stderr == b"", done.stderr


def test_a_service_warns_of_its_own_misspelt_variables_before_reading_its_options(
    tmp_path: Path,
) -> None:
    for module, prefix in (("metastore_server", "METASTORE"), ("pagestore_server", "PAGESTORE")):
        env = clean_env(
            **{f"{prefix}_DATADIR": str(tmp_path), f"{prefix}_PORTS": "1", "GRAFT_OTHER": "x"}
        )
        done = subprocess.run(
            [sys.executable, "-m", module, "--segment-size", "x"],  # a bad option: exit 2
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        warned = [line for line in done.stderr.splitlines() if "environment variable" in line]
        assert len(warned) == 2, done.stderr
        assert f"{prefix}_DATADIR is not a graft setting" in warned[0]
        assert (
            f"{prefix}_PORTS is not a graft setting, ignored (did you mean {prefix}_PORT?)"
            in (warned[1])
        )


def test_a_pipeline_job_warns_once_whether_run_by_graft_or_alone(tmp_path: Path) -> None:
    env = clean_env(GRAFT_METASTORE_URL="http://127.0.0.1:9")
    job = ["verify", "--metastore", "http://127.0.0.1:9", "--store", "bogus://x"]  # exit 2
    alone = subprocess.run(
        [sys.executable, "-m", "graft_pipeline", *job],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    through = graft("pipeline", *job, data_dir=None, env=env)
    for code, stderr in (
        (alone.returncode, alone.stderr),
        (through.returncode, through.stderr.decode()),
    ):
        assert code == 2, stderr
        warned = [line for line in stderr.splitlines() if line.startswith("warning:")]
        assert warned == [
            "warning: environment variable GRAFT_METASTORE_URL is not a graft setting, ignored "
            "(did you mean GRAFT_METASTORE?)"
        ], stderr


def test_the_demo_runs_without_a_warning() -> None:
    done = graft("demo", data_dir=None)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr.decode()
