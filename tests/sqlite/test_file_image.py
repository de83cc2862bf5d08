"""The volume is SQLite's file, page for page, after every transaction.

The same statements run on native SQLite (a file) and on a volume; after each transaction the
volume's pages equal the file's, so a database that shrinks (VACUUM, auto_vacuum) shrinks the
volume too, and deleted rows survive in it exactly where they survive in the file.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import apsw
import pytest
from hypothesis import given
from hypothesis import strategies as st

from graft_client import Client, LiteClient, Volume
from graft_client.sqlite import JOURNAL_MODES
from graft_core.types import LSN, PAGE_SIZE, PageCount, Snapshot
from tests.fuzz.budget import share_of_profile
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import Device, as_stored, device, pragma_json

SECRET = b"SECRET-"
# Rows 1..n (generate_series is not built into every SQLite).
ROWS = (
    "(with recursive s(i) as (select 1 union all select i + 1 from s where i < {n}) "
    "select i from s)"
)
FILL = f"insert into t (x) select 'SECRET-' || i || zeroblob(3000) from {ROWS.format(n=8)}"

# Each list: setup, then statements that end with SQLite's file smaller than at its largest.
SHRINKING = {
    "vacuum": ["create table t (x)", FILL, "delete from t", "vacuum"],
    "auto_vacuum_full": ["pragma auto_vacuum = full", "create table t (x)", FILL, "delete from t"],
    "incremental_vacuum": [
        "pragma auto_vacuum = incremental",
        "create table t (x)",
        FILL,
        "delete from t",
        "pragma incremental_vacuum",
    ],
}


def _file_pages(path: Path) -> list[bytes]:
    data = path.read_bytes()
    return [data[at : at + PAGE_SIZE] for at in range(0, len(data), PAGE_SIZE)]


def _volume_pages(client: Client, vid: str) -> list[bytes]:
    with client.open_volume(vid).reader() as reader:
        return [reader.read(idx) for idx in range(1, reader.page_count + 1)]


def _page_count(db: apsw.Connection) -> int:
    (count,) = db.execute("pragma page_count").fetchone() or (None,)
    assert isinstance(count, int)
    return count


def _free_leaves(pages: list[bytes]) -> set[int]:
    """The freelist leaf pages of a database image (file format: page 1 names the first trunk,
    each trunk the next one and its leaves)."""
    leaves: set[int] = set()
    trunk = int.from_bytes(pages[0][32:36], "big") if pages else 0
    while trunk:
        page = pages[trunk - 1]
        count = int.from_bytes(page[4:8], "big")
        leaves.update(int.from_bytes(page[at : at + 4], "big") for at in range(8, 8 + 4 * count, 4))
        trunk = int.from_bytes(page[:4], "big")
    return leaves


class Twins:
    """One native SQLite file and one volume, fed the same statements."""

    def __init__(self, dev: Device, path: Path, setup: Sequence[str] = ()) -> None:
        self.dev, self.path = dev, path
        self.native = apsw.Connection(str(path))
        self.graft = dev.connect()
        for sql in setup:
            self.native.execute(sql).fetchall()
            self.graft.execute(sql).fetchall()

    def run(self, sql: str) -> None:
        """Run ``sql`` on both (to the end: some pragmas work one row at a time); same outcome."""
        outcomes: list[tuple[str, object]] = []
        for db in (self.native, self.graft):
            try:
                outcomes.append(("ok", db.execute(sql).fetchall()))
            except apsw.Error as exc:
                outcomes.append(("error", type(exc).__name__))
        assert outcomes[0] == outcomes[1], sql

    def assert_same_file(self, but_free_pages: bool = False) -> None:
        """The volume holds the native file's pages; ``but_free_pages``: except the bytes of
        freelist leaves, which carry no data (SQLite never reads them back)."""
        pages, native = _volume_pages(self.dev.client, self.graft.filename), _file_pages(self.path)
        assert len(pages) == _page_count(self.graft) == _page_count(self.native)
        ignored = _free_leaves(native) if but_free_pages else set()
        assert _free_leaves(pages) >= ignored
        assert [page for idx, page in enumerate(as_stored(pages), 1) if idx not in ignored] == [
            page for idx, page in enumerate(as_stored(native), 1) if idx not in ignored
        ]

    def close(self) -> None:
        self.native.close()
        self.graft.close()


@contextmanager
def twins(dev: Device, path: Path, setup: Sequence[str] = ()) -> Iterator[Twins]:
    pair = Twins(dev, path, setup)
    try:
        yield pair
    finally:
        pair.close()


@pytest.mark.parametrize("name", sorted(SHRINKING))
@pytest.mark.parametrize("secure_delete", ["off", "on"])
def test_a_shrinking_database_shrinks_the_volume(
    name: str, secure_delete: str, tmp_path: Path
) -> None:
    with device(tmp_path / "d") as dev, twins(dev, tmp_path / "native.db") as pair:
        pair.run(f"pragma secure_delete = {secure_delete}")
        largest = 0
        for sql in SHRINKING[name]:
            pair.run(sql)
            pair.assert_same_file()
            largest = max(largest, _page_count(pair.graft))
        assert _page_count(pair.graft) < largest
        if secure_delete == "on":  # then SQLite overwrites deleted rows: none may be left
            pages = _volume_pages(dev.client, pair.graft.filename)
            assert not [idx for idx, page in enumerate(pages, 1) if SECRET in page]


def test_the_pushed_snapshot_holds_no_vacuumed_rows(cluster: Cluster, tmp_path: Path) -> None:
    with device(tmp_path, cluster) as dev:
        db = dev.connect()
        db.execute("create table t (x)")
        db.execute(FILL)
        pragma_json(db, "graft_push")  # the rows were live once: the servers had them
        largest = _page_count(db)
        db.execute("delete from t")
        db.execute("vacuum")
        remote_lsn = pragma_json(db, "graft_push")["remote_lsn"]
        local = _volume_pages(dev.client, db.filename)
        assert len(local) == _page_count(db) == 2
        with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
            snapshot = lite.snapshot(db.filename)
            assert (snapshot.lsn, snapshot.page_count) == (remote_lsn, 2)
            remote = lite.read_many(db.filename, range(1, largest + 1))
        assert [remote[idx] for idx in (1, 2)] == local
        assert not [idx for idx, page in remote.items() if SECRET in page]
        assert all(remote[idx] == bytes(PAGE_SIZE) for idx in range(3, largest + 1))


# --- random workloads ----------------------------------------------------------------------

STATEMENTS = st.one_of(
    st.tuples(st.integers(1, 12), st.integers(0, 9000)).map(
        lambda a: (
            f"insert into t (x) select 'SECRET-' || i || zeroblob({a[1]}) "
            f"from {ROWS.format(n=a[0])}"
        )
    ),
    st.tuples(st.integers(2, 5), st.integers(0, 4)).map(
        lambda a: f"delete from t where rowid % {a[0]} = {a[1] % a[0]}"
    ),
    st.integers(0, 5000).map(lambda n: f"update t set x = zeroblob({n}) where rowid % 3 = 0"),
    st.sampled_from(
        [
            "delete from t",
            "vacuum",
            "pragma incremental_vacuum",
            "pragma incremental_vacuum(2)",
            "create index if not exists tx on t (x)",
            "drop index if exists tx",
            "create table if not exists u (y)",
            "drop table if exists u",
            "insert into u select x from t",
            "pragma secure_delete = on",
            "pragma secure_delete = off",
        ]
    ),
)
# A transaction: one statement, or several in BEGIN ... COMMIT or ROLLBACK.
TRANSACTIONS = st.one_of(
    STATEMENTS.map(lambda sql: [sql]),
    st.tuples(st.lists(STATEMENTS, min_size=1, max_size=4), st.booleans()).map(
        lambda a: ["begin", *a[0], "commit" if a[1] else "rollback"]
    ),
)
_runs = itertools.count()


@share_of_profile(0.4)
@given(
    auto_vacuum=st.sampled_from(["none", "full", "incremental"]),
    journal_mode=st.sampled_from(JOURNAL_MODES),
    cache_size=st.sampled_from([2000, 5]),  # 5 pages: big transactions spill into the file
    transactions=st.lists(TRANSACTIONS, min_size=1, max_size=12),
)
def test_after_every_transaction_the_volume_is_the_native_file(
    tmp_path: Path,
    auto_vacuum: str,
    journal_mode: str,
    cache_size: int,
    transactions: list[list[str]],
) -> None:
    setup = [
        f"pragma auto_vacuum = {auto_vacuum}",
        f"pragma journal_mode = {journal_mode}",
        f"pragma cache_size = {cache_size}",
        "create table t (x)",
    ]
    run = next(_runs)
    with device(tmp_path / f"d{run}") as dev, twins(dev, tmp_path / f"{run}.db", setup) as pair:
        pair.assert_same_file()
        rolled_back = False
        for transaction in transactions:
            before = _volume_pages(dev.client, pair.graft.filename)
            for sql in transaction:
                pair.run(sql)
            if transaction[-1] == "rollback":
                # Not a byte of it reaches the volume. A native file keeps what the transaction
                # spilled into free pages, so from here on their bytes may differ.
                assert _volume_pages(dev.client, pair.graft.filename) == before
                rolled_back = True
            pair.assert_same_file(but_free_pages=rolled_back)


# --- the file operations around a commit's sync ----------------------------------------------


def _land_a_commit(volume: Volume) -> None:
    """A commit that does not come from SQLite (as a pull would land): page 1 written again."""
    with volume.reader() as reader:
        page = reader.read(1)
    with volume.writer() as writer:
        writer.write(1, page)


@pytest.mark.parametrize("journal_mode", JOURNAL_MODES)
@pytest.mark.parametrize("landing", [False, True], ids=["alone", "volume-moved"])
def test_a_rolled_back_transaction_leaves_no_trace_even_if_it_spilled(
    journal_mode: str, landing: bool, tmp_path: Path
) -> None:
    """SQLite syncs the pages it copies back when it rolls back a transaction that reached the
    file: that is no commit (no LSN, none of its bytes), and cannot fail when the volume moved."""
    with device(tmp_path) as dev:
        db = dev.connect()
        db.execute(f"pragma journal_mode = {journal_mode}").fetchall()
        db.execute("pragma cache_size = 5")  # the insert below spills into the file
        db.execute("create table t (x)")
        db.execute(f"insert into t (x) select zeroblob(3000) from {ROWS.format(n=12)}")
        db.execute("delete from t where rowid > 1")  # free pages for the insert to reuse
        volume = dev.client.open_volume(db.filename)
        db.execute("begin")
        db.execute(f"insert into t (x) select 'SECRET-' || zeroblob(3000) from {ROWS.format(n=40)}")
        if landing:
            _land_a_commit(volume)
        lsn, before = volume.latest_lsn(), _volume_pages(dev.client, db.filename)
        db.execute("rollback")
        assert volume.latest_lsn() == lsn
        assert _volume_pages(dev.client, db.filename) == before
        assert db.execute("select count(*) from t").fetchall() == [(1,)]
        db.execute("insert into t (x) values ('next')")
        assert volume.latest_lsn() == lsn + 1
        assert db.execute("pragma integrity_check").fetchall() == [("ok",)]
        assert not [page for page in _volume_pages(dev.client, db.filename) if SECRET in page]


def _main_file(dev: Device, volume: Volume) -> apsw.VFSFile:
    flags = [apsw.SQLITE_OPEN_MAIN_DB | apsw.SQLITE_OPEN_READWRITE, 0]
    return dev.registered.xOpen(str(volume.vid), flags)


def _write_then_sync(file: apsw.VFSFile, pages: int) -> None:
    """SQLite's calls for a commit of ``pages`` pages that are not an SQLite database."""
    for level in (apsw.SQLITE_LOCK_SHARED, apsw.SQLITE_LOCK_RESERVED, apsw.SQLITE_LOCK_EXCLUSIVE):
        file.xLock(level)
    file.xWrite(b"not sqlite" * (pages * PAGE_SIZE // 10) + bytes(pages * PAGE_SIZE % 10), 0)
    file.xFileControl(apsw.SQLITE_FCNTL_SYNC, 0)
    file.xSync(apsw.SQLITE_SYNC_NORMAL)


@pytest.mark.parametrize("then", ["unlock", "sync"])
def test_a_change_after_the_sync_is_committed(then: str, tmp_path: Path) -> None:
    """Whatever a file header says, SQLite counts what it changes after the sync as committed:
    at the next sync or when the lock drops."""
    with device(tmp_path) as dev:
        volume = dev.client.create_volume()
        file = _main_file(dev, volume)
        _write_then_sync(file, 3)
        assert volume.snapshot() == Snapshot(volume.vid, LSN(1), PageCount(3))
        file.xTruncate(PAGE_SIZE)
        if then == "sync":
            file.xSync(apsw.SQLITE_SYNC_NORMAL)
            assert volume.snapshot() == Snapshot(volume.vid, LSN(2), PageCount(1))
        file.xUnlock(apsw.SQLITE_LOCK_SHARED)
        assert volume.snapshot() == Snapshot(volume.vid, LSN(2), PageCount(1))
        assert file.xFileSize() == PAGE_SIZE
        file.xUnlock(apsw.SQLITE_LOCK_NONE)
        file.xClose()


def test_a_change_after_the_sync_that_cannot_commit_is_an_error(tmp_path: Path) -> None:
    with device(tmp_path) as dev:
        volume = dev.client.create_volume()
        file = _main_file(dev, volume)
        _write_then_sync(file, 3)
        file.xTruncate(PAGE_SIZE)
        _land_a_commit(volume)
        with pytest.raises(apsw.IOError, match="what SQLite changed after its sync"):
            file.xUnlock(apsw.SQLITE_LOCK_SHARED)
        assert volume.snapshot() == Snapshot(volume.vid, LSN(2), PageCount(3))
        assert not file.xCheckReservedLock()  # the writer slot is free again
        file.xClose()


def test_after_a_change_after_the_sync_that_cannot_commit_sqlite_reloads(tmp_path: Path) -> None:
    """SQLite's cache holds the change the volume lacks: the next transaction's probe of the
    header must not find the counter SQLite expects (the LSN), so that it reloads."""
    header = b"SQLite format 3\x00".ljust(PAGE_SIZE, b"\x00")
    with device(tmp_path) as dev:
        volume = dev.client.create_volume()
        file = _main_file(dev, volume)
        for level in (apsw.SQLITE_LOCK_SHARED, apsw.SQLITE_LOCK_RESERVED):
            file.xLock(level)
        file.xWrite(header + bytes(PAGE_SIZE), 0)
        file.xFileControl(apsw.SQLITE_FCNTL_SYNC, 0)
        file.xTruncate(PAGE_SIZE)
        _land_a_commit(volume)
        with pytest.raises(apsw.IOError):
            file.xUnlock(apsw.SQLITE_LOCK_SHARED)
        file.xUnlock(apsw.SQLITE_LOCK_NONE)
        file.xLock(apsw.SQLITE_LOCK_SHARED)
        assert volume.latest_lsn() == 2
        assert file.xRead(4, 24) != (2).to_bytes(4, "big")
        file.xUnlock(apsw.SQLITE_LOCK_NONE)
        file.xClose()


# --- page 1's counters ------------------------------------------------------------------------


def _committed_pages(volume: Volume) -> list[int]:
    """The pages the volume's latest commit changed."""
    [commit] = volume.log(volume.latest_lsn())
    return sorted(commit.pages)


def test_a_commit_that_changed_only_the_counters_of_page_1_leaves_page_1_out(
    tmp_path: Path,
) -> None:
    """SQLite rewrites page 1 at every commit only to raise its change counter when nothing
    else in it changed. The volume serves that counter as the snapshot's LSN, so such a commit
    stores its leaf alone, and every connection still sees the commit (its cached pages go)."""
    with device(tmp_path) as dev:
        one = dev.connect()
        one.execute("create table t (x)")
        one.execute("insert into t values ('a')")
        two = dev.connect(one.filename)
        assert two.execute("select x from t").fetchall() == [("a",)]  # its cache holds the leaf
        volume = dev.client.open_volume(one.filename)
        one.execute("insert into t values ('b')")
        assert _committed_pages(volume) == [2]
        assert two.execute("select x from t").fetchall() == [("a",), ("b",)]
        one.execute("insert into t values (zeroblob(6000))")  # overflow pages: the file grows
        assert 1 in _committed_pages(volume)
        assert two.execute("select count(*) from t").fetchall() == [(3,)]
        assert two.execute("pragma integrity_check").fetchall() == [("ok",)]
