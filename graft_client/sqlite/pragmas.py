"""``PRAGMA graft_*``: inspect and sync the volume under a connection, from SQL.

SQLite hands every pragma to the VFS first (``SQLITE_FCNTL_PRAGMA``), and a VFS pragma answers
with one text value: each graft pragma answers with one JSON document (machine readable; the
same data is available as rows through the ``graft_*`` table-valued functions of ``tables``).
The same hook refuses the settings that would break the volume's guarantees: non-4096 page
sizes, journal modes other than the rollback ones, and exclusive locking (which keeps a
snapshot pinned forever, so pulls would never become visible).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import apsw

from graft_client.report import audit_json, snapshot_json
from graft_client.sqlite.dbfile import VolumeFile
from graft_client.sqlite.transfer import import_into
from graft_client.status import volume_report
from graft_core.errors import GraftError
from graft_core.types import PAGE_SIZE

__all__ = ["JOURNAL_MODES", "PRAGMAS", "handle_pragma", "status_of"]

# Rollback-journal modes work (the journal lives in memory, the volume commit is atomic).
# wal needs a -wal file and shared memory outside the volume: commits would not be volume
# commits until a checkpoint, and other clients would never see them. off makes ROLLBACK
# undefined in SQLite itself.
JOURNAL_MODES = ("memory", "delete", "truncate", "persist")

PragmaFn = Callable[[VolumeFile, "str | None"], Any]


def status_of(file: VolumeFile) -> dict[str, Any]:
    """Where the volume and this connection stand: LSNs, sync state, last error, fetches."""
    reading = file.snapshot
    return volume_report(file.volume) | {
        "connection_lsn": reading.lsn if reading else None,
        "in_write_transaction": file.in_write,
        "last_busy": file.last_busy,
    }


def _no_value(name: str, value: str | None) -> None:
    if value is not None:
        raise apsw.SQLError(f"pragma {name} takes no value")


def _status(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_status", value)
    return status_of(file)


def _snapshot(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_snapshot", value)
    return {"vid": str(file.volume.vid), "snapshot": snapshot_json(file.snapshot)}


def _push(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_push", value)
    return {"remote_lsn": file.volume.push()}


def _pull(file: VolumeFile, value: str | None) -> Any:
    wait_ms = 0 if value is None else _int_value("graft_pull", value)
    outcome = file.volume.pull(wait_ms)
    return {"outcome": outcome.value, "snapshot": snapshot_json(file.volume.snapshot())}


def _sync(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_sync", value)
    outcome = file.volume.sync()
    return {"outcome": outcome.value, "snapshot": snapshot_json(file.volume.snapshot())}


def _reset(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_reset", value)
    return {"snapshot": snapshot_json(file.volume.reset_to_remote())}


def _autosync(file: VolumeFile, value: str | None) -> Any:
    session = file.volume.session
    choice = None if value is None else value.strip().lower()
    if choice in ("on", "1", "true"):
        session.start_autosync()
    elif choice in ("off", "0", "false"):
        session.stop_autosync()
    elif choice is not None:
        raise apsw.SQLError(f"pragma graft_autosync = on|off, not {value!r}")
    return {"autosync": session.autosync_running}


def _errors(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_errors", value)
    return [{"at_ms": e.at_ms, "kind": e.kind, "message": e.message} for e in file.volume.errors()]


def _fetch_all(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_fetch_all", value)
    return {"fetched": file.volume.fetch_all()}


def _path_value(name: str, value: str | None) -> str:
    if not value:
        raise apsw.SQLError(f"pragma {name} = 'PATH' names a file")
    return value


def _import(file: VolumeFile, value: str | None) -> Any:
    imported = import_into(file.volume, _path_value("graft_import", value))
    return {
        "bytes": imported.size,
        "sqlite": imported.sqlite,
        "snapshot": snapshot_json(imported.snapshot),
    }


def _export(file: VolumeFile, value: str | None) -> Any:
    path = _path_value("graft_export", value)
    reading = file.snapshot
    exported = file.volume.export(path, None if reading is None else reading.lsn)
    return {"file": path, "snapshot": snapshot_json(exported)}


def _audit(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_audit", value)
    return audit_json(file.volume, fetch=True)


def _version(file: VolumeFile, value: str | None) -> Any:
    _no_value("graft_version", value)
    return {
        "graft": version("graft-volumes"),
        "apsw": apsw.apsw_version(),
        "sqlite": apsw.sqlite_lib_version(),
    }


PRAGMAS: dict[str, PragmaFn] = {
    "graft_status": _status,
    "graft_snapshot": _snapshot,
    "graft_push": _push,
    "graft_pull": _pull,
    "graft_sync": _sync,
    "graft_reset": _reset,
    "graft_autosync": _autosync,
    "graft_errors": _errors,
    "graft_fetch_all": _fetch_all,
    "graft_import": _import,
    "graft_export": _export,
    "graft_audit": _audit,
    "graft_version": _version,
}


def _int_value(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise apsw.SQLError(
            f"pragma {name} wants a number of milliseconds, not {value!r}"
        ) from None


def _guard(name: str, value: str | None) -> None:
    """Refuse settings the volume cannot honour; SQLite applies the rest itself."""
    if value is None:
        return
    setting = value.strip().strip("'\"").lower()
    if name == "page_size" and setting != str(PAGE_SIZE):
        raise apsw.SQLError(f"graft volumes hold SQLite databases with page_size={PAGE_SIZE} only")
    if name == "journal_mode" and setting not in JOURNAL_MODES:
        raise apsw.SQLError(
            f"journal_mode={setting} is not supported on graft volumes; use one of "
            f"{', '.join(JOURNAL_MODES)} (memory is recommended)"
        )
    if name == "locking_mode" and setting != "normal":
        raise apsw.SQLError(
            "locking_mode=exclusive is not supported on graft volumes: a connection would keep "
            "one snapshot forever and never see pulled commits"
        )


def handle_pragma(file: VolumeFile, pragma: apsw.VFSFcntlPragma) -> bool:
    """Answer a graft pragma (True), or let SQLite handle the pragma (False)."""
    name = pragma.name.lower()
    if not name.startswith("graft_"):
        _guard(name, pragma.value)
        return False
    run = PRAGMAS.get(name)
    if run is None:
        raise apsw.SQLError(f"unknown pragma {name}; graft pragmas are: {', '.join(PRAGMAS)}")
    try:
        answer = run(file, pragma.value)
    except GraftError as exc:
        raise apsw.SQLError(f"{name}: {type(exc).__name__}: {exc}") from exc
    pragma.result = json.dumps(answer, sort_keys=True)
    return True
