"""Scratch directories under the system's temporary directory that a killed process does not
leave behind for good.

A process removes its scratch directory when it ends normally; one killed (SIGKILL, the OOM
killer, a container stopped) cannot, and each such process left its scratch (a lite client's
page cache, a copy of a database being imported) in /tmp. So a scratch directory is locked
(``flock``) by its process for as long as it lives, and each new one of a kind first removes
the directories of that kind whose lock nobody holds: the kernel dropped them with their
processes. A process sweeps once per kind and temporary directory (an export makes one scratch
directory per volume: one listing of /tmp each would be wasted). A directory is made under a
name no sweep looks at and renamed once locked, so a sweep never takes one that is being made.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType

__all__ = ["ScratchDir"]

_MAKING = ".making"
_swept: set[tuple[str, str]] = set()  # (temporary directory, prefix) this process swept


class ScratchDir:
    """A new directory named ``prefix``-something, removed by ``cleanup`` (or the ``with``
    block's end), or by the next ``ScratchDir`` of ``prefix`` once this process is gone."""

    def __init__(self, prefix: str) -> None:
        swept = (tempfile.gettempdir(), prefix)
        if swept not in _swept:
            _swept.add(swept)
            _sweep(prefix)
        making = Path(tempfile.mkdtemp(prefix=prefix, suffix=_MAKING))
        self._fd: int | None = os.open(making, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(self._fd, fcntl.LOCK_EX)  # new: nobody else can hold it
        self.path = making.with_name(making.name.removesuffix(_MAKING))
        os.rename(making, self.path)

    def cleanup(self) -> None:
        if self._fd is not None:
            shutil.rmtree(self.path, ignore_errors=True)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Path:
        return self.path

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.cleanup()


def _sweep(prefix: str) -> None:
    """Remove the directories of ``prefix`` that no live process holds."""
    for path in Path(tempfile.gettempdir()).glob(f"{prefix}*"):
        if path.name.endswith(_MAKING):
            continue
        try:  # not a directory, a link, another user's: not ours to sweep
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            with contextlib.suppress(BlockingIOError):  # held: its process lives
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                shutil.rmtree(path, ignore_errors=True)
        finally:
            os.close(fd)
