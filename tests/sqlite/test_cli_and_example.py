"""``graft sql`` through the installed entry point, and the notes example app end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.cli.runner import clean_env, graft, ok
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


def test_graft_sql_reports_sql_errors_and_unknown_volumes(tmp_path: Path) -> None:
    proc = graft("sql", "new", data_dir=tmp_path, stdin=b"select nosuch from nowhere;\n")
    assert b"no such table: nowhere" in proc.stderr
    proc = graft("sql", "Gonz9x756T67sdS1yEiAGC", "select 1", data_dir=tmp_path)
    assert proc.returncode != 0
    assert b"Gonz9x756T67sdS1yEiAGC" in proc.stderr


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
