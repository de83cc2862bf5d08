"""One machine-readable report of where a volume stands, for `graft status` and SQLite pragmas."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from graft_client.direct import RequestCounts
from graft_client.storage.records import VolumeStatus

if TYPE_CHECKING:
    from graft_client.client import Client
    from graft_client.volume import Volume, VolumeInfo

__all__ = ["info_and_push", "owner_report", "volume_report"]


def _age_s(at_ms: int | None) -> float | None:
    return None if at_ms is None else round((time.time_ns() // 1_000_000 - at_ms) / 1000, 3)


def info_and_push(volume: Volume) -> tuple[VolumeInfo, bool]:
    """The volume's info, and whether a push of it ran as it was read (in any process): a
    push under way looks cut off (``INTERRUPTED_PUSH``) until it ends. It ran then if it ran
    before or after, or one began in between (its pending mark is set after it began)."""
    running_before, begun_before = volume.session.push_state(volume.vid)
    info = volume.info()
    running_after, begun_after = volume.session.push_state(volume.vid)
    return info, running_before or running_after or begun_before != begun_after


def volume_report(volume: Volume) -> dict[str, Any]:
    """LSNs, sync state, unpushed commits, the last error and sync, and fetch counters; the
    object-store requests for a direct client's volume (see ``_store_requests``)."""
    info, pushing = info_and_push(volume)
    snap = info.snapshot
    synced = snap.remote.local_lsn if snap and snap.remote else 0
    last_sync_ms = volume.last_sync_ms()
    stats = volume.stats()
    report: dict[str, Any] = {
        "vid": str(info.vid),
        "local_lsn": snap.lsn if snap else None,
        "remote_lsn": snap.remote_lsn if snap else None,
        "page_count": snap.page_count if snap else 0,
        "status": info.status.value,
        "sync": info.sync.value,
        "conflict_policy": volume.conflict_policy.value,
        "unpushed_commits": (snap.lsn - synced) if snap else 0,
        "autosync": volume.session.autosync_running,
        "pushing": pushing,
        "last_error": _unresolved_error(volume, info.status, last_sync_ms, pushing=pushing),
        "last_sync_age_s": _age_s(last_sync_ms),
        "pages_fetched": stats.pages_fetched,
        "round_trips": stats.round_trips,
    }
    return report | _store_requests(volume, stats.requests)


def _unresolved_error(
    volume: Volume, status: VolumeStatus, last_sync_ms: int | None, *, pushing: bool
) -> str | None:
    """The last sync error, unless the volume is ok (or a push under way makes it look cut
    off) and a sync succeeded after it: an outage the runtime has since recovered from is
    history (``Volume.errors``), not where it stands. (Beside apps that commit all the time,
    the status read a push under way most of the time: the error stayed shown ten seconds
    after the pushes went through again.)"""
    errors = volume.errors()
    if not errors:
        return None
    ok = status is VolumeStatus.OK or (pushing and status is VolumeStatus.INTERRUPTED_PUSH)
    if ok and last_sync_ms is not None and last_sync_ms > errors[-1].at_ms:
        return None
    return f"{errors[-1].kind}: {errors[-1].message}"


def _store_requests(volume: Volume, counts: RequestCounts) -> dict[str, int]:
    """The data dir's object-store requests for the volume: for a direct client, or where
    direct mode counted some. Through servers the client makes none, and rows of zeros would
    read as a measurement."""
    if volume.session.remote is None and counts == RequestCounts():
        return {}
    return {"store_puts": counts.puts, "store_gets": counts.gets, "store_lists": counts.lists}


# The owner's command as status shows it: one line, at most this long (``python -c`` scripts
# and long argument lists would otherwise break the table status prints).
OWNER_TEXT = 200


def _command_line(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            raw = file.read()
    except OSError:
        return None  # gone, or not Linux
    text = " ".join(raw.replace(b"\0", b" ").decode(errors="replace").split())
    if len(text) > OWNER_TEXT:
        text = text[: OWNER_TEXT - 1] + "…"
    return text or None


def owner_report(client: Client) -> dict[str, Any]:
    """Which process owns the data dir (serves the others and syncs): its pid and command;
    and whether its local storage takes writes ("ok", or why not)."""
    owner: str | None = "this process (nothing else had it open)"
    if not client.is_owner:
        owner = _command_line(client.owner_pid)
    storage = client.state.storage_refusing() or "ok"
    return {"owner_pid": client.owner_pid, "owner": owner, "local_storage": storage}
