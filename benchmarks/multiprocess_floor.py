"""The floor of issue 16's insert row: what DESIGN section 11's shape allows, in Python, here.

    .venv/bin/python -m benchmarks.multiprocess_floor [--inserts N] [--rounds N]
        [--confirm none|round-trip|shared]

The row "SQLite autocommit inserts from 4 processes vs native WAL" (``multiprocess.py``) asks
for >= 0.5x. This measures, in turns on the same machine: native SQLite (WAL,
synchronous=FULL), graft, and a *floor*: the fewest steps the design allows, with no graft
code on its path (it borrows graft's in-memory journal file); for each, rows per second and the
CPU time per row over every process (where the gap between graft and the floor lies). Each of
4 processes runs SQLite over a Python VFS; the first owns a RocksDB database and serves the
others over a Unix socket. A transaction begins by asking the owner for the writer lease (one
round trip that waits its turn and brings the latest LSN and the pages changed since the
asker's); the commit is a second round trip, in which the owner writes one batch (page
versions, commit record, snapshot), hands the lease to the next waiter, then shares a WAL fsync
with the commits written meanwhile. The floor leaves out what graft must also do (read-only
transactions, pins, reclaim, Ctrl-C, failover), so it is optimistic.

``--confirm``: how a writer learns at RESERVED that its lease taken ahead did not lapse (graft
lets another writer take a lease that a reading transaction has held for 20 ms): not at all
(``none``), by a third round trip (``round-trip``, what graft does), or under a lock on a
word shared through a file (``shared``: an OFD lock, a byte of an mmap, the unlock).

Beside the floor, each turn also runs it with graft's storage (``floor + graft's storage``):
the owner writes what graft's commit writes (each page's newest version in a ``latest`` family
and the one it replaces moved into ``pages``, a commit record with its Roaring graft and a
random commit id, the snapshot record, its write count published in a file), and each
transaction pins its snapshot at the owner and lets go of it with its next request. What the
floor still leaves out of graft: the change log and page cache of attached processes, reclaim,
Ctrl-C holds, the idle reader kept across transactions, takeovers.
"""

from __future__ import annotations

import argparse
import fcntl
import mmap
import os
import socket
import statistics
import struct
import tempfile
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

import apsw
import msgspec
from pyroaring import BitMap
from rocksdict import Options, Rdict, WriteBatch

from benchmarks.multiprocess import (
    WORKERS,
    InsertRun,
    insert_run,
    new_graft_database,
    new_native_database,
)
from benchmarks.reporting.results import record
from graft_client.sqlite.memfile import MemoryFile

PAGE_SIZE = 4096
_encoder, _decoder = msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder()
_LENGTH = struct.Struct("<I")
Answer = Callable[[Any], None]


def _frame(message: object) -> bytes:
    body = _encoder.encode(message)
    return _LENGTH.pack(len(body)) + body


def _send(sock: socket.socket, message: object) -> None:
    sock.sendall(_frame(message))


def _recv_exactly(sock: socket.socket, size: int) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("the other end closed")
        data += chunk
    return bytes(data)


def _recv(sock: socket.socket) -> Any:
    (size,) = _LENGTH.unpack(_recv_exactly(sock, _LENGTH.size))
    return _decoder.decode(_recv_exactly(sock, size))


class FloorStorage:
    """What the floor writes per commit: the pages, a record of the commit, the snapshot."""

    def __init__(self, db: Rdict) -> None:
        self._db = db

    def stage(self, batch: WriteBatch, lsn: int, dirty: dict[int, bytes], page_count: int) -> None:
        for idx, page in dirty.items():
            batch.put(b"p" + struct.pack(">QQ", idx, lsn), page)
        batch.put(b"c" + struct.pack(">Q", lsn), _encoder.encode([page_count, sorted(dirty)]))
        batch.put(b"s", _encoder.encode([lsn, page_count]))

    def written(self) -> None:
        """The commit's batch is in the database."""


class GraftStorage(FloorStorage):
    """What graft's commit writes (``graft_client.storage.commits``), in the same families."""

    _VID = bytes(16)

    def __init__(self, db: Rdict, root: Path) -> None:
        super().__init__(db)
        self._latest_family = db.get_column_family("latest")
        self._families = {name: db.get_column_family_handle(name) for name in GRAFT_FAMILIES}
        self._count_fd = os.open(root / "count", os.O_RDWR | os.O_CREAT, 0o600)
        self._count = 0

    def stage(self, batch: WriteBatch, lsn: int, dirty: dict[int, bytes], page_count: int) -> None:
        for idx, page in dirty.items():
            prefix = self._VID + idx.to_bytes(4, "big")
            replaced = self._latest_family.get(prefix)
            if replaced is not None:
                batch.put(prefix + replaced[:8], replaced[8:], self._families["pages"])
            batch.put(prefix, lsn.to_bytes(8, "big") + page, self._families["latest"])
        created_ms, commit_id = time.time_ns() // 1_000_000, os.urandom(16)
        record = _encoder.encode([page_count, BitMap(dirty).serialize(), created_ms, commit_id])
        batch.put(self._VID + lsn.to_bytes(8, "big"), record, self._families["commits"])
        snapshot = _encoder.encode([lsn, page_count])
        batch.put(self._VID + b"\x03", snapshot, self._families["volumes"])

    def written(self) -> None:
        self._count += 1
        os.pwrite(self._count_fd, self._count.to_bytes(8, "little"), 0)


