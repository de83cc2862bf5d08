"""``graft audit VID``: the digest of a snapshot, to compare across devices and the servers."""

from __future__ import annotations

from typing import Any

import click

from graft_client.cli.context import open_client, open_lite
from graft_client.cli.output import echo_result, progress
from graft_client.report import audit_json

__all__ = ["audit_command"]


@click.command(
    "audit",
    short_help="Digest of a volume's snapshot, equal wherever it is held.",
    epilog="Example: graft audit notes && graft audit notes --remote",
)
@click.argument("vid")
@click.option("--remote", is_flag=True, help="Compute it from the servers' pages (lite client).")
@click.option("--lsn", type=click.IntRange(min=1), help="With --remote: this remote LSN.")
@click.option("--hydrate", is_flag=True, help="Fetch the pages that are not local first.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.pass_context
def audit_command(
    ctx: click.Context, vid: str, remote: bool, lsn: int | None, hydrate: bool, as_json: bool
) -> None:
    """Print the audit digest of volume VID's latest snapshot.

    The digest (BLAKE2b over the page count and every page in order) is the same on every
    device that holds the snapshot and on the servers (--remote): compare them to know the
    copies are equal. A local audit needs every page: it tells how many are local, and
    --hydrate fetches the rest.
    """
    if lsn is not None and not remote:
        raise click.UsageError("--lsn is a remote LSN: use it with --remote")
    value = _remote(ctx, vid, lsn) if remote else _local(ctx, vid, hydrate)
    digest = value["digest"]
    rows = [f"{key:<12}{'-' if item is None else item}" for key, item in value.items()]
    echo_result(as_json, value, "\n".join(rows))
    if digest is None and not as_json:
        missing = value["page_count"] - value["local_pages"]
        click.echo(
            f"{missing} of {value['page_count']} pages are not local: `graft audit {vid} "
            f"--hydrate` fetches them, `graft audit {vid} --remote` asks the servers",
            err=True,
        )


def _local(ctx: click.Context, vid: str, hydrate: bool) -> dict[str, Any]:
    with open_client(ctx, clones=vid) as client:
        volume = client.open_volume(vid)
        if hydrate and volume.missing_pages():
            with progress(f"fetching {volume.vid}") as shown:
                volume.fetch_all(shown)
        return audit_json(volume, fetch=False)


def _remote(ctx: click.Context, vid: str, lsn: int | None) -> dict[str, Any]:
    with open_lite(ctx, vid) as (lite, volume_id):
        snapshot, digest = lite.checksum(volume_id, lsn)
    return {
        "vid": str(snapshot.vid),
        "remote_lsn": snapshot.lsn,
        "page_count": snapshot.page_count,
        "digest": digest,
    }
