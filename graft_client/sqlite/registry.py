"""Which graft VFSes are registered; apsw unregisters a VFS once nothing references it."""

from __future__ import annotations

import threading

import apsw

from graft_client.client import Client
from graft_client.sqlite.tables import install_tables
from graft_client.sqlite.vfs import GraftVFS

__all__ = ["DEFAULT_JOURNAL_MODE", "register", "unregister"]

DEFAULT_JOURNAL_MODE = "memory"

_registered: dict[str, GraftVFS] = {}
_guard = threading.Lock()


def _configure(connection: apsw.Connection) -> None:
    """Connection hook: graft connections start in journal_mode=memory (no journal copies) and
    get the ``graft_*`` tables (the pragmas' answers as rows, see ``tables``)."""
    if connection.open_vfs in _registered:
        connection.pragma("journal_mode", DEFAULT_JOURNAL_MODE)
        install_tables(connection)


def register(client: Client, name: str = "graft", make_default: bool = False) -> GraftVFS:
    """Register a VFS ``name`` serving ``client``'s volumes; replaces one of the same name."""
    with _guard:
        vfs = GraftVFS(client, name, make_default)
        _registered[name] = vfs
        if _configure not in apsw.connection_hooks:
            apsw.connection_hooks.append(_configure)
    return vfs


def unregister(name: str) -> None:
    """Make ``name`` unavailable to new connections (open ones keep working)."""
    with _guard:
        vfs = _registered.pop(name, None)
    if vfs is not None:
        vfs.unregister()