GRAFT_FAMILIES = ("volumes", "latest", "pages", "commits")


def _open_db(root: Path, storage: str) -> Rdict:
    opts = Options(raw_mode=True)
    if storage == "floor":
        return Rdict(str(root / "db"), options=opts)
    opts.create_if_missing(True)
    opts.create_missing_column_families(True)
    families = {name: Options(raw_mode=True) for name in GRAFT_FAMILIES}
    return Rdict(str(root / "db"), options=opts, column_families=families)


class FloorOwner:
    """The lease, the latest pages in memory, RocksDB commits with a shared WAL fsync; with
    graft's storage, each transaction's snapshot pinned until its process lets go of it."""

    def __init__(self, root: Path, storage: str) -> None:
        self._db = _open_db(root, storage)
        graft = storage == "graft"
        self._storage = GraftStorage(self._db, root) if graft else FloorStorage(self._db)
        self._pins: Counter[int] | None = Counter() if graft else None
        self._guard = threading.Lock()
        self._lsn = self._page_count = 0
        self._pages: dict[int, bytes] = {}
        self._changed_at: dict[int, int] = {}
        self._held = False
        self._waiters: deque[tuple[int, Answer]] = deque()
        self._sync_state = threading.Condition()
        self._landed = self._durable = 0
        self._syncing = False

    def begin(self, since: int, answer: Answer) -> None:
        with self._guard:
            if self._held:
                self._waiters.append((since, answer))
                return
            self._held = True
            latest = self._latest(since)
        answer(latest)

    def _latest(self, since: int) -> list[Any]:
        changed = {idx: self._pages[idx] for idx, at in self._changed_at.items() if at > since}
        self._pin(self._lsn)
        return [self._lsn, self._page_count, changed]

    def _pin(self, lsn: int) -> None:
        if self._pins is not None:
            self._pins[lsn] += 1

    def unpin(self, lsn: int) -> None:
        with self._guard:
            assert self._pins is not None and self._pins[lsn] > 0, "a pin not taken"
            self._pins[lsn] -= 1

    def release(self) -> None:
        with self._guard:
            if not self._waiters:
                self._held = False
                return
            since, answer = self._waiters.popleft()
            latest = self._latest(since)
        answer(latest)

    def commit(self, base: int, dirty: dict[int, bytes], page_count: int) -> int:
        with self._guard:
            assert self._held and base == self._lsn, "a commit without the lease"
            lsn = self._lsn + 1
            batch = WriteBatch(raw_mode=True)
            self._storage.stage(batch, lsn, dirty, page_count)
            self._db.write(batch)
            self._storage.written()
            self._lsn, self._page_count = lsn, page_count
            self._pages.update(dirty)
            self._changed_at.update(dict.fromkeys(dirty, lsn))
        with self._sync_state:
            self._landed += 1
            ticket = self._landed
        self.release()
        self._wait_durable(ticket)
        return lsn

    def _wait_durable(self, ticket: int) -> None:
        with self._sync_state:
            while self._durable < ticket:
                if self._syncing:
                    self._sync_state.wait()
                    continue
                self._syncing, landed = True, self._landed
                self._sync_state.release()
                try:
                    self._db.flush_wal(True)
                finally:
                    self._sync_state.acquire()
                    self._syncing = False
                    self._durable = max(self._durable, landed)
                    self._sync_state.notify_all()

    def serve(self, path: str) -> None:
        server = socket.socket(socket.AF_UNIX)
        server.bind(path)
        server.listen()
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            conn, _ = server.accept()
            threading.Thread(target=self._serve_one, args=(conn,), daemon=True).start()

    def _serve_one(self, conn: socket.socket) -> None:
        sending = threading.Lock()

        def answer(message: object) -> None:
            with sending:
                _send(conn, message)

        try:
            while True:
                op, *args = _recv(conn)
                if op == "begin":
                    self.begin(args[0], answer)
                elif op == "commit":
                    answer(self.commit(*args))
                elif op == "confirm":
                    answer(True)
                elif op == "unpin":
                    self.unpin(args[0])
                else:
                    self.release()
        except ConnectionError:
            conn.close()


