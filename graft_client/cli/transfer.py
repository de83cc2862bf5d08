"""``graft import FILE`` and ``graft export VID FILE``: volumes to and from plain files."""

from __future__ import annotations

from pathlib import Path

import click

from graft_client.cli.context import open_client, require_servers, resumable_push
from graft_client.cli.output import echo_result, progress, quantity
from graft_client.cli.tags import MOVE_TAG_OPTION, TAG_OPTION
from graft_client.report import snapshot_json

__all__ = ["export_command", "import_command"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


@click.command(
    "import",
    short_help="Make a new volume from a SQLite database or any file.",
    epilog="Example: graft import app.db --tag app --push",
)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@TAG_OPTION
@MOVE_TAG_OPTION
@click.option("--push", "push_after", is_flag=True, help="Push the new volume to the servers.")
@_JSON
@click.pass_context
def import_command(
    ctx: click.Context,
    file: Path,
    tag: str | None,
    move_tag: bool,
    push_after: bool,
    as_json: bool,
) -> None:
    """Make a new volume holding FILE and print its id.

    A SQLite database is read as of one committed state even while other processes write it
    (its page size must be 4096). Any other file is stored in 4 KiB pages,
    the last one zero-padded.
    """
    from graft_client.sqlite.transfer import import_file  # apsw: only for the commands using it

    with open_client(ctx) as client:
        if push_after:
            require_servers(client)
        with progress(f"importing {file.name}") as shown:
            imported = import_file(client, file, tag=tag, move_tag=move_tag, progress=shown)
        vid = imported.volume.vid
        if not as_json:  # before the push: a failed push still leaves the volume here
            what = "SQLite database" if imported.sqlite else "file"
            pages = 0 if imported.snapshot is None else imported.snapshot.page_count
            click.echo(
                f"imported {what} {file} ({quantity(imported.size, 'byte')}, "
                f"{quantity(pages, 'page')}) as volume {vid}{f' tagged {tag}' if tag else ''}",
                err=True,
            )
        remote_lsn = None
        if push_after:
            with progress(f"pushing {vid}") as shown:
                pushed = resumable_push(imported.volume, shown)
            remote_lsn = None if pushed is None else pushed.remote_lsn
    value = {
        "vid": str(vid),
        "tag": tag,
        "sqlite": imported.sqlite,
        "bytes": imported.size,
        "snapshot": snapshot_json(imported.snapshot),
        "remote_lsn": remote_lsn,
    }
    echo_result(as_json, value, str(vid))


@click.command(
    "export",
    short_help="Write a volume's snapshot to a plain file.",
    epilog="Example: graft export app app-copy.db --lsn 42 && sqlite3 app-copy.db .tables",
)
@click.argument("vid")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--lsn", type=click.IntRange(min=1), help="A retained older local LSN.")
@_JSON
@click.pass_context
def export_command(
    ctx: click.Context, vid: str, file: Path, lsn: int | None, as_json: bool
) -> None:
    """Write volume VID's latest snapshot (or local LSN --lsn) to FILE.

    The file holds pages 1..page count in order: a SQLite volume gives a database file that
    sqlite3 opens. Pages not local yet are fetched as the export goes; FILE appears whole (it
    is written under a temporary name and renamed).
    """
    with open_client(ctx, clones=vid) as client:
        volume = client.open_volume(vid)
        with progress(f"exporting {volume.vid}") as shown:
            snapshot = volume.export(file, lsn, shown)
    pages = 0 if snapshot is None else snapshot.page_count
    value = {"vid": str(volume.vid), "file": str(file), "snapshot": snapshot_json(snapshot)}
    at = f" at LSN {snapshot.lsn}" if snapshot else ""
    echo_result(as_json, value, f"exported {volume.vid}{at} to {file} ({quantity(pages, 'page')})")
