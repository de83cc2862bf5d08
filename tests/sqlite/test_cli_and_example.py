"""``graft sql`` through the installed entry point, and the notes example app end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.runner import clean_env, graft, ok, stderr_lines
from tests.pagestore.cluster import Cluster

EXAMPLE = Path(__file__).parents[2] / "examples" / "notes_app.py"


def test_graft_sql_reads_statements_from_stdin(tmp_path: Path) -> None:
    script = b"create table t (x);\ninsert into t values (42), (43);\nselect sum(x) from t;\n"
    proc = graft("sql", "new", data_dir=tmp_path, stdin=script)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.decode().split() == ["85"]
    vid = proc.stderr.decode().split("created volume ")[1].split()[0]
    # The database persists in the volume: a second shell (statements as arguments) sees it.
    out = ok("sql", vid, "select count(*) from t", "pragma graft_snapshot", data_dir=tmp_path)
    count, snapshot = out.decode().splitlines()
    assert count == "2"
    assert f'"vid": "{vid}"' in snapshot and '"lsn": 2' in snapshot
    listed = ok("volume", "list", data_dir=tmp_path).decode()
    assert vid in listed and "lsn=2" in listed


def test_graft_sql_exits_1_when_a_statement_fails(tmp_path: Path) -> None:
    # From non-interactive stdin: every statement runs (like sqlite3), then exit code 1.
    script = b"select nosuch from nowhere;\nselect 7;\n"
    vid = ok("volume", "create", data_dir=tmp_path).decode().strip()
    proc = graft("sql", vid, data_dir=tmp_path, stdin=script)
    assert proc.returncode == 1, proc.stderr.decode()
    assert b"no such table: nowhere" in proc.stderr and b"Traceback" not in proc.stderr
    assert proc.stdout.decode().split() == ["7"]
    # As arguments: the first failure stops the run (later statements may depend on it), and
    # is bad input: one line, exit 2 (tests/cli/test_errors.py); the ones before stay.
    proc = graft(
        "sql", vid, "create table t (x)", "bad sql", "insert into t values (1)", data_dir=tmp_path
    )
    assert proc.returncode == 2
    assert stderr_lines(proc) == ['error: near "bad": syntax error (in: bad sql)']
    assert ok("sql", vid, "select count(*) from t", data_dir=tmp_path).split() == [b"0"]
    # A failing dot-command counts too; `.exit N` is the script's own choice.
    assert graft("sql", vid, data_dir=tmp_path, stdin=b".nosuchcommand\n").returncode == 1
    assert graft("sql", vid, data_dir=tmp_path, stdin=b"select 1;\n.exit 3\n").returncode == 3


@pytest.mark.parametrize(
    ("vid", "message"),
    [
        ("not-a-volume-id", "error: invalid VolumeId 'not-a-volume-id'"),
        ("Gonz9x756T67sdS1yEiAGC", "error: volume Gonz9x756T67sdS1yEiAGC does not exist"),
    ],
)
def test_graft_sql_exits_2_for_a_bad_volume(vid: str, message: str, tmp_path: Path) -> None:
    for statements, stdin in ((("select 1",), b""), ((), b"select 1;\n")):
        proc = graft("sql", vid, *statements, data_dir=tmp_path, stdin=stdin)
        assert proc.returncode == 2
        lines = stderr_lines(proc)
        assert len(lines) == 1 and lines[0].startswith(message), proc.stderr.decode()
        assert proc.stdout == b""


def test_notes_example_converges_after_a_conflict(cluster: Cluster, tmp_path: Path) -> None:
    env = clean_env(
        GRAFT_METASTORE=cluster.metastore.url,
        GRAFT_PAGESTORE=cluster.pagestore.url,
        PYTHONPATH=os.getcwd(),
    )
    proc = subprocess.run(
        [sys.executable, str(EXAMPLE), "--data-dir", str(tmp_path)],
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0, out + proc.stderr.decode()
    assert "phone:  conflict: reset to the remote notes and replayed my own edits" in out
    assert "converged: both devices show 3 notes" in out
    assert "[laptop] shopping: milk, eggs" in out and "[laptop] todo: call the plumber" in out


CORRUPT_SCHEMA = (
    b"create table a (x); create table b (y); insert into b values ('in b');\n"
    b"pragma writable_schema = on;\n"
    b"update sqlite_schema set sql = 'garbage' where name = 'a';\n"
)
REPAIR = (
    b"select * from b;\n"  # fails: the schema cannot be read
    b"pragma writable_schema = on;\n"
    b"delete from sqlite_schema where name = 'a';\n"
    b"pragma writable_schema = reset;\n"
    b"select * from b;\n"
)


def test_graft_sql_opens_a_corrupt_schema_to_repair_it(tmp_path: Path) -> None:
    """As the apsw shell on a native file: the shell opens, reports, and the repair works."""
    made = graft("sql", "new", data_dir=tmp_path, stdin=CORRUPT_SCHEMA)
    assert made.returncode == 0, made.stderr.decode()
    vid = made.stderr.decode().split("created volume ")[1].split()[0]
    native = tmp_path / "native.db"
    shell = [sys.executable, "-m", "apsw", str(native)]
    for stdin in (CORRUPT_SCHEMA, REPAIR):
        expected = subprocess.run(shell, input=stdin, capture_output=True, timeout=60, check=False)
    assert expected.returncode == 0, expected.stderr.decode()
    proc = graft("sql", vid, data_dir=tmp_path, stdin=REPAIR)
    assert proc.returncode == 1  # the first statement failed
    assert b"malformed database schema (a)" in proc.stderr and b"Traceback" not in proc.stderr
    assert b"malformed database schema (a)" in expected.stderr
    assert proc.stdout == expected.stdout and proc.stdout.split() == [b"in", b"b"]
    # The table whose row was deleted left its page behind, natively too.
    check = b"pragma integrity_check;\n"
    expected = subprocess.run(shell, input=check, capture_output=True, timeout=60, check=False)
    assert b"never used" in expected.stdout
    assert graft("sql", vid, data_dir=tmp_path, stdin=check).stdout == expected.stdout