class FloorLink:
    """A process's way to the owner: in process for the owner, else its socket. ``pins``:
    whether the owner pins each transaction's snapshot (graft's storage)."""

    def __init__(self, owner: FloorOwner | None, root: Path, *, pins: bool) -> None:
        self._owner = owner
        self._root = root
        self._pins = pins
        self._sock: socket.socket | None = None
        self._shared: tuple[int, mmap.mmap] | None = None
        self._unpins: list[list[Any]] = []  # sent along with the next request

    def _socket(self) -> socket.socket:
        if self._sock is None:
            deadline = time.monotonic() + 10
            while not (self._root / "sock").exists():  # the owner process starts listening
                assert time.monotonic() < deadline, "the floor's owner never listened"
                time.sleep(0.01)
            self._sock = socket.socket(socket.AF_UNIX)
            self._sock.connect(str(self._root / "sock"))
        return self._sock

    def _request(self, message: list[Any]) -> None:
        frames = [*self._unpins, message]
        self._unpins.clear()
        self._socket().sendall(b"".join(_frame(frame) for frame in frames))

    def unpin(self, lsn: int) -> None:
        if not self._pins:
            return
        if self._owner is None:
            self._unpins.append(["unpin", lsn])
        else:
            self._owner.unpin(lsn)

    def begin(self, since: int) -> list[Any]:
        if self._owner is None:
            self._request(["begin", since])
            return list(_recv(self._socket()))
        got: list[list[Any]] = []
        answered = threading.Event()

        def answer(latest: list[Any]) -> None:
            got.append(latest)
            answered.set()

        self._owner.begin(since, answer)
        answered.wait()
        return got[0]

    def commit(self, base: int, dirty: dict[int, bytes], page_count: int) -> int:
        if self._owner is None:
            self._request(["commit", base, dirty, page_count])
            return int(_recv(self._socket()))
        return self._owner.commit(base, dirty, page_count)

    def release(self) -> None:
        if self._owner is None:
            self._request(["release"])
        else:
            self._owner.release()

    def confirm(self, how: str) -> None:
        if self._owner is not None or how == "none":
            return
        if how == "round-trip":
            _send(self._socket(), ["confirm"])
            _recv(self._socket())
            return
        fd, word = self._shared_word()
        fcntl.fcntl(fd, fcntl.F_OFD_SETLKW, struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0, 8, 0))
        word[0] = 1
        fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack("hhqqi", fcntl.F_UNLCK, 0, 0, 8, 0))

    def _shared_word(self) -> tuple[int, mmap.mmap]:
        if self._shared is None:
            fd = os.open(self._root / "leases", os.O_RDWR | os.O_CREAT)
            os.ftruncate(fd, mmap.PAGESIZE)
            self._shared = fd, mmap.mmap(fd, mmap.PAGESIZE)
        return self._shared


class FloorFile(MemoryFile):
    """The database: pages of this process's copy; a transaction holds the owner's lease."""

    def __init__(self, link: FloorLink, confirm: str) -> None:
        super().__init__()
        self._link, self._confirm = link, confirm
        self._pages: dict[int, bytes] = {}
        self._dirty: dict[int, bytes] = {}
        self._lsn = self._page_count = 0
        self._holding = False
        self._pinned: int | None = None  # the snapshot this transaction pinned at the owner

    def xRead(self, amount: int, offset: int) -> bytes:
        idx, start = divmod(offset, PAGE_SIZE)
        page = self._dirty.get(idx + 1) or self._pages.get(idx + 1, b"")
        return page[start : start + amount]

    def xWrite(self, data: bytes, offset: int) -> None:
        idx = offset // PAGE_SIZE + 1
        self._dirty[idx] = bytes(data)
        self._page_count = max(self._page_count, idx)

    def xFileSize(self) -> int:
        return self._page_count * PAGE_SIZE

    def xTruncate(self, size: int) -> None:
        self._page_count = size // PAGE_SIZE

    def xLock(self, level: int) -> None:
        if level == apsw.SQLITE_LOCK_SHARED and not self._holding:
            self._lsn, self._page_count, changed = self._link.begin(self._lsn)
            self._pages.update(changed)
            self._holding = True
            self._pinned = self._lsn
        elif level == apsw.SQLITE_LOCK_RESERVED:
            self._link.confirm(self._confirm)

    def xUnlock(self, level: int) -> None:
        if level != apsw.SQLITE_LOCK_NONE:
            return
        if self._holding:
            self._holding = False
            self._link.release()
        if self._pinned is not None:
            self._link.unpin(self._pinned)
            self._pinned = None

    def xFileControl(self, op: int, ptr: int) -> bool:
        if op != apsw.SQLITE_FCNTL_SYNC or not self._dirty:
            return False
        self._lsn = self._link.commit(self._lsn, self._dirty, self._page_count)
        self._pages.update(self._dirty)
        self._dirty = {}
        self._holding = False  # the owner handed the lease on
        return True


