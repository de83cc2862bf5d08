"""An outside SQL corpus through the VFS gives exactly what native SQLite on a file gives.

The corpus (``tests/sqlite/corpus/``, see its README) is SQLite's sqllogictest scripts and SQL
taken from SQLite's own TCL tests. Every statement runs on native apsw (a file) and on a volume
through the graft VFS; the rows or the error (class and message), ``changes()``,
``total_changes()``, ``last_insert_rowid()`` and whether a transaction is open must be equal.
After each corpus file the client is reopened, and each script's volume must pass
``integrity_check`` and hold exactly the native file's pages, byte for byte. Between
transactions the volume always has as many pages as the native file, and a second VFS
connection on the volume sees every page as the native file has it (no stale cache). The TCL
files run a second time with a tiny page cache in each journal mode, and a few files are also
pushed: a LiteClient must read the same pages from the servers.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import LiteClient
from graft_client.sqlite import JOURNAL_MODES
from graft_core.types import PAGE_SIZE
from tests.pagestore.cluster import Cluster
from tests.sqlite.corpus_scripts import (
    CORPUS,
    Outcome,
    Script,
    Statement,
    add_test_functions,
    corpus_files,
    outcome,
    read_scripts,
)
from tests.sqlite.support import Device, as_stored, device

MIN_STATEMENTS = 20_000
PUSHED = ["tcl/autovacuum.sql", "tcl/bigrow.sql", "tcl/vacuum.sql"]
SHOWN = 20  # mismatches printed in a failure (all are counted)
TINY_CACHE = 5  # pages
# Every page of the main database as SQLite sees it: another connection's stale cache shows.
# Ordered: a script may set reverse_unordered_selects on its own connection.
PAGES_SEEN = (
    "select name, path, pageno, pagetype, ncell, payload, unused from dbstat('main') "
    "order by name, path"
)


@dataclass
class Run:
    """What one corpus file did on both engines."""

    statements: int = 0
    mismatches: list[str] = field(default_factory=list)
    volumes: dict[str, tuple[str, Path]] = field(default_factory=dict)  # script: vid, native

    def verdict(self) -> str:
        shown = "\n".join(self.mismatches[:SHOWN])
        return f"{len(self.mismatches)} mismatches in {self.statements} statements:\n{shown}"


@pytest.fixture
def fast_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A RAM disk where there is one: fsyncs would triple the run time and durability is not
    what this test checks (``test_crash`` does). The file contents are the same anywhere.
    Also the working directory, so that no statement can leave a file elsewhere."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else tmp_path) as made:
        monkeypatch.chdir(made)
        yield Path(made)


@dataclass(frozen=True)
class Settings:
    """What both connections of a script are given before the script's first statement."""

    cache_pages: int | None = None
    journal_mode: str | None = None
    # Whether a second VFS connection looks at every commit (the pass that runs it is enough).
    watched: bool = True

    def apply(self, db: apsw.Connection) -> None:
        if self.cache_pages is not None:
            db.execute(f"pragma cache_size = {self.cache_pages}")
        if self.journal_mode is not None:
            db.execute(f"pragma journal_mode = {self.journal_mode}")


def _connect(name: str, vfs: str | None = None, settings: Settings = Settings()) -> apsw.Connection:
    db = apsw.Connection(name, vfs=vfs) if vfs else apsw.Connection(name)
    add_test_functions(db)
    settings.apply(db)
    return db


def _against_sqllogictest(statement: Statement, native: Outcome) -> str | None:
    """Where native SQLite disagrees with the corpus's own verdict: the harness reads it wrong."""
    failed = native[0] == "error"
    if statement.expect is None or failed == (statement.expect == "error"):
        return None
    return f"sqllogictest says 'statement {statement.expect}', native SQLite gave {native!r:.200}"


class Engines:
    """One script's databases: native SQLite on a file and a volume through the VFS, plus a
    second VFS connection that only looks at each commit, as another connection of the app."""

    def __init__(self, dev: Device, native_path: Path, settings: Settings) -> None:
        self.native_path = native_path
        self.native = _connect(str(native_path), settings=settings)
        self.graft = _connect("new", dev.vfs, settings)
        self.volume = dev.client.open_volume(self.graft.filename)
        self.other = _connect(self.graft.filename, dev.vfs) if settings.watched else None
        self.lsn = self.volume.latest_lsn()
        self.sizes_agree = True  # a size mismatch is reported once: later ones follow from it

    def step(self, statement: Statement) -> str | None:
        expected = outcome(self.native, statement.sql)
        got = outcome(self.graft, statement.sql)
        if got != expected:
            return f"native {expected!r:.300}\n  graft  {got!r:.300}"
        problem = _against_sqllogictest(statement, expected)
        if problem or self.graft.in_transaction:
            return problem
        return self._size_problem() or self._other_connection_problem()

    def _size_problem(self) -> str | None:
        """Between transactions, the volume has as many pages as the native file."""
        snapshot = self.volume.snapshot()
        pages = 0 if snapshot is None else snapshot.page_count
        size = self.native_path.stat().st_size
        if not self.sizes_agree or pages * PAGE_SIZE == size:
            return None
        self.sizes_agree = False
        return f"after the transaction the volume has {pages} pages, the native file {size} bytes"

    def _other_connection_problem(self) -> str | None:
        """After each commit, the other connection sees every page as the native file has it."""
        lsn = self.volume.latest_lsn()
        if self.other is None or lsn == self.lsn:
            return None
        self.lsn = lsn
        expected, seen = (outcome(db, PAGES_SEEN)[:2] for db in (self.native, self.other))
        if seen == expected:
            return None
        return f"another connection sees {seen!r:.300}\n  natively {expected!r:.300}"

    def close(self) -> None:
        for db in (self.native, self.graft):
            if db.in_transaction:  # a script may end inside BEGIN: both drop the same work
                db.execute("rollback")
        for db in (self.native, self.graft, *([self.other] if self.other else [])):
            db.close()


