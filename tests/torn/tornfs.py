"""TornFS: a simulated power cut over one directory tree that keeps exactly what fsync made durable.

While installed, TornFS replaces ``os.fsync`` and ``os.fdatasync`` (every durable writer in the
project calls them through the ``os`` module). It never calls the real ones: durability is what
it records, not what the disk happens to do.

- A file fsync records the file's bytes as durable. Files are tracked by inode, and TornFS keeps
  a read-only descriptor on every inode it tracks, so an unlinked inode keeps its bytes and its
  number cannot be reused by a later file.
- A directory fsync records the directory's entries (name -> inode) as durable.

``crash()`` freezes the tree as a power cut would leave it, with seeded choices:

- A name the last directory fsync recorded survives. If it was renamed over since, it points to
  the recorded inode or the new one; if it was unlinked since, it may come back.
- A name created since that fsync may or may not survive (with its subtree, for a directory).
- A file's bytes up to the first byte changed since its last fsync survive intact. The changed
  region (first to last changed byte) is torn at a seeded point: the new bytes before it made it,
  and after it the region holds the old bytes (an append is cut there), zeros, or garbage.

The image is a plain mapping (relative path -> bytes, or None for a directory) so a server process
can hand it to the test that killed it; ``restore`` rewrites the tree to it.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

import msgspec

if TYPE_CHECKING:
    from _typeshed import FileDescriptorLike

__all__ = [
    "Image",
    "PowerCut",
    "TornFS",
    "count_syncs",
    "cut_at_every_sync",
    "dump_image",
    "load_image",
    "power_cut",
    "restore",
]

Image = dict[str, bytes | None]
P = TypeVar("P")
# name -> (inode, is a directory)
Listing = dict[str, tuple[int, bool]]
_TEAR_TAILS = ("old", "zeros", "garbage")


class PowerCut(BaseException):
    """Raised by the sync call the power cut stops; a BaseException so no handler swallows it."""


class TornFS:
    def __init__(
        self,
        root: Path,
        seed: int,
        crash_at: int | None = None,
        on_crash: Callable[[Image], None] | None = None,
    ) -> None:
        """Track ``root``; the ``crash_at``-th sync call (1-based) cuts the power instead."""
        self.root = root.resolve()
        self.syncs = 0
        self.image: Image | None = None
        self._rng = random.Random(seed)
        self._crash_at = crash_at
        self._on_crash = on_crash
        self._held: dict[int, int] = {}  # inode -> read-only descriptor
        self._durable: dict[int, bytes] = {}
        self._listings: dict[str, Listing] = {}
        self._lock = threading.RLock()
        self._record_tree()

    # --- recording -----------------------------------------------------------------------------

    def _record_tree(self) -> None:
        """Everything present when tracking starts counts as durable."""
        for dirpath, _, _ in os.walk(self.root):
            rel = self._rel(dirpath)
            self._record_listing(rel)
            for ino, is_dir in self._listings[rel].values():
                if not is_dir:
                    self._durable[ino] = self._read(ino)

    def _rel(self, path: str) -> str:
        """The image's name for ``path``: the root itself is ``""``."""
        rel = Path(path).relative_to(self.root).as_posix()
        return "" if rel == "." else rel

    def _scan(self, rel: str) -> Listing:
        listing: Listing = {}
        try:
            entries = list(os.scandir(self.root / rel))
        except FileNotFoundError:
            return listing
        for entry in entries:
            # Another thread may remove an entry meanwhile: then it is not part of this listing.
            with contextlib.suppress(FileNotFoundError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode):
                    self._hold(info.st_ino, entry.path)
                listing[entry.name] = (info.st_ino, stat.S_ISDIR(info.st_mode))
        return listing

    def _record_listing(self, rel: str) -> None:
        self._listings[rel] = self._scan(rel)

    def _hold(self, ino: int, path: str) -> None:
        if ino not in self._held:
            self._held[ino] = os.open(path, os.O_RDONLY)

    def _read(self, ino: int) -> bytes:
        fd = self._held[ino]
        return os.pread(fd, os.fstat(fd).st_size, 0)

    def _sync(self, fd: FileDescriptorLike) -> None:
        with self._lock:  # the metastore syncs from more than one thread
            self._sync_locked(fd if isinstance(fd, int) else fd.fileno())

    def _sync_locked(self, fd: int) -> None:
        self.syncs += 1
        if self.image is not None or self.syncs == self._crash_at:
            self.crash()
        target = os.readlink(f"/proc/self/fd/{fd}").removesuffix(" (deleted)")
        if not Path(target).is_relative_to(self.root):
            return
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            self._record_listing(self._rel(target))
        else:
            ino = os.fstat(fd).st_ino
            self._hold(ino, f"/proc/self/fd/{fd}")
            self._durable[ino] = self._read(ino)

    @contextmanager
    def installed(self) -> Iterator[TornFS]:
        real = os.fsync, os.fdatasync
        os.fsync = os.fdatasync = self._sync
        try:
            yield self
        finally:
            os.fsync, os.fdatasync = real

    # --- the power cut -------------------------------------------------------------------------

    def crash(self) -> NoReturn:
        """Freeze the tree as the power cut leaves it (once), then stop the caller."""
        if self.image is None:
            self.image = {}
            self._freeze("", self.image)
            self.close()
            if self._on_crash is not None:
                self._on_crash(self.image)
        raise PowerCut(f"power cut at sync {self.syncs}")

    def close(self) -> None:
        """Let go of the tracked inodes."""
        for fd in self._held.values():
            os.close(fd)
        self._held.clear()

    def _freeze(self, rel: str, image: Image) -> None:
        durable = self._listings.get(rel, {})
        current = self._scan(rel)
        for name in sorted(durable.keys() | current.keys()):
            kept = self._surviving(durable.get(name), current.get(name))
            if kept is None:
                continue
            path = f"{rel}/{name}" if rel else name
            ino, is_dir = kept
            if is_dir:
                image[path] = None
                self._freeze(path, image)
            else:
                image[path] = self._tear(self._durable.get(ino, b""), self._read(ino))

    def _surviving(
        self, durable: tuple[int, bool] | None, current: tuple[int, bool] | None
    ) -> tuple[int, bool] | None:
        if durable == current:
            return durable
        if durable is None or current is None:
            return (durable or current) if self._rng.random() < 0.5 else None
        return self._rng.choice((durable, current))

    def _tear(self, old: bytes, new: bytes) -> bytes:
        if old == new:
            return old
        start = _common_prefix(old, new)
        if len(old) == len(new):  # an overwrite in place: the changed region ends where they agree
            end = len(new) - _common_prefix(old[::-1], new[::-1])
        else:
            end = max(len(old), len(new))
        cut = self._rng.choice((start, end, self._rng.randint(start, end)))
        cut = min(cut, len(new))  # a shrink (unsynced truncate) tears no new bytes in
        tail = self._rng.choice(_TEAR_TAILS)
        if tail == "old":
            torn = old[cut:end]
        elif tail == "zeros":
            torn = bytes(end - cut)
        else:
            torn = self._rng.randbytes(end - cut)
        return new[:cut] + torn + new[end:]


