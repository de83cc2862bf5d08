"""The ``graft`` command."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

import click

from graft_client.cli.context import echo_result, open_client
from graft_client.cli.output import commit_json, hexdump, snapshot_json, volume_json
from graft_client.cli.pipeline import pipeline_command
from graft_client.cli.segment import segment_group
from graft_client.cli.serve import serve_command
from graft_client.cli.sql import sql_command
from graft_client.cli.sync import sync_commands
from graft_client.cli.token import token_group
from graft_client.lite import LiteClient
from graft_client.storage.records import SyncMode
from graft_core.errors import GraftError, InvalidInputError, NotFoundError
from graft_core.types import PAGE_SIZE, check_page

__all__ = ["main"]

USAGE_ERROR = 2


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


class GraftGroup(click.Group):
    """Turns our exceptions into one line on stderr: exit 2 for bad input, 1 otherwise."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (InvalidInputError, NotFoundError) as exc:
            _fail(str(exc), USAGE_ERROR)
        except UnicodeEncodeError as exc:
            # An argument that is not valid text (a lone surrogate from undecodable bytes) met
            # a path or a URL that must be encoded.
            _fail(
                f"an argument is not valid text: {exc.object[exc.start : exc.end]!r}", USAGE_ERROR
            )
        except GraftError as exc:
            _fail(str(exc), 1)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # click's main() handles a closed stdout quietly
            _fail(str(exc), 1)


@click.group(cls=GraftGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="GRAFT_DIR",
    help="Client data directory. [env: GRAFT_DIR; default: ~/.local/share/graft]",
)
@click.option("--metastore", envvar="GRAFT_METASTORE", help="Metastore URL. [env: GRAFT_METASTORE]")
@click.option("--pagestore", envvar="GRAFT_PAGESTORE", help="Pagestore URL. [env: GRAFT_PAGESTORE]")
@click.option(
    "--token", envvar="GRAFT_TOKEN", help="Bearer token for the servers. [env: GRAFT_TOKEN]"
)
@click.version_option(package_name="graft-volumes")
@click.pass_context
def cli(
    ctx: click.Context,
    data_dir: Path | None,
    metastore: str | None,
    pagestore: str | None,
    token: str | None,
) -> None:
    """Local-first page volumes: write pages locally, commit instantly, sync lazily."""
    remote = {"metastore": metastore, "pagestore": pagestore, "token": token}
    ctx.obj = {"data_dir": data_dir, "remote": remote}


@cli.group(cls=GraftGroup)
def volume() -> None:
    """Create, list and inspect volumes."""


