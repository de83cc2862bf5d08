"""Ctrl-C (SIGINT) on real ``graft`` processes: a push stays resumable and says so; ``graft sql``
interrupts the running statement and goes on, as ``sqlite3`` does."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.cli.runner import GRAFT, Streams, clean_env, ok, ok_json, servers_env
from tests.pagestore.cluster import Cluster
from tests.support.polling import pid_alive, wait_until

ENDLESS = "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c;"


# What a pagestore answers to ``GET /health`` (a push asks before it starts).
PAGESTORE_HEALTH = (
    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 40\r\n\r\n"
    b'{"status": "ok", "service": "pagestore"}'
)


@contextmanager
def black_hole() -> Iterator[tuple[str, threading.Event]]:
    """A pagestore that answers its health and takes pages, but never answers them: its URL,
    and an event set once pages arrived."""
    listener = socket.create_server(("127.0.0.1", 0))
    arrived = threading.Event()
    held: list[socket.socket] = []

    def answer(conn: socket.socket) -> None:
        with contextlib.suppress(OSError):  # closed as the test ends
            while request := conn.recv(1024):
                if not request.startswith(b"GET /health"):
                    arrived.set()
                    return
                conn.sendall(PAGESTORE_HEALTH)

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return  # closed
            held.append(conn)
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", arrived
    finally:
        listener.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize("command", ["push", "sync"])
def test_interrupted_push_exits_130_saying_it_resumes(
    cluster: Cluster, tmp_path: Path, command: str
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "5", data_dir=tmp_path, env=env)
    with black_hole() as (stalled, arrived):
        push = subprocess.Popen(
            [GRAFT, "--data-dir", tmp_path, command, vid],
            env=servers_env(cluster.metastore.url, stalled),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert arrived.wait(30), "the push never sent its pages"
        push.send_signal(signal.SIGINT)
        out, err = push.communicate(timeout=30)
    assert push.returncode == 130, err.decode()
    assert out == b""
    [line] = err.decode().splitlines()
    assert line.startswith("error: interrupted: the push of ") and "resumable" in line
    assert f"`graft push {vid}`" in line

    assert ok_json("status", vid, data_dir=tmp_path, env=env)["status"] == "interrupted_push"
    resumed = ok_json("push", vid, data_dir=tmp_path, env=env)
    assert resumed["resumed"] is True and resumed["remote_lsn"] == 1


READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}[os.uname().machine]


def reading_stdin(pid: int) -> bool:
    """Whether the process's main thread is blocked reading its stdin (fd 0)."""
    fields = Path(f"/proc/{pid}/syscall").read_text().split()
    return fields[:2] == [READ_SYSCALL, "0x0"]


def test_sql_ctrl_c_interrupts_the_statement_and_the_shell_goes_on(tmp_path: Path) -> None:
    vid = ok("volume", "create", data_dir=tmp_path).decode().strip()
    shell = subprocess.Popen(
        [GRAFT, "--data-dir", tmp_path, "sql", vid],
        env=clean_env(PYTHONUNBUFFERED="1"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert shell.stdin is not None
    streams = Streams(shell)
    try:
        # .echo prints each statement to stderr just before it runs.
        shell.stdin.write(f".echo on\n{ENDLESS}\n".encode())
        shell.stdin.flush()
        streams.wait_for("stderr", "with recursive")
        shell.send_signal(signal.SIGINT)
        streams.wait_for("stderr", "interrupt")

        shell.stdin.write(b"select 40 + 2;\n")
        shell.stdin.flush()
        assert streams.wait_for("stdout", "42") == "42"

        # At the prompt: the first Ctrl-C says how to quit, the second quits.
        wait_until(lambda: reading_stdin(shell.pid), 30, "the shell waiting for input")
        shell.send_signal(signal.SIGINT)
        streams.wait_for("stderr", "Ctrl-C again")
        assert shell.poll() is None
        shell.send_signal(signal.SIGINT)
        assert shell.wait(timeout=30) == 130
    finally:
        shell.kill()
        shell.wait()


FAKE_JOB = """
import sys, time
try:
    print("job started", file=sys.stderr, flush=True)
    time.sleep(60)
except KeyboardInterrupt:
    print("job: interrupted, nothing written", file=sys.stderr, flush=True)
    sys.exit(130)
"""


def test_ctrl_c_on_a_pipeline_job_leaves_the_words_to_the_job(tmp_path: Path) -> None:
    # A stand-in job in the working directory (first on the path of `python -m`). Ctrl-C goes
    # to the whole process group, as a terminal sends it, and only the job answers.
    (tmp_path / "graft_pipeline").mkdir()
    (tmp_path / "graft_pipeline" / "__init__.py").write_text("")
    (tmp_path / "graft_pipeline" / "__main__.py").write_text(FAKE_JOB)
    proc = subprocess.Popen(
        [GRAFT, "pipeline", "verify"],
        cwd=tmp_path,
        env=clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    streams = Streams(proc)
    try:
        streams.wait_for("stderr", "job started")
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=30) == 130
        streams.wait_for("stderr", "job: interrupted")
    finally:
        proc.kill()
        proc.wait()
    assert streams.lines["stderr"] == ["job started", "job: interrupted, nothing written"]


# Python imports sitecustomize at start-up: this one sends the process a real SIGINT the moment
# the module named in $SIGINT_AT_IMPORT is first asked for, as a Ctrl-C typed then would.
SIGINT_AT_IMPORT = """
import os, signal, sys

class _CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["SIGINT_AT_IMPORT"]:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, _CtrlC())
"""


@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("click", ("--help",)),
        ("rocksdict", ("status",)),
        ("graft_client.cli.volumes", ("volume", "list")),  # a command's module, loaded to run it
        ("apsw.shell", ("sql", "new", "select 1")),
    ],
)
def test_ctrl_c_while_graft_loads_is_one_line(
    tmp_path: Path, module: str, args: tuple[str, ...]
) -> None:
    (tmp_path / "sitecustomize.py").write_text(SIGINT_AT_IMPORT)
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    env = clean_env(PYTHONPATH=path, SIGINT_AT_IMPORT=module)
    proc = subprocess.run(
        [GRAFT, "--data-dir", tmp_path / "data", *args],
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stderr.decode()) == (130, "error: interrupted\n")
    assert proc.stdout == b""


