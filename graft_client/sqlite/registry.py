"""Which graft VFSes are registered; apsw unregisters a VFS once nothing references it."""

from __future__ import annotations

import logging
import threading

import apsw

from graft_client.client import Client
from graft_client.sqlite.tables import install_tables
from graft_client.sqlite.vfs import GraftVFS

__all__ = ["DEFAULT_JOURNAL_MODE", "register", "unregister"]

DEFAULT_JOURNAL_MODE = "memory"

log = logging.getLogger(__name__)

_registered: dict[str, GraftVFS] = {}
_guard = threading.Lock()


def _configure(connection: apsw.Connection) -> None:
    """Connection hook: graft connections get the ``graft_*`` tables (the pragmas' answers as
    rows, see ``tables``) and start in journal_mode=memory (no journal copies).

    Opening must not depend on reading the database, as natively: setting the journal mode
    reads the schema, so a database that cannot be read yet (a corrupt schema to repair with
    ``writable_schema``, pages that cannot be fetched) keeps SQLite's default mode instead,
    whose journal lives in memory as well (``memfile``); its statements report the problem.
    """
    if connection.open_vfs not in _registered:
        return
    install_tables(connection)
    try:
        connection.pragma("journal_mode", DEFAULT_JOURNAL_MODE)
    except apsw.Error as exc:
        log.warning(
            "SQLite on %s: the database cannot be read (%s); this connection keeps "
            "journal_mode=delete",
            connection.filename,
            exc,
        )


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