def _common_prefix(a: bytes, b: bytes) -> int:
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # the first difference lies in a[lo:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def restore(root: Path, image: Image) -> None:
    """Rewrite the tree under ``root`` to hold exactly ``image``."""
    for entry in os.scandir(root):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)
    for rel, data in sorted(image.items()):
        path = root / rel
        if data is None:
            path.mkdir()
        else:
            path.write_bytes(data)


def dump_image(image: Image, path: Path) -> None:
    path.write_bytes(msgspec.msgpack.encode(image))


def load_image(path: Path) -> Image:
    return msgspec.msgpack.decode(path.read_bytes(), type=Image)


def count_syncs(root: Path, body: Callable[[], object]) -> int:
    """How many sync calls ``body`` makes: a dry run that numbers the possible crash points."""
    torn = TornFS(root, seed=0)
    try:
        with torn.installed():
            body()
    finally:
        torn.close()
    return torn.syncs


@contextmanager
def power_cut(root: Path, seed: int, crash_at: int | None) -> Iterator[TornFS]:
    """Run the body under TornFS; cut the power at sync ``crash_at`` or else when the body ends.

    On exit the tree under ``root`` holds what survived, as the next start would find it.
    """
    torn = TornFS(root, seed, crash_at)
    try:
        with torn.installed():
            yield torn
            torn.crash()
    except PowerCut:
        pass
    assert torn.image is not None
    restore(torn.root, torn.image)


def cut_at_every_sync(
    root: Path,
    seeds: int,
    new_progress: Callable[[], P],
    workload: Callable[[Path, P], object],
    check_recovered: Callable[[Path, P], object],
) -> int:
    """Run ``workload`` once per possible crash point and seed, cut the power there, then check
    what recovery finds against the progress the workload acknowledged; returns the sync count."""
    total = count_syncs(root, lambda: workload(root / "count", new_progress()))
    for crash_at in range(1, total + 2):  # + 1: the power also fails after the last sync
        for seed in range(seeds):
            run_root = root / f"cut{crash_at}-{seed}"
            run_root.mkdir()
            progress = new_progress()
            with power_cut(run_root, seed=crash_at * 100 + seed, crash_at=crash_at):
                workload(run_root / "data", progress)
            check_recovered(run_root / "data", progress)
    return total