class FloorVFS(apsw.VFS):
    def __init__(self, link: FloorLink, confirm: str) -> None:
        self._link, self._confirm = link, confirm
        self._journals: dict[str, MemoryFile] = {}
        super().__init__("floor", base="")

    def xOpen(self, name: str | apsw.URIFilename | None, flags: list[int]) -> MemoryFile:
        flags[1] = flags[0]
        if flags[0] & apsw.SQLITE_OPEN_MAIN_DB:
            return FloorFile(self._link, self._confirm)
        filename = name.filename() if isinstance(name, apsw.URIFilename) else name
        return self._journals.setdefault(filename or "", MemoryFile())

    def xAccess(self, pathname: str, flags: int) -> bool:
        return pathname in self._journals

    def xDelete(self, filename: str, syncdir: bool) -> None:
        self._journals.pop(filename, None)


def floor_worker(
    target: str, how: str, worker: int, count: int, go: Barrier, done: Barrier
) -> None:
    """One process of the floor; ``how``: ``confirm:storage`` (see the module)."""
    confirm, storage = how.split(":")
    root = Path(target)
    owner = FloorOwner(root, storage) if worker == 0 else None
    if owner is not None:
        owner.serve(str(root / "sock"))  # before ``go``: the others connect after it
    link = FloorLink(owner, root, pins=storage == "graft")
    vfs = FloorVFS(link, confirm)  # registered while referenced
    db = apsw.Connection("db", vfs="floor")
    db.set_busy_timeout(60_000)
    db.execute("pragma journal_mode=memory")
    if owner is not None:
        db.execute("create table t(worker integer, seq integer)")
    go.wait()
    for seq in range(count):
        db.execute("insert into t(worker, seq) values (?, ?)", (worker, seq))
    done.wait()
    if owner is not None:  # every insert landed: the floor does the work it claims
        assert db.execute("select count(*) from t").fetchall() == [(WORKERS * count,)]
    db.close()
    vfs.unregister()


_LABELS = {
    "native": "native WAL file",
    "floor": "design floor",
    "floor+storage": "floor + graft's storage",
    "graft": "graft",
}


def _median_cpu(runs: list[InsertRun]) -> str:
    """The median CPU per row over every process of the runs that read it (clock ticks: a
    few percent), or n/a."""
    read = [run.cpu_us for run in runs if run.cpu_us is not None]
    return f"{statistics.median(read):,.0f}" if read else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inserts", type=int, default=300, help="inserts per process")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each (see above)")
    parser.add_argument(
        "--confirm",
        choices=("none", "round-trip", "shared"),
        default="none",
        help="how the floor confirms a lease at RESERVED (see above)",
    )
    args = parser.parse_args()
    runs: dict[str, list[InsertRun]] = {name: [] for name in _LABELS}
    with tempfile.TemporaryDirectory(prefix="graft-bench-") as tmp:
        for n in range(args.rounds):
            root = Path(tmp) / str(n)
            native_file = root / "native.db"
            root.mkdir()
            new_native_database(native_file)
            runs["native"].append(insert_run(str(native_file), None, args.inserts))
            for name, storage in (("floor", "floor"), ("floor+storage", "graft")):
                floor_dir = root / name
                floor_dir.mkdir()
                how = f"{args.confirm}:{storage}"
                runs[name].append(insert_run(str(floor_dir), how, args.inserts, floor_worker))
            volume = new_graft_database(root / "device")
            runs["graft"].append(insert_run(str(volume), "graft", args.inserts))
            print(
                "  turn "
                + ", ".join(f"{name} {values[-1].rate:,.0f} r/s" for name, values in runs.items()),
                flush=True,
            )
    rate = {name: statistics.median(run.rate for run in values) for name, values in runs.items()}
    cpu = {name: _median_cpu(values) for name, values in runs.items()}
    print(f"{'SQLite inserts, 4 processes':34}{'rows/s':>10}{'/ native':>10}{'CPU us/row':>12}")
    native = rate["native"]
    for name, label in _LABELS.items():
        print(f"{label:34}{rate[name]:>10,.0f}{rate[name] / native:>10.2f}{cpu[name]:>12}")
    for name in ("floor", "floor+storage"):
        record(
            "multiprocess",
            f"SQLite inserts, 4 processes: {_LABELS[name]} (confirm: {args.confirm})",
            unit="rows/s",
            ours=rate[name],
            baseline=native,
            baseline_name="native SQLite WAL, 4 processes",
            goal_min=0.5,
            context=f"CPU per row: {cpu[name]} us, graft {cpu['graft']} us",
        )


if __name__ == "__main__":
    main()
