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
_probing = threading.local()  # set while _schema_readable opens its scratch connection


def _configure(connection: apsw.Connection) -> None:
    """Connection hook: graft connections get the ``graft_*`` tables (the pragmas' answers as
    rows, see ``tables``) and start in journal_mode=memory (no journal copies).

    Opening must not depend on reading the database, as natively: a database SQLite cannot
    read (a corrupt schema to repair with ``writable_schema``, pages that cannot be fetched)
    opens in SQLite's default journal mode, whose journal lives in memory too (``memfile``).
    """
    if connection.open_vfs not in _registered or getattr(_probing, "active", False):
        return
    install_tables(connection)
    if not _schema_readable(connection):
        return
    try:
        connection.pragma("journal_mode", DEFAULT_JOURNAL_MODE)
    except apsw.Error as exc:  # the schema broke since the probe
        log.warning("SQLite on %s: journal_mode stays delete: %s", connection.filename, exc)


def _schema_readable(connection: apsw.Connection) -> bool:
    """Whether SQLite can read the schema, asked on a scratch connection.

    Setting the journal mode reads the schema. Trying it on ``connection`` itself would spend
    the schema read of its first statement: on a corrupt schema, that statement would then run
    where it fails natively, and what a shell or an app does next would differ.
    """
    _probing.active = True
    try:
        probe = apsw.Connection(
            connection.filename, flags=apsw.SQLITE_OPEN_READONLY, vfs=connection.open_vfs
        )
    finally:
        _probing.active = False
    try:
        probe.pragma("journal_mode")  # reads the schema, as setting it does
        return True
    except apsw.Error as exc:
        # Not a warning: the connection's first statement fails with the same words, as
        # natively, and a caller that tells it would say it twice.
        log.info("SQLite on %s: cannot read the schema: %s", connection.filename, exc)
        return False
    finally:
        probe.close()


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
