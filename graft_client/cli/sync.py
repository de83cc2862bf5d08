"""``graft push|pull|sync|reset|status|clone|daemon``: sync commands."""

from __future__ import annotations

import dataclasses
import signal
import threading
from typing import Any

import click

from graft_client.cli.context import echo_result, open_client
from graft_client.cli.output import snapshot_json
from graft_client.status import volume_report
from graft_client.sync.state import PullOutcome, PushInfo
from graft_core.errors import VolumeNotFoundError
from graft_core.types import Snapshot

__all__ = ["sync_commands"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def _status_text(status: dict[str, Any]) -> str:
    return "\n".join(f"{key:<17}{'-' if value is None else value}" for key, value in status.items())


@click.command()
@click.argument("vid")
@_JSON
@click.pass_context
def push(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Push unpushed local commits as one remote commit."""
    with open_client(ctx) as client:
        pushed = client.open_volume(vid).push_info()
    echo_result(as_json, _pushed_json(pushed), _pushed_text(pushed))


def _pushed_json(pushed: PushInfo | None) -> dict[str, Any]:
    if pushed is None:
        return {"remote_lsn": None, "local_lsn": None, "pages": 0, "resumed": False}
    return dataclasses.asdict(pushed)


def _pushed_text(pushed: PushInfo | None) -> str:
    if pushed is None:
        return "nothing to push"
    what = f"local LSN {pushed.local_lsn} ({pushed.pages} pages) as remote LSN {pushed.remote_lsn}"
    return f"finished the interrupted push: {what}" if pushed.resumed else f"pushed {what}"


@click.command()
@click.argument("vid")
@click.option("--wait-ms", type=click.IntRange(0, 60_000), default=0, help="Long-poll this long.")
@_JSON
@click.pass_context
def pull(ctx: click.Context, vid: str, wait_ms: int, as_json: bool) -> None:
    """Learn the newest remote commit (pages are fetched when read)."""
    with open_client(ctx) as client:
        volume = client.open_volume(vid)
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


@click.command("sync")
@click.argument("vid")
@_JSON
@click.pass_context
def sync_(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Push, then pull."""
    with open_client(ctx) as client:
        volume = client.open_volume(vid)
        pushed = volume.push_info()
        outcome = volume.pull()
        value = volume_report(volume) | {
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
    with open_client(ctx) as client:
        snap = client.local_volume(vid).reset_to_remote()
    local = "-" if snap is None else snap.lsn
    if snap is None or snap.remote_lsn is None:
        text = f"reset: the servers have no commits of it (local LSN {local})"
    else:
        text = f"reset to remote LSN {snap.remote_lsn}: local LSN {local}"
    echo_result(as_json, snapshot_json(snap), text)


@click.command()
@click.argument("vid", required=False)
@_JSON
@click.pass_context
def status(ctx: click.Context, vid: str | None, as_json: bool) -> None:
    """Local and remote LSN, status, unpushed commits and last error of one or every volume."""
    with open_client(ctx) as client:
        vids = [vid] if vid else [str(info.vid) for info in client.volumes()]
        # As the volumes stand: status neither clones nor resumes an interrupted push.
        found = [volume_report(client.local_volume(v)) for v in vids]
    text = "\n\n".join(_status_text(s) for s in found) or "no volumes"
    echo_result(as_json, found[0] if vid else found, text)


@click.command()
@click.argument("vid")
@_JSON
@click.pass_context
def clone(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Open a remote volume locally; pages are fetched lazily when read."""
    with open_client(ctx) as client:
        try:
            volume, cloned = client.local_volume(vid), False
        except VolumeNotFoundError:
            volume, cloned = client.open_volume(vid), True
        value = volume_report(volume) | {"cloned": cloned}
    text = _status_text(value)
    if not cloned:
        text = f"already cloned; `graft pull {vid}` brings it up to date\n{text}"
    echo_result(as_json, value, text)


@click.command()
@click.option("--wait-ms", type=click.IntRange(100, 60_000), default=10_000, help="Pull long-poll.")
@click.option("--metrics-port", type=int, help="Serve Prometheus metrics on 127.0.0.1:PORT.")
@click.pass_context
def daemon(ctx: click.Context, wait_ms: int, metrics_port: int | None) -> None:
    """Sync every volume whose sync mode is not disabled until SIGTERM or Ctrl-C."""
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    with open_client(ctx) as client:
        if metrics_port is not None:
            from graft_client.sync.daemon_metrics import serve_metrics

            serve_metrics(client, metrics_port)
        client.start_autosync(wait_ms=wait_ms)
        click.echo(f"graft daemon syncing {client.data_dir}; stop with Ctrl-C", err=True)
        stop.wait()
        click.echo("graft daemon stopping", err=True)


sync_commands = [push, pull, sync_, reset, status, clone, daemon]
