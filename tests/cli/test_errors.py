"""Failures told in the CLI's words: one ``error:`` line that says what to do, no traceback, no
Python API names."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import apsw
import pytest

from graft_client import Client
from graft_client.sqlite import register, unregister
from graft_core.ids import VolumeId
from tests.cli.runner import clean_env, graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster
from tests.support.servers import free_port
from tests.support.tmpfs import small_tmpfs
from tests.support.webserver import plain_web_server

PYTHON_WORDS = ("Client", "metastore=", "reset_to_remote", "Volume.", "Error(", "Traceback")


def one_error_line(proc: subprocess.CompletedProcess[bytes], code: int, *mentions: str) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stderr.decode())
    lines = stderr_lines(proc)
    assert len(lines) == 1, proc.stderr.decode()
    assert lines[0].startswith("error: "), lines
    for word in mentions:
        assert word in lines[0], (word, lines[0])
    for word in PYTHON_WORDS:
        assert word not in lines[0], (word, lines[0])
    return lines[0]


def volume_with_a_commit(data_dir: Path) -> str:
    vid = ok("volume", "create", data_dir=data_dir).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=data_dir)
    return vid


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        (("push",), ("missing argument 'VID'", "`graft push --help`")),
        (("bogus",), ("no such command 'bogus'", "`graft --help`")),
        (("write", "V", "x", "--fill", "1"), ("'PAGEIDX'", "`graft write --help`")),
        (("volume", "create", "--sync", "sideways"), ("--sync", "`graft volume create --help`")),
        (("--no-such-flag", "status"), ("--no-such-flag", "`graft --help`")),
        (
            ("volume", "list", "--metastore", "http://127.0.0.1:1"),
            ("--metastore goes before the command: `graft --metastore ... volume list`",),
        ),
    ],
    ids=[
        "missing argument",
        "unknown command",
        "bad value",
        "bad choice",
        "unknown option",
        "group option after the command",
    ],
)
def test_usage_errors_are_one_line_with_a_hint(
    tmp_path: Path, args: tuple[str, ...], mentions: tuple[str, ...]
) -> None:
    proc = graft(*args, data_dir=tmp_path)
    one_error_line(proc, 2, *mentions)
    assert proc.stdout == b""


def test_sync_without_servers_names_the_flags_and_variables(tmp_path: Path) -> None:
    vid = volume_with_a_commit(tmp_path)
    remote = [("log", vid, "--remote"), ("read", vid, "1", "--remote")]
    for args in [("push", vid), ("pull", vid), *remote]:
        proc = graft(*args, data_dir=tmp_path)
        assert proc.returncode in (1, 2)
        one_error_line(proc, proc.returncode, "--metastore/--pagestore", "GRAFT_METASTORE")
    # An id that is wrong is told first: servers would not make it right.
    for args in [("push", "notavid"), ("reset", "notavid"), ("push", an_unknown_vid())]:
        proc = graft(*args, data_dir=tmp_path)
        line = one_error_line(proc, 2, args[1])
        assert "--metastore" not in line, line


def test_server_that_is_down_says_to_start_it(cluster: Cluster, tmp_path: Path) -> None:
    vid = volume_with_a_commit(tmp_path)
    down = f"http://127.0.0.1:{free_port()}"
    for env in (
        servers_env(down, cluster.pagestore.url),
        servers_env(cluster.metastore.url, down),
    ):
        proc = graft("push", vid, data_dir=tmp_path, env=env)
        one_error_line(proc, 1, "cannot reach the", down, "connection refused", "graft serve")


def test_swapped_ports_say_so(cluster: Cluster, tmp_path: Path) -> None:
    """Whichever request finds the other server first: a push's cluster check, a clone's or
    a lite read's first metastore request."""
    vid = volume_with_a_commit(tmp_path)
    env = servers_env(cluster.pagestore.url, cluster.metastore.url)
    proc = graft("push", vid, data_dir=tmp_path, env=env)
    one_error_line(proc, 2, "--metastore and --pagestore", "swapped")
    unknown = an_unknown_vid()
    for args, data_dir in [
        (("clone", unknown), tmp_path),
        (("clone", unknown), tmp_path / "new-device"),
        (("read", unknown, "1", "--remote"), tmp_path),
    ]:
        proc = graft(*args, data_dir=data_dir, env=env)
        said = f"{cluster.pagestore.url} is the pagestore, not the metastore"
        one_error_line(proc, 2, said, "swapped")


