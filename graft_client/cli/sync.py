"""``graft push|pull|sync|reset|fetch|status|clone``: a volume and the servers."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from graft_client import PullOutcome, PushInfo
from graft_client.cli.context import (
    missing_data_dir,
    open_client,
    require_servers,
    resumable_push,
    synced_volume,
)
from graft_client.cli.output import USAGE_ERROR, CliError, echo_result, progress, quantity
from graft_client.report import snapshot_json
from graft_client.status import owner_report, volume_report
from graft_client.storage.records import SyncMode, VolumeStatus
from graft_client.volume import Volume
from graft_core.errors import VolumeNotFoundError
from graft_core.types import Snapshot

__all__ = ["clone", "fetch", "pull", "push", "reset", "status", "sync_"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def _status_text(status: dict[str, Any]) -> str:
    return "\n".join(f"{key:<17}{'-' if value is None else value}" for key, value in status.items())


@click.command(
    short_help="Push unpushed local commits as one remote commit.",
    epilog="A push cut off (Ctrl-C, a crash, a network error) resumes on the next push.",
)
@click.argument("vid")
@_JSON
@click.pass_context
def push(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Push unpushed local commits as one remote commit."""
    with open_client(ctx, creates=False) as client:
        volume = client.local_volume(vid)  # a wrong id first: servers would not make it right
        require_servers(client)
        with progress(f"pushing {volume.vid}") as shown:
            pushed = resumable_push(volume, shown)
    echo_result(as_json, _pushed_json(pushed), _pushed_text(pushed))


def _pushed_json(pushed: PushInfo | None) -> dict[str, Any]:
    if pushed is None:
        return {"remote_lsn": None, "local_lsn": None, "pages": 0, "resumed": False}
    return dataclasses.asdict(pushed)


def _pushed_text(pushed: PushInfo | None) -> str:
    if pushed is None:
        return "nothing to push"
    pages = quantity(pushed.pages, "page")
    what = f"local LSN {pushed.local_lsn} ({pages}) as remote LSN {pushed.remote_lsn}"
    return f"finished the interrupted push: {what}" if pushed.resumed else f"pushed {what}"


@click.command(short_help="Learn the newest remote commit.")
@click.argument("vid")
@click.option("--wait-ms", type=click.IntRange(0, 60_000), default=0, help="Long-poll this long.")
@_JSON
@click.pass_context
def pull(ctx: click.Context, vid: str, wait_ms: int, as_json: bool) -> None:
    """Learn the newest remote commit (pages are fetched when read; `graft fetch` fetches all)."""
    with open_client(ctx, syncs=True, clones=vid) as client:
        volume = synced_volume(client, vid)
        with progress(f"pulling {volume.vid}"):
            outcome = volume.pull(wait_ms)
        snap = volume.snapshot()
    value = {"outcome": outcome.value, "snapshot": snapshot_json(snap)}
    echo_result(as_json, value, _pulled_text(outcome, snap, vid))


def _pulled_text(outcome: PullOutcome, snap: Snapshot | None, vid: str) -> str:
    at = "-" if snap is None else snap.lsn
    remote = None if snap is None else snap.remote_lsn
    if outcome is PullOutcome.UP_TO_DATE and remote is None:
        return f"up to date: the servers have no commits of it (local LSN {at})"
    return {
        PullOutcome.UP_TO_DATE: f"up to date at remote LSN {remote} (local LSN {at})",
        PullOutcome.APPLIED: f"pulled remote LSN {remote} as local LSN {at}",
        PullOutcome.REBASED: f"rebased the local commits onto remote LSN {remote}: local LSN {at}",
        PullOutcome.CONFLICT: (
            f"conflict: the remote moved past LSN {remote} and local commits up to LSN {at} are "
            f"not pushed; `graft reset {vid}` drops them"
        ),
        PullOutcome.PUSH_PENDING: f"not pulled: an interrupted push is pending; `graft push {vid}`",
    }[outcome]


