"""``graft tag list|set|rm``: human names for volumes, usable wherever a VID is."""

from __future__ import annotations

import click

from graft_client.cli.context import missing_data_dir, open_client
from graft_client.cli.output import columns, echo_result

__all__ = ["MOVE_TAG_OPTION", "TAG_OPTION", "tag_group"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
# The options of the commands that make a volume: a tag in use moves only when asked.
TAG_OPTION = click.option(
    "--tag", help="Tag the new volume with this name (refused if the tag names another volume)."
)
MOVE_TAG_OPTION = click.option(
    "--move-tag", is_flag=True, help="Move --tag to the new volume if it names another one."
)


@click.group(
    "tag",
    epilog="\b\nExamples:\n  graft tag set notes $VID\n  graft sql notes 'select 1'\n"
    "  graft tag rm notes",
)
def tag_group() -> None:
    """Name volumes in this data directory; a tag works wherever a VID does.

    Tags are letters, digits, '.', '_' and '-', never the shape of a volume id (22 base58
    characters) nor 'new'.
    """


@tag_group.command("list")
@_JSON
@click.pass_context
def tag_list(ctx: click.Context, as_json: bool) -> None:
    """List the tags and the volumes they name (marked if the volume is not here)."""
    if missing_data_dir(ctx, as_json, "no tags"):
        return
    with open_client(ctx) as client:
        here = {info.vid for info in client.volumes()}
        tags = sorted(client.tags().items())
    value = [{"tag": name, "vid": str(vid), "local": vid in here} for name, vid in tags]
    rows = [[name, str(vid) + ("" if vid in here else "  (not here)")] for name, vid in tags]
    echo_result(as_json, value, columns(rows) if rows else "no tags")


@tag_group.command("set")
@click.argument("name")
@click.argument("vid")
@click.pass_context
def tag_set(ctx: click.Context, name: str, vid: str) -> None:
    """Name volume VID NAME (moving the tag if it named another volume)."""
    with open_client(ctx) as client:
        before = client.tags().get(name)
        volume_id = client.tag(name, vid)
    moved = f" (was {before})" if before is not None and before != volume_id else ""
    click.echo(f"tagged {volume_id} as {name}{moved}")


@tag_group.command("rm")
@click.argument("name")
@click.pass_context
def tag_rm(ctx: click.Context, name: str) -> None:
    """Remove tag NAME (the volume stays)."""
    with open_client(ctx, creates=False) as client:
        volume_id = client.untag(name)
    click.echo(f"removed tag {name} of {volume_id}")
