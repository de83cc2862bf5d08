"""Bad options to ``graft serve`` and to the servers: refused as usage errors (exit 2) before
anything starts, so no data dir is created. ``graft serve`` says so in one line of its own,
never a traceback or a child's usage text naming options it does not have."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from graft_core.tokens import KEYS_ENV
from tests.pagestore.cluster import metastore_command, pagestore_command
from tests.support.servers import running_server

GRAFT = str(Path(sys.executable).with_name("graft"))
# TEST-NET-1 (RFC 5737): not loopback, and no interface of this machine has it.
NOT_LOOPBACK = "192.0.2.1"


def _no_tokens_env() -> dict[str, str]:
    """The test environment without any token setting of the servers."""
    servers = ("METASTORE_", "PAGESTORE_")
    return {k: v for k, v in os.environ.items() if not k.startswith(servers) and k != KEYS_ENV}


def _serve(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    ports = ["--metastore-port", "0", "--pagestore-port", "0"]
    return subprocess.run(
        [GRAFT, "serve", "--data-dir", str(data), *ports, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=_no_tokens_env(),
    )


@pytest.mark.parametrize(
    ("args", "mention"),
    [
        (["--metastore-port", "70000"], "'--metastore-port': 70000 is not in the range"),
        (["--pagestore-port", "-1"], "'--pagestore-port': -1 is not in the range"),
        (["--log-level", "loud"], "'--log-level': 'loud' is not one of"),
        (["--cache-limit", "lots"], "'--cache-limit': invalid size 'lots'"),
        (["--store", "bogus://x"], "unsupported object store URL 'bogus://x'"),
        (["--host", NOT_LOOPBACK], f"{NOT_LOOPBACK} is not a loopback address"),
    ],
)
def test_bad_serve_options_are_one_line_and_start_nothing(
    tmp_path: Path, args: list[str], mention: str
) -> None:
    data = tmp_path / "data"
    done = _serve(data, *args)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert mention in lines[0]
    assert "--tokens-file" not in lines[0]  # a servers' option graft serve does not have
    assert done.stdout == ""
    assert not data.exists()


def test_serve_log_level_is_case_insensitive(tmp_path: Path) -> None:
    """``DEBUG`` passes the option check: the refusal comes from the command's own check of the
    host, which runs only once every option has been accepted."""
    done = _serve(tmp_path / "data", "--log-level", "DEBUG", "--host", NOT_LOOPBACK)
    assert done.returncode == 2
    assert "is not a loopback address" in done.stderr and "--log-level" not in done.stderr


def test_serve_insecure_reaches_both_servers(tmp_path: Path) -> None:
    """With ``--insecure`` the token check passes in graft serve and in the metastore, which
    then cannot bind an address this machine does not have: its own one line, exit 1."""
    done = _serve(tmp_path / "data", "--host", NOT_LOOPBACK, "--insecure")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: cannot listen on {NOT_LOOPBACK}:0")


@pytest.mark.parametrize("command", [metastore_command, pagestore_command])
@pytest.mark.parametrize(
    "args",
    [["--port", "70000"], ["--port", "-1"], ["--log-level", "loud"]],
)
def test_bad_server_options_are_usage_errors(
    tmp_path: Path, command: Callable[..., list[str]], args: list[str]
) -> None:
    data = tmp_path / "data"
    dirs = ["--data-dir", str(data)] if command is metastore_command else ["--cache-dir", str(data)]
    extra = [] if command is metastore_command else ["--metastore", "http://127.0.0.1:9"]
    done = subprocess.run(command(*dirs, *extra, *args), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()  # one line, not click's usage text
    assert line.startswith(f"error: invalid value for '{args[0]}'"), line
    assert line.endswith(f"(see `python -m {command()[2]} --help`)"), line
    assert not data.exists()


@pytest.mark.parametrize("command", [metastore_command, pagestore_command])
def test_a_server_without_a_receipt_key_says_so_in_one_line(
    tmp_path: Path, command: Callable[..., list[str]]
) -> None:
    data = tmp_path / "data"
    dirs = ["--data-dir", str(data)] if command is metastore_command else ["--cache-dir", str(data)]
    extra = [] if command is metastore_command else ["--metastore", "http://127.0.0.1:9"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAFT_RECEIPT_KEY")}
    done = subprocess.run(
        command(*dirs, *extra, "--port", "0"), capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: no receipt key: pass --receipt-key-file"), line
    assert not data.exists()


@pytest.mark.parametrize("command", [metastore_command, pagestore_command])
def test_servers_refuse_an_unsupported_store_url(
    tmp_path: Path, command: Callable[..., list[str]]
) -> None:
    data = tmp_path / "data"
    if command is metastore_command:
        args = ["--data-dir", str(data)]
    else:
        args = ["--metastore", "http://127.0.0.1:9", "--cache-dir", str(data)]
    done = subprocess.run(
        command(*args, "--store", "bogus://x"), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert "unsupported object store URL 'bogus://x'" in done.stderr
    assert not data.exists()


def test_pagestore_logs_no_line_per_http_request(tmp_path: Path) -> None:
    """At info level the pagestore's start-up request to the metastore is no log line."""
    with running_server(metastore_command("--data-dir", str(tmp_path / "m")), tmp_path / "a") as m:
        args = ["--metastore", m.url, "--store", str(tmp_path / "s")]
        args += ["--cache-dir", str(tmp_path / "c"), "--log-level", "info"]
        with running_server(pagestore_command(*args), tmp_path / "b") as pages:
            output = pages.output()
    assert '"msg": "listening"' in output  # info lines do show
    assert "HTTP Request" not in output
