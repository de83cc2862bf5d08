"""``graft write|read``: one page of a volume, locally or (``read --remote``) from the servers."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

import click

from graft_client.cli.context import open_client, open_lite
from graft_client.cli.output import echo_result, hexdump
from graft_client.report import snapshot_json
from graft_core.types import PAGE_SIZE, check_page

__all__ = ["read", "write"]


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


@click.command(epilog="Example: graft write VID 1 --fill 0x41")
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
    with open_client(ctx, clones=vid) as client:
        vol = client.open_volume(vid)
        with vol.writer() as writer:
            writer.write(pageidx, data)
        snap = vol.snapshot()
    assert snap is not None
    text = f"committed page {pageidx} at LSN {snap.lsn} (page count {snap.page_count})"
    echo_result(as_json, snapshot_json(snap), text)


@click.command(epilog="Example: graft read VID 1 --hex")
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
        with open_lite(ctx, vid) as (lite, volume_id):
            data = lite.read(volume_id, pageidx, lsn)
    else:
        with open_client(ctx, clones=vid) as client, client.open_volume(vid).reader(lsn) as reader:
            data = reader.read(pageidx)
    if out is not None:
        out.write_bytes(data)
    elif as_hex or sys.stdout.isatty():
        click.echo(hexdump(data))
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
