"""Tooling, run once by hand: extract the SQL of SQLite's TCL tests into ``tcl/*.sql``.

    PYTHONPATH=. python tests/sqlite/corpus/extract_tcl.py GIT_DIR COMMIT test/trigger1.test ...

reads each file at COMMIT of a bare SQLite git mirror, takes the brace-quoted SQL arguments of
``execsql``, ``catchsql``, ``do_execsql_test``, ``do_catchsql_test`` and ``db eval`` in file
order, and starts a new database where the test does (``reset_db``, deleting ``test.db``). The
TCL around the SQL (loops, variables, other connections) is not run, so some statements fail;
both engines under test see the same failures. Dropped (see the README for why): statements
that need TCL (bound ``$variables``, functions, collations or modules the test harness
registers), statements on other files or refused by the VFS by design, nondeterministic ones,
and any statement that takes longer than ``SLOW_S`` on native SQLite.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import apsw

from tests.sqlite.corpus_scripts import (
    CORPUS,
    NEW_DATABASE,
    Outcome,
    add_test_functions,
    outcome,
    read_scripts,
)

COMMANDS = re.compile(
    r"(?<![\w$])(?:(?P<named>do_execsql_test|do_catchsql_test)|execsql|catchsql|db eval)\b"
    r"|(?P<reset>(?<![\w$])reset_db\b|forcedelete test\.db\b|delete_file test\.db\b)"
)
EXCLUDED = re.compile(
    r"\battach\b|\bdetach\b|\bvacuum\b[^;]*\binto\b|\bjournal_mode\b|\bpage_size\b|\blocking_mode\b"
    r"|\bmmap_size\b|\bwritable_schema\b|\bdatabase_list\b|\bmodule_list\b|heap_limit"
    r"|_trace\b|load_extension|_directory\b|current_(?:time|date|timestamp)|'now'",
    re.IGNORECASE,
)
# Errors that only mean "the TCL test harness would have provided this".
HARNESS_ERRORS = re.compile(
    r"no such function|no such module|no such collation|unable to open|unknown tokenizer"
)
SLOW_S = 0.05
SCRATCH = Path("/dev/shm")  # a RAM disk, if there is one: the dry runs need no fsync


def tcl_word(text: str, pos: int) -> tuple[str | None, int]:
    """The TCL word at ``pos`` (after blanks): its text if brace-quoted, else None."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos >= len(text) or text[pos] != "{":
        end = pos
        while end < len(text) and not text[end].isspace() and text[end] not in "]}":
            end += 1
        return None, end
    depth, start = 0, pos
    while pos < len(text):
        char = text[pos]
        if char == "\\":
            pos += 2
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        pos += 1
        if depth == 0:
            return re.sub(r"\\\n\s*", " ", text[start + 1 : pos - 1]), pos
    return None, pos


def sql_items(tcl: str) -> Iterator[str | None]:
    """Each SQL argument in file order, and None where the test starts a new database."""
    pos = 0
    while (found := COMMANDS.search(tcl, pos)) is not None:
        pos = found.end()
        line_start = tcl.rfind("\n", 0, found.start()) + 1
        if tcl[line_start : found.start()].lstrip().startswith("#"):
            continue
        if found.group("reset"):
            yield None
            continue
        if found.group("named"):
            _, pos = tcl_word(tcl, pos)
        sql, pos = tcl_word(tcl, pos)
        rest = tcl[pos : tcl.find("\n", pos)].strip()
        if sql is not None and not re.match(r"db\d", rest):  # not on another connection
            yield sql


def statements(sql: str) -> Iterator[str]:
    """The complete statements of ``sql``, without empty ones (a trailing fragment is dropped)."""
    buffer = ""
    for piece in sql.split(";"):
        buffer += piece + ";"
        if apsw.complete(buffer):
            code = [line for line in buffer.splitlines() if not line.strip().startswith("--")]
            if "".join(code).strip(" \t;"):
                yield buffer.strip()
            buffer = ""


def kept(dbs: tuple[apsw.Connection, apsw.Connection], sql: str) -> bool:
    """Runs ``sql`` on two native databases: whether it runs the same, quickly, without TCL."""
    first, second = (_limited(db, sql) for db in dbs)
    if first != second:  # it depends on SQLite's own randomness (a random rowid)
        return False
    if first[0] != "error":
        return True
    return first[1] not in ("InterruptError", "BindingsError") and not HARNESS_ERRORS.search(
        first[2]
    )


def _limited(db: apsw.Connection, sql: str) -> Outcome:
    deadline = time.monotonic() + SLOW_S
    db.set_progress_handler(lambda: time.monotonic() > deadline, 1000)
    try:
        return outcome(db, sql)
    finally:
        db.set_progress_handler(None)


def settle(candidates: list[str], work: Path) -> list[str]:
    """The statements kept when they run alone: dropping one changes what later ones see (an
    interrupted statement rolls back its transaction), so repeat until nothing is dropped."""
    for _ in range(20):
        with tempfile.TemporaryDirectory(dir=work) as scratch:
            dbs = (apsw.Connection(f"{scratch}/a.db"), apsw.Connection(f"{scratch}/b.db"))
            for db in dbs:
                add_test_functions(db)
            keep = [sql for sql in candidates if kept(dbs, sql)]
            for db in dbs:
                db.close()
        if keep == candidates:
            return keep
        candidates = keep
    raise AssertionError(f"the statements kept do not settle: {candidates[:3]}")


def scripts(tcl: str) -> Iterator[list[str]]:
    """The candidate statements of each database the test uses, in order."""
    current: list[str] = []
    for item in sql_items(tcl):
        if item is None:
            yield current
            current = []
        else:
            current.extend(sql for sql in statements(item) if not EXCLUDED.search(sql))
    yield current


def extract(tcl: str, source: str, work: Path) -> tuple[str, int]:
    out = [f"-- SQL of {source} (public domain), extracted by extract_tcl.py"]
    for n, candidates in enumerate(scripts(tcl)):
        if n:
            out.append(NEW_DATABASE)
        out.extend(settle(candidates, work))
    return "\n".join(out) + "\n", len(out) - 1 - out.count(NEW_DATABASE)


def main(git_dir: str, commit: str, paths: list[str]) -> None:
    target = CORPUS / "tcl"
    target.mkdir(exist_ok=True)
    for path in paths:
        tcl = subprocess.run(
            ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        with tempfile.TemporaryDirectory(dir=SCRATCH if SCRATCH.is_dir() else None) as work:
            text, written = extract(tcl, f"{path} at {commit}", Path(work))
        out = target / (Path(path).stem + ".sql")
        out.write_text(text, encoding="utf-8")
        count = sum(len(script.statements) for script in read_scripts(out))
        assert count == written, f"{out}: {written} statements written, {count} read back"
        print(f"{out.name}: {count} statements", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
