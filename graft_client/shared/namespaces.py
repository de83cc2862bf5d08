"""Whether the process owning a data dir shares this one's namespaces, as attaching needs.

Attached processes reach the owner on an abstract Unix socket, which exists in one network
namespace, and the owner tells live processes from gone ones by pid (their secondaries'
directories are named so), which name the same processes in one PID namespace only. A process
in another namespace (another container with the data dir mounted) could never attach, or
would have the owner take its pid for another's: it is refused at once, saying why.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from graft_core.errors import DataDirLockedError

__all__ = [
    "SHARE_ADVICE",
    "ForeignOwnerWatch",
    "another_pid_namespace",
    "pid_namespace_differs",
]

SHARE_ADVICE = (
    "processes sharing a data dir must run in one network and PID namespace (containers: "
    "share the owner's, as docker's --network container:NAME --pid container:NAME do), or "
    "keep a data dir each"
)
# How long the lock must look held from another namespace before an opener says so: a holder
# that just exited is briefly not in /proc/locks while its lock is still seen as held.
CONFIRM_S = 0.2
# How often an opener waiting for an owner looks (/proc/locks lists every lock of the machine).
LOOK_S = 0.05
_LOCKS = "/proc/locks"


def another_pid_namespace(data_dir: Path) -> DataDirLockedError:
    """An owner in another PID namespace: this process cannot see it (SO_PEERCRED says 0), or
    sees it in a child namespace (where this process's pid would not name it)."""
    return DataDirLockedError(
        f"data dir {data_dir} is owned by a process in another PID namespace, whose pids "
        f"do not name the same processes as this one's; {SHARE_ADVICE}"
    )


def _flock_holder(dev: int, ino: int) -> int | None:
    """The pid holding a ``flock`` on the file (``dev``, ``ino``), as this process sees it;
    None if no process it can see holds one (Linux lists only those). OSError: no /proc."""
    wanted = f"{os.major(dev):02x}:{os.minor(dev):02x}:{ino}"
    with open(_LOCKS, encoding="ascii", errors="replace") as locks:
        for line in locks:
            fields = line.split()  # "N: FLOCK ADVISORY WRITE PID MAJ:MIN:INO 0 EOF"
            if len(fields) > 5 and fields[1] == "FLOCK" and fields[5] == wanted:
                return int(fields[4])
    return None


def _namespace(pid: int | str, kind: str) -> int:
    return os.stat(f"/proc/{pid}/ns/{kind}").st_ino


def pid_namespace_differs(pid: int) -> bool:
    """Whether process ``pid``, which this one sees, runs in another PID namespace (a child
    namespace's processes are seen from its parent's); False when this cannot be told."""
    try:
        return _namespace(pid, "pid") != _namespace("self", "pid")
    except OSError:
        return False


def _foreign_holder(dev: int, ino: int) -> str | None:
    """Who holds the lock, when it is a process of another namespace; None when it is not,
    or when this cannot be told (no /proc, the holder gone meanwhile)."""
    try:
        pid = _flock_holder(dev, ino)
        if pid is None:
            return (
                "a process this one does not see, in another PID namespace (or on another "
                "machine: a data dir on a network file system is one machine's)"
            )
        if _namespace(pid, "net") != _namespace("self", "net"):
            return (
                f"pid {pid}, in another network namespace: its endpoint (an abstract Unix "
                "socket) cannot be reached from this one"
            )
    except (OSError, ValueError):
        return None
    return None


class ForeignOwnerWatch:
    """Watches, while an opener finds the lock held and no owner listening, whether the
    holder is a process of another namespace: ``check`` raises once it has been for
    ``CONFIRM_S``."""

    def __init__(self, data_dir: Path, fd: int) -> None:
        self._data_dir = data_dir
        info = os.fstat(fd)
        self._file = (info.st_dev, info.st_ino)
        self._since: float | None = None
        self._next = 0.0

    def check(self) -> None:
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + LOOK_S
        why = _foreign_holder(*self._file)
        if why is None:
            self._since = None
        elif self._since is None:
            self._since = now
        elif now - self._since >= CONFIRM_S:
            raise DataDirLockedError(f"data dir {self._data_dir} is owned by {why}; {SHARE_ADVICE}")