def test_a_url_given_for_both_servers_or_leading_to_no_server_is_told_as_such(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Neither is a swap; either is bad input, which leaves the volume as it was."""
    vid = volume_with_a_commit(tmp_path)
    env = servers_env(cluster.metastore.url, cluster.metastore.url)
    proc = graft("push", vid, data_dir=tmp_path, env=env)
    one_error_line(proc, 2, f"{cluster.metastore.url} is the metastore", "given for both")
    with plain_web_server(tmp_path / "www") as url:
        proc = graft("push", vid, data_dir=tmp_path, env=servers_env(cluster.metastore.url, url))
        line = one_error_line(proc, 2, f"{url} is not a pagestore", "--pagestore")
    assert "swapped" not in line
    status = ok_json("status", vid, data_dir=tmp_path, env=clean_env())
    assert (status["status"], status["last_error"]) == ("ok", None)


def test_url_without_a_scheme_shows_one(tmp_path: Path) -> None:
    env = clean_env(GRAFT_METASTORE="127.0.0.1:3001", GRAFT_PAGESTORE="http://127.0.0.1:3000")
    proc = graft("status", data_dir=tmp_path, env=env)
    one_error_line(proc, 2, "127.0.0.1:3001", "http://127.0.0.1:3001")


@pytest.mark.parametrize(
    ("option", "url"),
    [("--metastore", "http://[::1"), ("--pagestore", "http://[zz]:1"), ("--remote", "file://[::1")],
)
def test_a_url_that_cannot_be_split_is_bad_input_in_one_line(
    tmp_path: Path, option: str, url: str
) -> None:
    """Before: a traceback ending in ``ValueError: Invalid IPv6 URL``, exit 1."""
    proc = graft(option, url, "volume", "list", data_dir=tmp_path)
    one_error_line(proc, 2, repr(url))


def test_serve_on_a_busy_port_says_which_option_moves_it(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        for option in ("--metastore-port", "--pagestore-port"):
            other = "--pagestore-port" if option == "--metastore-port" else "--metastore-port"
            proc = graft(
                "serve", "--data-dir", tmp_path / "serve", option, port, other, "0", data_dir=None
            )
            one_error_line(proc, 1, f"127.0.0.1:{port}", "in use", option)
    assert not (tmp_path / "serve").exists()  # refused before making anything


def test_serve_with_one_port_for_both_servers_is_a_usage_error(tmp_path: Path) -> None:
    port = free_port()  # free: the refusal must not depend on a listener
    args = ["--metastore-port", str(port), "--pagestore-port", str(port)]
    proc = graft("serve", "--data-dir", tmp_path / "serve", *args, data_dir=None)
    one_error_line(proc, 2, f"both {port}", "--metastore-port", "--pagestore-port")
    assert not (tmp_path / "serve").exists()  # refused before anything is made


def test_serve_with_a_store_refuses_a_data_dir_that_keeps_its_commit_log(tmp_path: Path) -> None:
    """Before direct mode, ``graft serve --store`` kept the commit log in DATA_DIR/metastore;
    now the log lives in the store. Serving such a data dir would show none of its volumes."""
    log = tmp_path / "serve" / "metastore" / "log"
    log.mkdir(parents=True)
    proc = graft("serve", "--data-dir", tmp_path / "serve", "--store", "memory://", data_dir=None)
    one_error_line(proc, 2, str(log), "--store")
    assert sorted(p.name for p in (tmp_path / "serve").iterdir()) == ["metastore"]


def test_rejected_push_and_stuck_status_say_graft_reset(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    a, b = tmp_path / "a", tmp_path / "b"
    vid = volume_with_a_commit(a)
    ok("push", vid, data_dir=a, env=env)
    ok("clone", vid, data_dir=b, env=env)
    ok("read", vid, "1", "--hex", data_dir=b, env=env)  # fetched: counted in b's status
    for data_dir in (a, b):
        ok("write", vid, "2", "--fill", "9", data_dir=data_dir, env=env)
    ok("push", vid, data_dir=a, env=env)

    rejected = graft("push", vid, data_dir=b, env=env)
    one_error_line(rejected, 1, "rejected", f"`graft reset {vid}`")
    again = graft("push", vid, data_dir=b, env=env)
    one_error_line(again, 1, "rejected_commit", f"`graft reset {vid}`")

    status = ok("status", vid, data_dir=b, env=env).decode()
    rows = {line[:17].strip(): line[17:] for line in status.splitlines()}
    assert rows["status"] == "rejected_commit"
    assert f"`graft reset {vid}`" in rows["next_step"]
    assert "CommitRejectedError" in rows["last_error"]  # told by the process that pushed
    assert int(rows["pages_fetched"]) >= 1
    assert int(rows["bytes_fetched"]) == 4096 * int(rows["pages_fetched"])

    ok("reset", vid, data_dir=b, env=env)
    assert "next_step        -" in ok("status", vid, data_dir=b, env=env).decode()


def test_status_says_when_commits_wait_and_nothing_syncs(cluster: Cluster, tmp_path: Path) -> None:
    """Seen after a `graft daemon` was killed: the app that took over does not sync, and the
    status said `ok` with no next step while the unpushed commits grew."""
    vid = volume_with_a_commit(tmp_path)
    local = ok_json("status", vid, data_dir=tmp_path)  # no servers: nothing to sync to
    assert (local["unpushed_commits"], local["next_step"]) == (1, None)
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    waiting = ok_json("status", vid, data_dir=tmp_path, env=env)
    assert (waiting["autosync"], waiting["status"]) == (False, "ok")
    assert waiting["next_step"].startswith("1 local commit waits and nothing syncs")
    assert f"graft push {vid}" in waiting["next_step"]
    ok("push", vid, data_dir=tmp_path, env=env)
    assert ok_json("status", vid, data_dir=tmp_path, env=env)["next_step"] is None


def test_failing_sql_statement_argument_is_one_line_naming_it(tmp_path: Path) -> None:
    made = graft("sql", "new", "create table t(x)", "insert into t values (1)", data_dir=tmp_path)
    vid = made.stderr.decode().split("created volume ")[1].split()[0]
    for statement, said in [
        ("selec * from t", 'near "selec": syntax error (in: selec * from t)'),
        ("select * from nosuch", "no such table: nosuch (in: select * from nosuch)"),
        (".nosuchcommand", "(in: .nosuchcommand)"),
    ]:
        proc = graft("sql", vid, "insert into t values (2)", statement, data_dir=tmp_path)
        assert one_error_line(proc, 2).endswith(said)
    # The statements before a failing one stay committed, as in sqlite3.
    assert ok("sql", vid, "select count(*) from t", data_dir=tmp_path).split() == [b"4"]


def test_statements_for_a_new_volume_that_fail_before_a_commit_leave_no_volume(
    tmp_path: Path,
) -> None:
    proc = graft("sql", "new", "create tabel t(x)", data_dir=tmp_path)
    one_error_line(proc, 2, 'near "tabel": syntax error')
    assert ok_json("volume", "list", data_dir=tmp_path) == []
    piped = graft("sql", "new", data_dir=tmp_path, stdin=b"create tabel t(x);\n")
    assert piped.returncode == 1, piped.stderr.decode()  # the shell's own message, as sqlite3
    assert ok_json("volume", "list", data_dir=tmp_path) == []
    # Statements that committed before the failing one keep their volume, which is named.
    proc = graft("sql", "new", "create table t(x)", "selec", data_dir=tmp_path)
    assert proc.returncode == 2
    made, failed = stderr_lines(proc)
    assert failed.endswith("(in: selec)")
    vid = made.removeprefix("created volume ")
    assert [volume["vid"] for volume in ok_json("volume", "list", data_dir=tmp_path)] == [vid]


def test_statements_for_a_new_volume_that_fail_in_a_new_data_dir_leave_no_data_dir(
    tmp_path: Path,
) -> None:
    """They left the data dir they made, empty: bad input stores nothing."""
    new = tmp_path / "new"
    proc = graft("sql", "new", "create tabel t(x)", data_dir=new)
    one_error_line(proc, 2, 'near "tabel": syntax error')
    assert not new.exists()
    piped = graft("sql", "new", data_dir=new, stdin=b"create tabel t(x);\n")
    assert piped.returncode == 1, piped.stderr.decode()
    assert not new.exists()
    made = graft("sql", "new", "create table t(x)", "selec", data_dir=new)
    assert made.returncode == 2  # a statement committed: the volume and its data dir stay
    vid = stderr_lines(made)[0].removeprefix("created volume ")
    assert [volume["vid"] for volume in ok_json("volume", "list", data_dir=new)] == [vid]
    proc = graft("sql", "new", "create tabel t(x)", data_dir=new)
    one_error_line(proc, 2, 'near "tabel": syntax error')
    assert new.is_dir()  # it was there before: it stays, with its volume
    assert [volume["vid"] for volume in ok_json("volume", "list", data_dir=new)] == [vid]


def test_sql_statement_on_a_locked_database_exits_1_saying_how_to_wait(tmp_path: Path) -> None:
    made = graft("sql", "new", "create table t(x)", data_dir=tmp_path)
    vid = made.stderr.decode().split("created volume ")[1].split()[0]
    with Client(tmp_path) as owner:  # this process owns the data dir, and writes
        register(owner, "locker")
        db = apsw.Connection(vid, vfs="locker")
        db.execute("begin immediate")
        db.execute("insert into t values (1)")
        proc = graft("sql", vid, "insert into t values (2)", data_dir=tmp_path)
        # The database's state, not bad input (before: exit 2).
        one_error_line(proc, 1, "database is locked", "insert into t values (2)", ".timeout")
        db.execute("commit")
        db.close()
        unregister("locker")
    assert ok("sql", vid, "select count(*) from t", data_dir=tmp_path).split() == [b"1"]


def test_sql_on_a_volume_that_is_not_a_database_says_so_once(tmp_path: Path) -> None:
    vid = volume_with_a_commit(tmp_path)
    proc = graft("sql", vid, "select 1", data_dir=tmp_path)
    one_error_line(proc, 2, f"volume {vid} is not an SQLite database", "`graft sql new`")


def an_unknown_vid() -> str:
    return str(VolumeId.random())


def test_unknown_volume_says_where_it_was_looked_for(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    unknown = an_unknown_vid()
    for args in [
        ("read", unknown, "1"),
        ("clone", unknown),
        ("sql", unknown, "select 1"),
        ("log", unknown, "--remote"),
        ("read", unknown, "1", "--remote"),
    ]:
        proc = graft(*args, data_dir=tmp_path, env=env)
        said = f"the metastore at {cluster.metastore.url} does not know volume {unknown}"
        one_error_line(proc, 2, said)
    for args in [("log", unknown), ("status", unknown), ("push", unknown)]:
        proc = graft(*args, data_dir=tmp_path, env=env)
        line = one_error_line(proc, 2, f"volume {unknown} does not exist in {tmp_path}")
        assert line.endswith(
            f"see `graft volume list`, or `graft clone {unknown}` to fetch it from the servers"
        )

    never_pushed = volume_with_a_commit(tmp_path)
    proc = graft("log", never_pushed, "--remote", data_dir=tmp_path, env=env)
    said = f"the servers at {cluster.metastore.url} have no commits of {never_pushed}"
    one_error_line(proc, 2, said, f"never pushed? `graft push {never_pushed}`")
    proc = graft("read", never_pushed, "1", "--remote", data_dir=tmp_path, env=env)
    said = f"the metastore at {cluster.metastore.url} does not know volume {never_pushed}"
    one_error_line(proc, 2, said, f"never pushed? `graft push {never_pushed}` first")


def test_a_data_dir_that_does_not_exist_is_said_so_and_not_created(tmp_path: Path) -> None:
    """A mistyped --data-dir: commands that only look at what is stored there say that
    nothing is, naming the path, and leave no new data directory behind (listing commands
    list nothing, the others fail in one line). Commands that may store something (create,
    clone, import, read through to the servers) still make it."""
    missing = tmp_path / "typo"
    vid = an_unknown_vid()
    for args, empty in [
        (("volume", "list"), "no volumes"),
        (("status",), "no volumes"),
        (("tag", "list"), "no tags"),
    ]:
        assert ok(*args, data_dir=missing).decode().strip() == (
            f"{empty}: no data directory at {missing}"
        )
        assert ok_json(*args, data_dir=missing) == []
    for args in [
        ("log", vid),
        ("status", vid),
        ("volume", "status", vid),
        ("volume", "delete", vid, "--yes"),
        ("push", vid),
        ("reset", vid),
        ("diff", vid, "1", "2"),
        ("revert", vid, "--lsn", "1"),
        ("key", "rotate", vid),
        ("tag", "rm", "nightly"),
        ("compact",),
        ("fork", vid),
    ]:
        proc = graft(*args, data_dir=missing)
        one_error_line(proc, 2, f"no data directory at {missing}", "--data-dir")
    # Commands that sync, with no servers to sync with: told before anything is created.
    for args in [("pull", vid), ("fetch", vid), ("sync", vid), ("daemon",)]:
        proc = graft(*args, data_dir=missing)
        one_error_line(proc, 2, "no servers configured", "--metastore/--pagestore")
    assert not missing.exists()
    ok("volume", "create", data_dir=missing)
    assert missing.is_dir()


def test_a_clone_that_cannot_be_leaves_no_new_data_dir(cluster: Cluster, tmp_path: Path) -> None:
    """Commands that clone a volume into a new data directory (clone, read, write, sql,
    export, audit, pull, fetch, sync) ask the servers first: a wrong id, a volume they lack,
    servers down or none configured fail as before, and no directory is left behind."""
    new = tmp_path / "new-device"
    up = servers_env(cluster.metastore.url, cluster.pagestore.url)
    down = servers_env(f"http://127.0.0.1:{free_port()}", cluster.pagestore.url)
    unknown = an_unknown_vid()
    commands = [
        ("clone", unknown),
        ("read", unknown, "1"),
        ("write", unknown, "1", "--fill", "7"),
        ("sql", unknown, "select 1"),
        ("export", unknown, str(tmp_path / "out.db")),
        ("audit", unknown),
        ("pull", unknown),
        ("fetch", unknown),
        ("sync", unknown),
    ]

    def refused(args: tuple[str, ...], env: dict[str, str] | None, code: int, *said: str) -> str:
        line = one_error_line(graft(*args, data_dir=new, env=env), code, *said)
        assert not new.exists(), args
        return line

    for args in commands:
        said = f"the metastore at {cluster.metastore.url} does not know volume {unknown}"
        line = refused(args, up, 2, said, "check the id")
        assert "graft push" not in line  # no local volume to push first
    for args in commands[:2]:
        refused(args, down, 1, "cannot reach the metastore")
        refused(args, None, 2, f"no data directory at {new}", "no servers configured")
    refused(("clone", "0123"), up, 2, "invalid VolumeId '0123'")
    vid = volume_with_a_commit(tmp_path / "first-device")
    ok("push", vid, data_dir=tmp_path / "first-device", env=up)
    ok("clone", vid, data_dir=new, env=up)
    assert ok("volume", "list", data_dir=new).decode().count(vid) == 1


def test_a_full_disk_says_what_failed_and_what_to_do_in_cli_words(tmp_path: Path) -> None:
    """The import's own failure, not the close that followed it, and no library advice."""
    source = tmp_path / "big.bin"
    source.write_bytes(os.urandom(16 << 20))  # incompressible: twice the disk
    with small_tmpfs(tmp_path / "disk", size="8m") as disk:
        proc = graft("import", source, data_dir=disk / "client")
        line = one_error_line(proc, 1, "the disk is full", "free space, then run the command again")
        assert "closing" not in line and "reopen" not in line
        assert ok_json("volume", "list", data_dir=disk / "client") == []
