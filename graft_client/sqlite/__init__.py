"""SQLite on volumes: an apsw VFS with transactions as snapshots, lazy pages and sync pragmas.

import apsw
from graft_client import Client
from graft_client.sqlite import register

client = Client("data", metastore=..., pagestore=...)
register(client)                                  # the VFS "graft"
db = apsw.Connection("new", vfs="graft")          # or an existing or remote VolumeId
db.execute("create table notes(id integer primary key, body text)")
db.execute("pragma graft_push")

Every ``PRAGMA graft_*`` answers one JSON text value. The read-only ones are also tables on every
graft connection, one row per field or error (``tables``)::

    select key, value from graft_status;             -- also graft_version
    select vid, lsn, remote_lsn, page_count from graft_snapshot;
    select at_ms, kind, message from graft_errors;
"""

from graft_client.sqlite.pragmas import JOURNAL_MODES, PRAGMAS
from graft_client.sqlite.registry import DEFAULT_JOURNAL_MODE, register, unregister
from graft_client.sqlite.tables import TABLES
from graft_client.sqlite.vfs import NEW_VOLUME, GraftVFS

__all__ = [
    "DEFAULT_JOURNAL_MODE",
    "JOURNAL_MODES",
    "NEW_VOLUME",
    "PRAGMAS",
    "TABLES",
    "GraftVFS",
    "register",
    "unregister",
]
