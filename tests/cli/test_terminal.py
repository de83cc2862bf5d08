"""What ``graft`` shows besides results: progress bars on a terminal only, log lines in one
format, the daemon's --verbose, graft pragmas printed once, shell completion."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import threading
from pathlib import Path

from graft_client import LiteClient
from tests.cli.runner import GRAFT, Streams, clean_env, graft, ok, servers_env
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until

FILL_300_PAGES = (  # more pages than a first read fetches with its neighbours
    "create table t(x); with recursive c(i) as (select 1 union all select i + 1 from c "
    "where i < 300) insert into t select randomblob(3000) from c;"
)


def stderr_on_a_terminal(argv: list[str | Path], env: dict[str, str]) -> tuple[int, str]:
    """Run with stderr on a pseudo-terminal; the exit code and what the terminal showed."""
    controller, terminal = pty.openpty()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    shown = bytearray()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # EIO: the process closed its side
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    proc.communicate(timeout=60)
    reader.join(timeout=30)
    os.close(controller)
    return proc.returncode, shown.decode(errors="replace")


def test_push_shows_progress_on_a_terminal_only(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url, TERM="xterm")
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    base: list[str | Path] = [GRAFT, "--data-dir", tmp_path]

    ok("write", vid, "1", "--fill", "1", data_dir=tmp_path, env=env)
    code, shown = stderr_on_a_terminal([*base, "push", vid], env)
    assert code == 0 and f"pushing {vid}" in shown

    ok("write", vid, "2", "--fill", "1", data_dir=tmp_path, env=env)
    code, shown = stderr_on_a_terminal([*base, "--quiet", "push", vid], env)
    assert code == 0 and shown == ""

    ok("write", vid, "3", "--fill", "1", data_dir=tmp_path, env=env)
    piped = graft("push", vid, data_dir=tmp_path, env=env)
    assert piped.returncode == 0 and piped.stderr == b""


def run_daemon(data_dir: Path, env: dict[str, str], *flags: str) -> Streams:
    daemon = subprocess.Popen(
        [GRAFT, "--data-dir", data_dir, "daemon", "--wait-ms", "200", *flags],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    return Streams(daemon)


def stop(streams: Streams) -> list[str]:
    streams.proc.send_signal(signal.SIGTERM)
    assert streams.proc.wait(timeout=30) == 0
    return streams.lines["stderr"]


def test_daemon_logs_pushes_with_verbose_and_only_problems_without(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "1", data_dir=tmp_path, env=env)
    verbose = run_daemon(tmp_path, env, "--verbose")
    pushed = verbose.wait_for("stderr", f"pushed {vid}")
    lines = stop(verbose)
    assert " info: pushed " in pushed
    assert all(" info: " in line or line.startswith("graft daemon") for line in lines), lines

    ok("write", vid, "2", "--fill", "1", data_dir=tmp_path, env=env)
    quiet = run_daemon(tmp_path, env)
    with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
        wait_until(lambda: lite.snapshot(vid).lsn == 2, 30, "the daemon's push")
    lines = stop(quiet)
    assert [line.split(" ")[:2] for line in lines] == [["graft", "daemon"]] * 2, lines


def test_graft_pragmas_print_once(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path / "a", env=env).decode().strip()
    ok("sql", vid, FILL_300_PAGES, data_dir=tmp_path / "a", env=env)
    ok("push", vid, data_dir=tmp_path / "a", env=env)

    # With headers (the default of a terminal) the JSON showed twice: SQLite names the result
    # column of a VFS pragma after its value.
    shown = ok(
        "sql", vid, data_dir=tmp_path / "b", env=env, stdin=b".headers on\npragma graft_version;\n"
    )
    [line] = shown.decode().splitlines()
    assert line.startswith('{"apsw": ')

    # Each run of a pragma shows its own answer (nothing is cached across statements).
    shown = ok(
        "sql",
        vid,
        "pragma graft_fetch_all",
        "pragma graft_fetch_all",
        data_dir=tmp_path / "c",
        env=env,
    )
    first, second = shown.decode().splitlines()
    assert first != '{"fetched": 0}' and second == '{"fetched": 0}'


def test_shell_completion_script_generates(tmp_path: Path) -> None:
    script = ok(data_dir=None, env=clean_env(_GRAFT_COMPLETE="bash_source")).decode()
    assert (
        "_graft_completion()" in script
        and "complete -o nosort -F _graft_completion graft" in script
    )
    words = clean_env(_GRAFT_COMPLETE="bash_complete", COMP_WORDS="graft vol", COMP_CWORD="1")
    assert ok(data_dir=None, env=words).decode().split() == ["plain,volume"]
    zsh = ok(data_dir=None, env=clean_env(_GRAFT_COMPLETE="zsh_source")).decode()
    assert "#compdef graft" in zsh
