"""SQLite errors raised from the VFS: an apsw exception of an exact (extended) result code."""

from __future__ import annotations

import apsw

__all__ = ["with_reason"]


def with_reason(code: int, reason: str) -> Exception:
    """The apsw exception for ``code`` (e.g. SQLITE_BUSY_SNAPSHOT) with ``reason`` as message.

    SQLite replaces the message of errors from xLock and xSync with its own text ("database is
    locked"); the extended result code survives, and callers keep the reason where users see it.
    """
    exc = apsw.exception_for(code)
    exc.args = (reason,)
    return exc