def test_daemon_stops_cleanly_on_ctrl_c(cluster: Cluster, tmp_path: Path) -> None:
    """For a daemon, Ctrl-C is the normal way to stop (README): exit 0, as on SIGTERM. One
    started on a data directory not there yet says so (a mistyped --data-dir shows)."""
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    new = tmp_path / "new-device"
    daemon = Streams(
        subprocess.Popen(
            [GRAFT, "--data-dir", new, "daemon"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    )
    try:
        daemon.wait_for("stderr", f"graft daemon syncing {new} (a new data directory: no volumes")
        daemon.proc.send_signal(signal.SIGINT)
        assert daemon.proc.wait(timeout=30) == 0
        daemon.wait_for("stderr", "graft daemon stopping")
    finally:
        daemon.proc.kill()
        daemon.proc.wait()


HANG_AT_START = """
import os, sys, time

if os.environ.get("HANG_AT_START") in sys.orig_argv:  # python -m <that server>: never ready
    open(os.path.join(os.environ["HANG_REACHED_DIR"], str(os.getpid())), "w").close()
    time.sleep(3600)
"""


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serve_stopped_while_a_server_starts_stops_at_once(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """Before, the stop was acted on once the server came up, or at the 60 s start deadline."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(HANG_AT_START)
    reached = tmp_path / "reached"
    reached.mkdir()
    env = clean_env(
        PYTHONPATH=os.pathsep.join([str(tmp_path / "site"), os.environ.get("PYTHONPATH", "")]),
        HANG_AT_START="metastore_server",
        HANG_REACHED_DIR=str(reached),
    )
    command = [str(GRAFT), "serve", "--data-dir", str(tmp_path / "data")]
    command += ["--metastore-port", "0", "--pagestore-port", "0"]
    serve = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_until(lambda: any(reached.iterdir()) or None, 30, "the metastore started")
        hung = int(next(reached.iterdir()).name)
        serve.send_signal(stop)
        assert serve.wait(timeout=10) == 0
        wait_until(lambda: not pid_alive(hung) or None, 10, "the hung metastore stopped too")
    finally:
        serve.kill()
        serve.wait()


def _sql_paused_at(
    point: str, tmp_path: Path, *statements: str
) -> tuple[subprocess.Popen[bytes], str, Path]:
    """`graft sql VID STATEMENTS...` on a table t(n), held at fail point ``point``."""
    ok("sql", "new", "create table t(n integer)", data_dir=tmp_path)
    found = str(json.loads(ok("volume", "list", "--json", data_dir=tmp_path))[0]["vid"])
    gate = tmp_path / "gate"
    gate.mkdir()
    env = clean_env(GRAFT_FAILPOINTS=f"{point}=pause", GRAFT_FAILPOINT_DIR=str(gate))
    argv: list[str | Path] = [GRAFT, "--data-dir", tmp_path, "sql", found, *statements]
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_until(lambda: list(gate.glob(f"{point}.*.reached")) or None, 30, point)
    return proc, found, gate


def test_sql_ctrl_c_as_a_statement_commits_says_it_committed_and_runs_no_more(
    tmp_path: Path,
) -> None:
    """Ctrl-C as a commit settles waits for the commit (SQLite must not roll back what
    landed): the statement runs to the end. The command went on with the next statements and
    exited 0 saying nothing (an outside tester)."""
    first, second = "insert into t values (1)", "insert into t values (2)"
    proc, vid, gate = _sql_paused_at("commit.written", tmp_path, first, second)
    proc.send_signal(signal.SIGINT)
    (gate / "commit.written.resume").touch()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert f"interrupted as {first} ended: it ran to the end" in err.decode()
    assert ok("sql", vid, "select sum(n) from t", data_dir=tmp_path).strip() == b"1"


def test_sql_ctrl_c_as_it_closes_says_every_statement_ran(tmp_path: Path) -> None:
    """It said "error: interrupted" after the statements had all committed."""
    proc, vid, _ = _sql_paused_at("sql.closing", tmp_path, "insert into t values (3)")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "every statement had run to the end" in err.decode()
    assert ok("sql", vid, "select sum(n) from t", data_dir=tmp_path).strip() == b"3"
