"""``graft volume create|list|status|delete``, ``graft log`` and ``graft compact``."""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from graft_client.cli.context import data_dir_of, missing_data_dir, open_client, require_servers
from graft_client.cli.output import (
    USAGE_ERROR,
    CliError,
    columns,
    echo_result,
    local_time,
    quantity,
)
from graft_client.client import Client
from graft_client.report import commit_json, volume_json
from graft_client.status import info_and_push
from graft_client.storage.records import SyncMode, VolumeStatus
from graft_client.volume import Volume, VolumeInfo
from graft_core import wire
from graft_core.errors import VolumeNotFoundError
from graft_core.ids import VolumeId

__all__ = ["compact", "log_", "volume"]

# Hex digits of a commit hash shown in a table (--json gives all of it), as git shortens ids.
_SHORT_HASH = 16
_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


@click.group(
    epilog="\b\nExamples:\n  VID=$(graft volume create)\n  graft volume status $VID\n"
    "  graft volume delete $VID --yes"
)
def volume() -> None:
    """Create, list, inspect and delete volumes."""


@volume.command("create")
@click.option(
    "--sync",
    type=click.Choice([mode.value for mode in SyncMode]),
    default=SyncMode.BOTH.value,
    show_default=True,
    help="Which way this volume syncs with the servers.",
)
@click.option(
    "--encrypt",
    is_flag=True,
    help="End-to-end encrypt it with the key-encryption key (--key-file, --passphrase, "
    "GRAFT_KEY, GRAFT_KEY_FILE or GRAFT_PASSPHRASE).",
)
@click.option(
    "--encrypt-local",
    is_flag=True,
    help="With --encrypt: keep its pages sealed in this device's storage too.",
)
@_JSON
@click.pass_context
def volume_create(
    ctx: click.Context, sync: str, encrypt: bool, encrypt_local: bool, as_json: bool
) -> None:
    """Create an empty volume and print its id."""
    with open_client(ctx) as client:
        if encrypt and client.session.keys.default is None:
            raise CliError(
                "--encrypt needs a key-encryption key: give --key-file or --passphrase before "
                "the command (`graft --key-file F volume create --encrypt`), or set GRAFT_KEY, "
                "GRAFT_KEY_FILE or GRAFT_PASSPHRASE",
                USAGE_ERROR,
            )
        volume = client.create_volume(sync=sync, encryption=encrypt, encrypt_local=encrypt_local)
        info = volume.info()
    echo_result(as_json, volume_json(info), str(info.vid))


@volume.command("list")
@_JSON
@click.pass_context
def volume_list(ctx: click.Context, as_json: bool) -> None:
    """List the volumes in the data directory."""
    if missing_data_dir(ctx, as_json, "no volumes"):
        return
    with open_client(ctx) as client:
        found = [info_and_push(client.local_volume(info.vid)) for info in client.volumes()]
    rows = [
        f"{info.vid}  lsn={info.snapshot.lsn if info.snapshot else '-'}  "
        f"pages={info.snapshot.page_count if info.snapshot else 0}  "
        f"status={_shown(info, pushing)}  sync={info.sync.value}"
        for info, pushing in found
    ]
    listed = [volume_json(info) | {"pushing": pushing} for info, pushing in found]
    echo_result(as_json, listed, "\n".join(rows) or "no volumes")


def _shown(info: VolumeInfo, pushing: bool) -> str:
    """The status as a person reads it: a push under way, not one cut off."""
    return "pushing" if pushing else info.status.value


