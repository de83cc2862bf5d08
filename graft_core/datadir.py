"""A server's data directory: one owner at a time, checked writable before serving, and the
``servers.json`` in which its owner says where it listens once it accepts connections.

The owner holds ``flock`` on the directory itself for the life of its process. The kernel drops
the lock when the process dies, even by SIGKILL, so a crash never leaves a stale lock behind;
and no lock file sits among the data (a cache directory takes every file for an entry).
``servers.json`` is replaced atomically and removed on a clean exit; a reader checks that the
pid in it is alive, so one left by a crash is recognised as stale.
"""

from __future__ import annotations

import errno
import fcntl
import json
import logging
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from graft_core.closing import Closing
from graft_core.errors import DataDirLockedError, NotFoundError, StorageError
from graft_core.files import make_dirs, replace_file

__all__ = ["SERVERS_FILE", "DataDir", "live_server", "local_url", "read_servers"]

SERVERS_FILE = "servers.json"
log = logging.getLogger(__name__)
# Enough to need a data block: an empty file can be created on a full disk, a page cannot.
_PROBE_BYTES = 4096
_FULL = (errno.ENOSPC, errno.EDQUOT)
# The servers.json keys that hold a URL.
_ROLES = ("metastore", "pagestore")


def local_url(host: str, port: int) -> str:
    """The URL a client on this machine reaches a server bound to ``host:port`` at."""
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _probe(path: Path) -> None:
    """Write and remove a small file: refuses a read-only directory up front and warns of a full
    one. (No fsync: file systems reserve a written block at ``write``, where a full disk shows.)"""
    # ``.tmp``: the frame cache removes such names on start, should a crash leave this one.
    probe = path / f".probe-{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            if os.write(fd, bytes(_PROBE_BYTES)) != _PROBE_BYTES:
                raise OSError(f"short write of the {_PROBE_BYTES}-byte probe file")
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
    except OSError as exc:
        if exc.errno in _FULL:
            # What is stored stays readable; writes answer 503 storage_full until space frees.
            log.warning(
                "data dir %s: the disk is full; writes will be refused until it is not", path
            )
            return
        raise StorageError(f"data dir {path} is not writable: {exc.strerror or exc}") from exc


def _in_use(path: Path) -> str:
    """Why ``path`` is refused, with who holds it as its live server announced itself, if one
    has: else it may as well be a graft client's data dir, which locks the directory too."""
    who = live_server(path)
    if who is not None:
        return f"data dir {path} is in use by another server; refusing to share it{who}"
    return (
        f"data dir {path} is in use by another process (a graft server, or a graft client "
        "whose data dir it is); refusing to share it"
    )


def _serving(servers: Mapping[str, Any]) -> str:
    urls = [f"{k} {v}" for k, v in sorted(servers.items()) if k in _ROLES and isinstance(v, str)]
    return f": pid {servers.get('pid')} serves it ({', '.join(urls)})" if urls else ""


def live_server(path: Path) -> str | None:
    """``: pid N serves it (metastore URL, ...)`` if a live server announces ``path`` as its
    data dir, else None."""
    try:
        return _serving(read_servers(path)) or None
    except (NotFoundError, StorageError):
        return None


class DataDir(Closing):
    """A claimed data directory; ``close()`` (or process exit) gives it up."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def claim(cls, path: Path) -> DataDir:
        """Create ``path`` if needed, lock it for this process and check it is writable."""
        try:
            make_dirs(path)
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        except OSError as exc:
            raise StorageError(f"cannot use data dir {path}: {exc.strerror or exc}") from exc
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DataDirLockedError(_in_use(path)) from None
            _probe(path)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd)

    @property
    def servers_file(self) -> Path:
        return self.path / SERVERS_FILE

    def announce(self, servers: Mapping[str, Any]) -> None:
        """Say where this process serves the directory (its pid added): call once ready."""
        body = json.dumps({**servers, "pid": os.getpid()}, sort_keys=True).encode()
        try:
            replace_file(self.servers_file, body, durable=False)
        except OSError as exc:
            if exc.errno not in _FULL:
                raise
            log.warning("data dir %s: the disk is full; %s not written", self.path, SERVERS_FILE)

    def withdraw(self) -> None:
        """Take back the announcement (the server is stopping)."""
        self.servers_file.unlink(missing_ok=True)

    def close(self) -> None:
        if self._fd < 0:
            return
        self.withdraw()
        os.close(self._fd)
        self._fd = -1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def read_servers(path: Path) -> dict[str, Any]:
    """What the live owner of data dir ``path`` announced; ``NotFoundError`` if none is up."""
    file = path / SERVERS_FILE
    try:
        servers = json.loads(file.read_bytes())
    except FileNotFoundError:
        raise NotFoundError(
            f"no server announces data dir {path} ({file} is missing): start "
            f"`graft serve --data-dir {path}`, or give the URLs"
        ) from None
    except (OSError, ValueError) as exc:
        raise StorageError(f"cannot read {file}: {exc}") from exc
    if not isinstance(servers, dict):
        raise StorageError(f"{file} is not a servers file")
    pid = servers.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool):
        raise StorageError(f"{file} is not a servers file")
    if not _alive(pid):
        raise NotFoundError(
            f"{file} is stale: its server (pid {pid}) is gone; start `graft serve --data-dir "
            f"{path}` again, or give the URLs"
        )
    return dict(servers)
