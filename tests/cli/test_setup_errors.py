"""Set-up problems a new user meets first: one line saying what to do, no traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from tests.cli.runner import graft, servers_env, stderr_lines

# ``sys.modules[name] = None`` makes importing ``name`` fail as if it were not installed.
_WITHOUT_PYSPARK = """
import runpy, sys
sys.modules["pyspark"] = None
sys.argv = ["-m", "verify", "--help"]
runpy.run_module("graft_pipeline", run_name="__main__", alter_sys=True)
"""


def test_a_data_dir_that_cannot_be_created_is_one_line_in_words(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("")
    for data_dir, reason in [
        (Path("/proc/graft-data"), "No such file or directory"),
        (not_a_dir / "data", "Not a directory"),
    ]:
        proc = graft("volume", "create", data_dir=data_dir)
        assert proc.returncode == 2, proc.stderr
        assert stderr_lines(proc) == [
            f"error: cannot create data directory {data_dir}: {reason}; pick another --data-dir"
        ]
    assert not_a_dir.read_text() == ""


def test_the_pipeline_without_pyspark_says_to_install_the_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PYSPARK], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "graft-volumes[pipeline]" in lines[0]
    assert done.stdout == ""


_CLI_WITHOUT_PYSPARK = """
import sys
sys.modules["pyspark"] = None
from graft_client.cli import main
sys.argv = ["graft", "pipeline", *sys.argv[1:]]
main()
"""


def test_graft_pipeline_without_pyspark_has_help_and_says_what_to_install() -> None:
    """Every command has --help: this one exited 1 with the missing extra's error instead."""
    run = [sys.executable, "-c", _CLI_WITHOUT_PYSPARK]
    helped = subprocess.run([*run, "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.startswith("Usage: graft pipeline JOB")
    assert "compact" in helped.stdout and "graft-volumes[pipeline]" in helped.stdout
    job = subprocess.run([*run, "verify"], capture_output=True, text=True, timeout=60)
    assert job.returncode == 1
    [line] = job.stderr.splitlines()
    assert line.startswith("error: ") and "graft-volumes[pipeline]" in line


def test_a_metrics_port_out_of_range_is_a_usage_error(tmp_path: Path) -> None:
    env = servers_env("http://127.0.0.1:9", "http://127.0.0.1:9")
    proc = graft("daemon", "--metrics-port", "70000", data_dir=tmp_path / "data", env=env)
    assert proc.returncode == 2, proc.stderr
    lines = stderr_lines(proc)
    assert len(lines) == 1 and "'--metrics-port': 70000 is not in the range" in lines[0]
    assert not (tmp_path / "data").exists()


def test_a_metrics_port_in_use_names_the_port_and_the_option(tmp_path: Path) -> None:
    """It said ``error: [Errno 98] Address already in use``, naming neither (``graft serve``
    names both). The servers here answer nothing: the daemon would retry its syncs."""
    env = servers_env("http://127.0.0.1:9", "http://127.0.0.1:9")
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        proc = graft("daemon", "--metrics-port", str(port), data_dir=tmp_path / "data", env=env)
    assert proc.returncode == 1, proc.stderr
    [line] = stderr_lines(proc)
    assert line.startswith(f"error: cannot serve metrics on 127.0.0.1:{port}: "), line
    assert "--metrics-port" in line


def test_the_pipeline_refuses_an_unsupported_store_url_before_asking_the_metastore() -> None:
    args = ["verify", "--metastore", "http://127.0.0.1:9", "--store", "bogus://x"]
    done = subprocess.run(
        [sys.executable, "-m", "graft_pipeline", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()  # one line, as the graft command's usage errors
    assert line.startswith("error: invalid value for '--store': unsupported object store URL")
    assert line.endswith("(see `python -m graft_pipeline verify --help`)"), line