@volume.command("create")
@click.option(
    "--sync",
    type=click.Choice([mode.value for mode in SyncMode]),
    default=SyncMode.BOTH.value,
    show_default=True,
    help="Which way this volume syncs with the servers.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def volume_create(ctx: click.Context, sync: str, as_json: bool) -> None:
    """Create an empty volume and print its id."""
    with open_client(ctx) as client:
        info = client.create_volume(sync=sync).info()
    echo_result(as_json, volume_json(info), str(info.vid))


@volume.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the volumes as JSON.")
@click.pass_context
def volume_list(ctx: click.Context, as_json: bool) -> None:
    """List the volumes in the data directory."""
    with open_client(ctx) as client:
        infos = client.volumes()
    rows = [
        f"{info.vid}  lsn={info.snapshot.lsn if info.snapshot else '-'}  "
        f"pages={info.snapshot.page_count if info.snapshot else 0}  "
        f"status={info.status.value}  sync={info.sync.value}"
        for info in infos
    ]
    echo_result(as_json, [volume_json(i) for i in infos], "\n".join(rows) or "no volumes")


@volume.command("status")
@click.argument("vid")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
@click.pass_context
def volume_status(ctx: click.Context, vid: str, as_json: bool) -> None:
    """Show a volume's snapshot, status, sync mode and retained history."""
    with open_client(ctx) as client:
        vol = client.local_volume(vid)
        info = vol.info()
        retained = [entry.lsn for entry in vol.log()]
    snap = info.snapshot
    value = volume_json(info) | {"retained_lsns": [retained[0], retained[-1]] if retained else None}
    text = "\n".join(
        [
            f"volume      {info.vid}",
            f"local lsn   {snap.lsn if snap else '-'}",
            f"remote lsn  {snap.remote_lsn if snap and snap.remote_lsn else '-'}",
            f"page count  {snap.page_count if snap else 0}",
            f"status      {info.status.value}",
            f"sync        {info.sync.value}",
            f"log         {f'LSN {retained[0]}..{retained[-1]}' if retained else 'empty'}",
        ]
    )
    echo_result(as_json, value, text)


def _fill_byte(_: click.Context, __: click.Parameter, value: str | None) -> int | None:
    if value is None:
        return None
    try:
        byte = int(value, 0)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a number (e.g. 65 or 0x41)") from None
    if not 0 <= byte <= 255:
        raise click.BadParameter(f"{value} is not a byte (0..255)")
    return byte


@cli.command()
@click.argument("vid")
@click.argument("pageidx", type=int)
@click.option(
    "--file", "source", type=click.File("rb"), help=f"Page contents ({PAGE_SIZE} bytes; - = stdin)."
)
@click.option("--fill", callback=_fill_byte, help="Fill the page with this byte (e.g. 65, 0x41).")
@click.option("--json", "as_json", is_flag=True, help="Print the new snapshot as JSON.")
@click.pass_context
def write(
    ctx: click.Context,
    vid: str,
    pageidx: int,
    source: BinaryIO | None,
    fill: int | None,
    as_json: bool,
) -> None:
    """Write one page and commit it as a new local LSN."""
    if (source is None) == (fill is None):
        raise click.UsageError("give exactly one of --file or --fill")
    if fill is not None:
        data = bytes([fill]) * PAGE_SIZE
    else:
        assert source is not None
        data = check_page(source.read())
    with open_client(ctx) as client:
        vol = client.open_volume(vid)
        with vol.writer() as writer:
            writer.write(pageidx, data)
        snap = vol.snapshot()
    assert snap is not None
    text = f"committed page {pageidx} at LSN {snap.lsn} (page count {snap.page_count})"
    echo_result(as_json, snapshot_json(snap), text)


@cli.command()
@click.argument("vid")
@click.argument("pageidx", type=int)
@click.option("--lsn", type=int, help="Read at this retained local LSN instead of the latest.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the page here.")
@click.option("--hex", "as_hex", is_flag=True, help="Print a hexdump (default on a terminal).")
@click.option(
    "--remote", is_flag=True, help="Read from the servers (lite client; --lsn is a remote LSN)."
)
@click.pass_context
def read(
    ctx: click.Context,
    vid: str,
    pageidx: int,
    lsn: int | None,
    out: Path | None,
    as_hex: bool,
    remote: bool,
) -> None:
    """Read one page (4096 bytes) at the latest or a given LSN."""
    if remote:
        with LiteClient(**ctx.obj["remote"]) as lite:
            data = lite.read(vid, pageidx, lsn)
    else:
        with open_client(ctx) as client, client.open_volume(vid).reader(lsn) as reader:
            data = reader.read(pageidx)
    if out is not None:
        out.write_bytes(data)
    elif as_hex or sys.stdout.isatty():
        click.echo(hexdump(data))
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()


@cli.command("log")
@click.argument("vid")
@click.option("--limit", type=click.IntRange(min=1), help="Show at most this many commits.")
@click.option("--json", "as_json", is_flag=True, help="Print the commits as JSON.")
@click.pass_context
def log_(ctx: click.Context, vid: str, limit: int | None, as_json: bool) -> None:
    """List a volume's retained local commits: LSN, page count, pages changed."""
    with open_client(ctx) as client:
        entries = client.local_volume(vid).log(limit=limit)
    rows = [
        f"lsn {e.lsn:>6}  pages {e.page_count:>8}  changed {len(e.pages):>6}"
        + (f"  remote {e.remote_lsn}" if e.remote_lsn else "")
        for e in entries
    ]
    echo_result(as_json, [commit_json(e) for e in entries], "\n".join(rows) or "no commits")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print what was reclaimed as JSON.")
@click.pass_context
def compact(ctx: click.Context, as_json: bool) -> None:
    """Reclaim page versions outside the retention policy and release disk space."""
    with open_client(ctx) as client:
        stats = client.compact()
    value = {"pages": stats.pages, "commits": stats.commits}
    text = f"reclaimed old versions of {stats.pages} page(s) and {stats.commits} commit record(s)"
    echo_result(as_json, value, text)


@cli.command()
@click.pass_context
def demo(ctx: click.Context) -> None:
    """Run the end-to-end demo in a temporary directory and tell its story."""
    from graft_client.demo import run_demo

    run_demo()


cli.add_command(pipeline_command)
cli.add_command(segment_group)
cli.add_command(serve_command)
cli.add_command(sql_command)
cli.add_command(token_group)
for command in sync_commands:
    cli.add_command(command)


def main() -> None:
    cli(prog_name="graft")