def run_script(
    script: Script, dev: Device, native_path: Path, run: Run, settings: Settings
) -> None:
    engines = Engines(dev, native_path, settings)
    for statement in script.statements:
        problem = engines.step(statement)
        run.statements += 1
        if problem:
            where = f"{script.name} line {statement.line}: {statement.sql!r:.200}"
            run.mismatches.append(f"{where}\n  {problem}")
    run.volumes[script.name] = (engines.graft.filename, native_path)
    engines.close()


def _native_pages(path: Path) -> list[bytes]:
    data = path.read_bytes()
    return [data[n : n + PAGE_SIZE] for n in range(0, len(data), PAGE_SIZE)]


def check_volume(dev: Device, script: str, vid: str, native_path: Path) -> list[str]:
    """The reopened volume is a sound database holding exactly the native file's pages."""
    expected = _native_pages(native_path)
    db = _connect(vid, dev.vfs)
    check = db.execute("pragma integrity_check").fetchall()
    count = db.execute("pragma page_count").fetchall()[0][0]
    db.close()
    problems = [] if check == [("ok",)] else [f"{script}: integrity_check {check[:5]}"]
    volume = dev.client.open_volume(vid)
    snapshot = volume.snapshot()
    pages = 0 if snapshot is None else snapshot.page_count
    if not pages == count == len(expected):
        problems.append(
            f"{script}: the volume has {pages} pages, SQLite counts {count}, "
            f"the native file has {len(expected)}"
        )
    with volume.reader() as reader:
        found = as_stored([reader.read(n) for n in range(1, min(pages, len(expected)) + 1)])
    pairs = zip(found, as_stored(expected), strict=False)
    differ = [n for n, (a, b) in enumerate(pairs, 1) if a != b]
    if differ:
        problems.append(f"{script}: pages {differ[:10]} differ from the native file")
    return problems


def check_remote(dev: Device, cluster: Cluster, script: str, vid: str, native: Path) -> list[str]:
    """After a push, the servers hold exactly the native file's pages too."""
    expected = _native_pages(native)
    if dev.client.open_volume(vid).push() is None:
        return [] if not expected else [f"{script}: nothing to push for {len(expected)} pages"]
    with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
        snapshot = lite.snapshot(vid)
        pages = lite.read_many(vid, range(1, snapshot.page_count + 1))
    found = as_stored([pages[n] for n in sorted(pages)])
    pairs = zip(found, as_stored(expected), strict=False)
    differ = [n for n, (a, b) in enumerate(pairs, 1) if a != b]
    if len(found) == len(expected) and not differ:
        return []
    return [
        f"{script}: the servers have {len(found)} pages, the native file {len(expected)}; "
        f"pages {differ[:10]} differ"
    ]


def run_file(
    path: Path, root: Path, cluster: Cluster | None = None, settings: Settings = Settings()
) -> Run:
    run = Run()
    with device(root / "graft", cluster) as dev:
        for n, script in enumerate(read_scripts(path)):
            run_script(script, dev, root / f"native-{n}.db", run, settings)
    with device(root / "graft", cluster) as dev:
        for name, (vid, native_path) in run.volumes.items():
            run.mismatches.extend(check_volume(dev, name, vid, native_path))
            if cluster is not None:
                run.mismatches.extend(check_remote(dev, cluster, name, vid, native_path))
    return run


def _name(path: Path) -> str:
    return str(path.relative_to(CORPUS))


@pytest.mark.parametrize("path", corpus_files(), ids=_name)
def test_corpus_file_same_as_native(path: Path, fast_dir: Path) -> None:
    run = run_file(path, fast_dir)
    assert run.statements == sum(len(script.statements) for script in read_scripts(path))
    assert not run.mismatches, run.verdict()


def _tiny_cache_runs() -> list[Any]:
    """Each TCL file with a tiny cache, taking the VFS's journal modes in turn."""
    files = [path for path in corpus_files() if path.suffix == ".sql"]
    return [
        pytest.param(path, mode, id=f"{_name(path)}-{mode}")
        for path, mode in zip(files, itertools.cycle(JOURNAL_MODES), strict=False)
    ]


@pytest.mark.parametrize(("path", "journal_mode"), _tiny_cache_runs())
def test_corpus_file_with_a_tiny_cache_same_as_native(
    path: Path, journal_mode: str, fast_dir: Path
) -> None:
    """Transactions larger than SQLite's cache write pages before they commit (a rollback
    writes them back, from a journal file in all modes but ``memory``): the VFS's paths for
    them run too. The TCL tests write much more than the sqllogictest files, which only insert
    a few rows at a time."""
    run = run_file(path, fast_dir, settings=Settings(TINY_CACHE, journal_mode, watched=False))
    assert not run.mismatches, run.verdict()


@pytest.mark.parametrize("name", PUSHED)
def test_corpus_file_pushed_same_as_native(name: str, fast_dir: Path, cluster: Cluster) -> None:
    run = run_file(CORPUS / name, fast_dir, cluster)
    assert not run.mismatches, run.verdict()


def test_corpus_is_large() -> None:
    statements = sum(len(s.statements) for path in corpus_files() for s in read_scripts(path))
    assert statements >= MIN_STATEMENTS
    assert set(PUSHED) <= {_name(path) for path in corpus_files()}