@volume.command("status")
@click.argument("vid")
@_JSON
@click.pass_context
def volume_status(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Show a volume's snapshot, status, sync mode and retained history."""
    with open_client(ctx, creates=False) as client:
        vol = client.local_volume(vid)
        info, pushing = info_and_push(vol)
        retained = [entry.lsn for entry in vol.log()]
        origin = vol.origin
    snap = info.snapshot
    value = volume_json(info) | {"pushing": pushing}
    value["retained_lsns"] = [retained[0], retained[-1]] if retained else None
    fork = None if origin is None else f"fork of {origin[0]} at remote LSN {origin[1]}"
    value["origin"] = None if origin is None else {"vid": str(origin[0]), "lsn": origin[1]}
    text = "\n".join(
        [
            f"volume      {info.vid}",
            f"local lsn   {snap.lsn if snap else '-'}",
            f"remote lsn  {snap.remote_lsn if snap and snap.remote_lsn else '-'}",
            f"page count  {snap.page_count if snap else 0}",
            f"status      {_shown(info, pushing)}",
            f"sync        {info.sync.value}",
            f"log         {f'LSN {retained[0]}..{retained[-1]}' if retained else 'empty'}",
        ]
        + ([f"origin      {fork}"] if fork else [])
    )
    echo_result(as_json, value, text)


def _unpushed(vol: Volume) -> int:
    """Local commits the servers do not have (an interrupted push counts as one at least)."""
    snap = vol.snapshot()
    synced = snap.remote.local_lsn if snap and snap.remote else 0
    count = (snap.lsn - synced) if snap else 0
    return max(count, 1) if vol.status() is VolumeStatus.INTERRUPTED_PUSH else count


@volume.command("delete")
@click.argument("vid")
@click.option("-y", "--yes", is_flag=True, help="Do not ask for confirmation.")
@click.option("--force", is_flag=True, help="Delete even if local commits are not pushed.")
@click.option(
    "--remote",
    is_flag=True,
    help="Not supported: the servers keep every volume (their logs are append-only); says so.",
)
@click.pass_context
def volume_delete(ctx: click.Context, vid: str, yes: bool, force: bool, remote: bool) -> None:
    """Delete a volume's local copy (its pages, commits and sync state).

    The servers keep what was pushed: `graft clone VID` brings it back. Refuses while local
    commits are unpushed, unless --force.
    """
    if remote:
        _refuse_remote_delete(ctx, vid)
    with open_client(ctx, creates=False) as client:
        vol = client.local_volume(vid)
        unpushed = _unpushed(vol)
        if unpushed and not force:
            raise CliError(
                f"volume {vol.vid} has {quantity(unpushed, 'unpushed local commit')}: "
                f"`graft push {vol.vid}` first, or --force to delete them with the volume"
            )
        if not yes:
            _confirm(vol.vid, unpushed)
        snap = vol.snapshot()
        remote_lsn = None if snap is None else snap.remote_lsn
        client.delete_volume(vol.vid)
    kept = f"; the servers keep LSN {remote_lsn}: `graft clone {vid}`" if remote_lsn else ""
    click.echo(f"deleted the local copy of volume {vid}{kept}")


def _refuse_remote_delete(ctx: click.Context, vid: str) -> NoReturn:
    """The metastore has no endpoint that deletes a volume (DESIGN: logs are append-only)."""
    refused = "deleting a volume on the servers is not supported by this server"
    data_dir = data_dir_of(ctx)
    if data_dir.is_dir():  # a missing one is not created to say so
        with open_client(ctx) as client:
            try:
                client.local_volume(vid)
            except VolumeNotFoundError:
                pass
            else:
                raise CliError(
                    f"{refused}; `graft volume delete {vid}` without --remote deletes the "
                    "local copy"
                )
    raise CliError(f"{refused} (and {data_dir} has no copy of {vid})")


def _confirm(vid: VolumeId, unpushed: int) -> None:
    lost = f", losing {quantity(unpushed, 'unpushed commit')}" if unpushed else ""
    try:
        agreed = click.confirm(f"Delete the local copy of volume {vid}{lost}?", err=True)
    except click.Abort:  # stdin closed: nobody to ask
        agreed = False
    if not sys.stdin.isatty():
        click.echo(err=True)  # an answer read from a pipe is not echoed: end the question's line
    if not agreed:
        raise CliError("not deleted (answer y, or pass --yes)")


@click.command(
    "log",
    short_help="List a volume's commits, newest first.",
    epilog="Example: graft log VID --limit 10 --remote",
)
@click.argument("vid")
@click.option("--limit", type=click.IntRange(min=1), help="Show at most the newest N commits.")
@click.option("--remote", is_flag=True, help="The servers' history of the volume instead.")
@_JSON
@click.pass_context
def log_(ctx: click.Context, vid: str, limit: int | None, remote: bool, as_json: bool) -> None:
    """List a volume's commits, newest first, with their time (local) and pages.

    Locally: the retained local commits, the pages each changed and the remote LSN it became.
    With --remote: the commits the metastore holds, with the time it accepted each and the
    commit hash the pushing client computed over its pages.
    """
    with open_client(ctx, creates=remote) as client:
        entries = _remote_log(client, vid, limit) if remote else _local_log(client, vid, limit)
    if not entries:
        echo_result(as_json, [], "no commits")
        return
    if remote:
        header = ["LSN", "TIME", "PAGES", "SEGMENTS", "HASH"]
        cells = ["lsn", "ts_ms", "page_count", "segments", "commit_hash"]
    else:
        header = ["LSN", "TIME", "PAGES", "CHANGED", "REMOTE"]
        cells = ["lsn", "created_ms", "page_count", "pages_changed", "remote_lsn"]
    rows = [header] + [[_cell(e, name) for name in cells] for e in entries]
    echo_result(as_json, entries, columns(rows))


def _cell(entry: dict[str, Any], name: str) -> str:
    value = entry[name]
    if name.endswith("_ms"):
        return local_time(value)
    if name == "commit_hash" and value is not None:
        return str(value)[:_SHORT_HASH]
    return "-" if value is None else str(value)


def _local_log(client: Client, vid: str, limit: int | None) -> list[dict[str, Any]]:
    vol = client.local_volume(vid)
    start = 1 if limit is None else max(1, vol.latest_lsn() - limit + 1)
    return [commit_json(entry) for entry in reversed(vol.log(start=start))]


def _remote_log(client: Client, vid: str, limit: int | None) -> list[dict[str, Any]]:
    require_servers(client)
    volume_id = client.resolve(vid)
    runtime = client.runtime
    latest = runtime.call(runtime.metastore.snapshot, volume_id).lsn
    start: int | None = 1 if limit is None else max(1, latest - limit + 1)
    found: list[dict[str, Any]] = []
    while start is not None:
        answer = runtime.call(runtime.metastore.pull_commits, volume_id, start, latest)
        found += [_remote_commit_json(c) for c in answer.commits]
        start = answer.next
    return found[::-1]


def _remote_commit_json(commit: wire.CommitInfo) -> dict[str, Any]:
    return {
        "lsn": commit.lsn,
        "page_count": commit.page_count,
        "ts_ms": commit.ts_ms,
        "segments": len(commit.segments),
        "commit_hash": None if commit.commit_hash is None else commit.commit_hash.hex(),
    }


@click.command(short_help="Reclaim old page versions and release disk space.")
@_JSON
@click.pass_context
def compact(ctx: click.Context, as_json: bool) -> None:
    """Reclaim page versions outside the retention policy and release disk space."""
    with open_client(ctx, creates=False) as client:
        stats = client.compact()
    value = {"pages": stats.pages, "commits": stats.commits}
    pages, commits = quantity(stats.pages, "page"), quantity(stats.commits, "commit record")
    text = f"reclaimed old versions of {pages} and {commits}"
    echo_result(as_json, value, text)