@click.command(short_help="Fetch every page not yet local.")
@click.argument("vid")
@_JSON
@click.pass_context
def fetch(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Fetch every page of the latest snapshot not yet local (reads then need no server)."""
    with open_client(ctx, syncs=True, clones=vid) as client:
        volume = synced_volume(client, vid)
        with progress(f"fetching {volume.vid}") as shown:
            fetched = volume.fetch_all(shown)
    echo_result(as_json, {"fetched": fetched}, f"fetched {quantity(fetched, 'page')}")


@click.command("sync")
@click.argument("vid")
@_JSON
@click.pass_context
def sync_(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Push, then pull."""
    with open_client(ctx, syncs=True, clones=vid) as client:
        volume = synced_volume(client, vid)
        with progress(f"syncing {volume.vid}") as shown:
            pushed = resumable_push(volume, shown)
            outcome = volume.pull()
        value = _report(volume, owner_report(client)) | {
            "pushed": None if pushed is None else pushed.remote_lsn,
            "outcome": outcome.value,
        }
    echo_result(as_json, value, _status_text(value))


@click.command()
@click.argument("vid")
@_JSON
@click.pass_context
def reset(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Drop unpushed local commits and fast-forward to the remote."""
    with open_client(ctx, creates=False) as client:
        volume = client.local_volume(vid)
        require_servers(client)
        snap = volume.reset_to_remote()
    local = "-" if snap is None else snap.lsn
    if snap is None or snap.remote_lsn is None:
        text = f"reset: the servers have no commits of it (local LSN {local})"
    else:
        text = f"reset to remote LSN {snap.remote_lsn}: local LSN {local}"
    echo_result(as_json, snapshot_json(snap), text)


_NEXT_STEP = {
    VolumeStatus.REJECTED_COMMIT: "the servers rejected the last push (another client pushed "
    "first): `graft reset {vid}` drops the unpushed local commits",
    VolumeStatus.CONFLICT: "the servers moved on while local commits are unpushed: "
    "`graft reset {vid}` drops them",
    VolumeStatus.INTERRUPTED_PUSH: "a push was cut off: `graft push {vid}` finishes it",
}


# A push the servers refused the token for fails the same way until the token changes.
_REFUSED_TOKEN_STEP = (
    "the servers refused this client's token (last_error): give a token that may write volume "
    "{vid} (--token, GRAFT_TOKEN or token in graft.toml), then `graft push {vid}`"
)
_REFUSED_TOKEN_ERRORS = ("ForbiddenError:", "AuthError:")
_NO_WRITES_STEP = "no commit can land until the local storage takes writes again (local_storage)"
_RETRYING_STEP = (
    "a push was cut off and autosync retries it until the servers take it (last_error says "
    "why it failed); `graft push {vid}` tries at once"
)
_UNSYNCED_STEP = (
    "{waiting} and nothing syncs this data dir now (no `graft daemon`, "
    "no autosync): `graft push {vid}` sends them"
)
_OWNER_WITHOUT_SERVERS_STEP = (
    "{waiting} and the process that owns the data dir (pid {owner}), which "
    "syncs for every process of it, has no servers configured: `graft push {vid}` (or a "
    "`graft daemon`) lends it these servers, which it then syncs with for every process"
)


def _report(volume: Volume, owner: dict[str, Any]) -> dict[str, Any]:
    """``volume_report`` with the fetched bytes, and what to do when the volume is stuck,
    its commits wait for a sync that nothing runs (a daemon that was killed, or an owner of
    the data dir opened without servers), or none can land (``owner``'s local storage, as
    ``owner_report`` tells it, takes no write)."""
    report = volume_report(volume) | {"bytes_fetched": volume.stats().bytes_fetched}
    if owner["local_storage"] != "ok":
        return report | {"next_step": _NO_WRITES_STEP}
    return report | {"next_step": _next_step(volume, report, owner["owner_pid"])}


def _next_step(volume: Volume, report: dict[str, Any], owner_pid: int) -> str | None:
    if report["pushing"]:
        return None
    status = VolumeStatus(report["status"])
    step = _NEXT_STEP.get(status)
    if status is VolumeStatus.INTERRUPTED_PUSH:
        if (report["last_error"] or "").startswith(_REFUSED_TOKEN_ERRORS):
            step = _REFUSED_TOKEN_STEP
        elif report["autosync"]:
            step = _RETRYING_STEP
    session = volume.session
    pushes = SyncMode(report["sync"]).pushes and (session.has_remote or session.owner_has_remote)
    if step is None and pushes and report["unpushed_commits"] and not report["autosync"]:
        step = _UNSYNCED_STEP if volume.session.owner_has_remote else _OWNER_WITHOUT_SERVERS_STEP
    if step is None:
        return None
    unpushed = report["unpushed_commits"]
    waiting = f"{quantity(unpushed, 'local commit')} {'waits' if unpushed == 1 else 'wait'}"
    return step.format(vid=volume.vid, waiting=waiting, owner=owner_pid)


def _as_read(report: dict[str, Any]) -> dict[str, Any]:
    """A status as a person reads it: a push under way, not one cut off (``--json`` keeps
    the stored status, with ``pushing``)."""
    return report | {"status": "pushing"} if report["pushing"] else report


@click.command(short_help="Where one or every volume stands, and what to do.")
@click.argument("vid", required=False)
@_JSON
@click.pass_context
def status(ctx: click.Context, vid: str | None, as_json: bool) -> None:
    """Local and remote LSN, status, unpushed commits, last error and fetch counters of one
    or every volume (as they stand: neither clones nor resumes a push)."""
    if not vid and missing_data_dir(ctx, as_json, "no volumes"):
        return
    with open_client(ctx, creates=False) as client:
        vids = [vid] if vid else [str(info.vid) for info in client.volumes()]
        owner = owner_report(client)
        found = [_report(client.local_volume(v), owner) | owner for v in vids]
    text = "\n\n".join(_status_text(_as_read(s)) for s in found)
    text = text or f"no volumes\n{_status_text(owner)}"
    echo_result(as_json, found[0] if vid else found, text)


@click.command(short_help="Open a remote volume locally (pages fetched lazily).")
@click.argument("vid")
@click.option(
    "--encrypt-local",
    is_flag=True,
    help="An encrypted volume's pages stay sealed in this device's storage too.",
)
@_JSON
@click.pass_context
def clone(ctx: click.Context, vid: str, encrypt_local: bool, as_json: bool) -> None:
    """Open a remote volume locally; pages are fetched lazily when read."""
    with open_client(ctx, clones=vid) as client:
        try:
            volume, cloned = client.local_volume(vid), False
        except VolumeNotFoundError:
            require_servers(client)
            volume, cloned = client.open_volume(vid, encrypt_local=encrypt_local or None), True
        if encrypt_local and not volume.encrypt_local:
            raise CliError(
                f"volume {volume.vid} is already here with its pages not sealed at rest: "
                f"--encrypt-local is chosen when a volume comes here (`graft volume delete "
                f"{volume.vid}`, then clone it again)",
                USAGE_ERROR,
            )
        owner = owner_report(client)
        value = _report(volume, owner) | owner | {"cloned": cloned}
    text = _status_text(value)
    if not cloned:
        text = f"already cloned; `graft pull {vid}` brings it up to date\n{text}"
    echo_result(as_json, value, text)
