"""``graft fork``, ``graft revert`` and ``graft diff``: branch, rewind and compare a volume."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import click

from graft_client.cli.context import open_client, require_servers
from graft_client.cli.output import echo_result, quantity
from graft_client.cli.tags import MOVE_TAG_OPTION, TAG_OPTION
from graft_client.sqlite.pagemap import is_sqlite, page_owners
from graft_client.storage.tags import check_tag

__all__ = ["diff", "fork", "page_ranges", "revert"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
_LSN = click.IntRange(min=1)


@click.command(
    short_help="Make a new volume that starts at a snapshot of another (nothing is copied).",
    epilog="Example: graft fork VID --lsn 42 --tag try-migration",
)
@click.argument("vid")
@click.option("--lsn", type=_LSN, help="The local LSN to fork at. [default: the latest]")
@TAG_OPTION
@MOVE_TAG_OPTION
@_JSON
@click.pass_context
def fork(
    ctx: click.Context,
    vid: str,
    lsn: int | None,
    tag: str | None,
    move_tag: bool,
    as_json: bool,
) -> None:
    """Fork VID at a snapshot and print the new volume's id.

    The fork reads every page it does not write itself from VID at that snapshot, here and on
    the servers, without copying it; the snapshot must be pushed (or pulled) first. Afterwards
    the fork is an ordinary volume: write, push, clone it elsewhere, open it with SQLite.
    """
    if tag is not None:
        check_tag(tag)  # a bad name fails before the fork exists
    with open_client(ctx, creates=False) as client:
        require_servers(client)
        if tag is not None and not move_tag:
            client.check_tag_free(tag)
        parent = client.local_volume(vid)
        child = parent.fork(lsn)
        if tag is not None:
            client.tag(tag, child.vid, move=move_tag)
        origin = child.origin
        assert origin is not None
    value = {"vid": str(child.vid), "parent": str(origin[0]), "parent_remote_lsn": origin[1]}
    echo_result(as_json, value, str(child.vid))


@click.command(
    short_help="Commit a new LSN equal to an older snapshot (history is kept).",
    epilog="Example: graft revert VID --lsn 42",
)
@click.argument("vid")
@click.option("--lsn", type=_LSN, required=True, help="The local LSN whose contents to restore.")
@_JSON
@click.pass_context
def revert(ctx: click.Context, vid: str, lsn: int, as_json: bool) -> None:
    """Make VID's contents those of its local snapshot at --lsn, as a new commit.

    Only the pages that changed since are written; the commits after --lsn stay in the log
    (revert again to go back). Push it like any commit.
    """
    with open_client(ctx, creates=False) as client:
        volume = client.local_volume(vid)
        before = volume.latest_lsn()
        snapshot = volume.revert_to(lsn)
    new_lsn = snapshot.lsn if snapshot else 0
    value = {"vid": vid, "reverted_to": lsn, "lsn": new_lsn, "committed": new_lsn != before}
    if new_lsn == before:
        text = f"volume {vid} already equals LSN {lsn}: nothing committed"
    else:
        text = f"LSN {new_lsn} of {vid} equals LSN {lsn}"
    echo_result(as_json, value, text)


@click.command(
    short_help="Pages (and SQLite tables) that changed between two snapshots.",
    epilog="Example: graft diff VID 3 7",
)
@click.argument("vid")
@click.argument("from_lsn", metavar="A", type=_LSN)
@click.argument("to_lsn", metavar="B", type=_LSN)
@_JSON
@click.pass_context
def diff(ctx: click.Context, vid: str, from_lsn: int, to_lsn: int, as_json: bool) -> None:
    """The pages that changed between local LSNs A and B (A <= B), as ranges; for a SQLite
    volume also the tables and indexes those pages belong to at B."""
    with open_client(ctx, creates=False) as client:
        volume = client.local_volume(vid)
        changed = volume.changes(from_lsn, to_lsn)
        tables: dict[str, list[int]] | None = None
        with volume.reader(to_lsn) as reader:
            if changed and is_sqlite(reader):
                tables = page_owners(reader, changed)
    value: dict[str, Any] = {
        "vid": vid,
        "from": from_lsn,
        "to": to_lsn,
        "pages_changed": len(changed),
        "ranges": [list(r) for r in _ranges(changed)],
        "tables": None if tables is None else {name: len(idxs) for name, idxs in tables.items()},
    }
    lines = [f"{quantity(len(changed), 'page')} changed: {page_ranges(changed) or '-'}"]
    for name, idxs in (tables or {}).items():
        lines.append(f"  {name}: {quantity(len(idxs), 'page')} ({page_ranges(idxs)})")
    echo_result(as_json, value, "\n".join(lines))


def _ranges(pages: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted pages as inclusive (first, last) runs."""
    runs: list[tuple[int, int]] = []
    for idx in sorted(pages):
        if runs and idx == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], idx)
        else:
            runs.append((idx, idx))
    return runs


def page_ranges(pages: Iterable[int]) -> str:
    """``1-5, 9, 12-14``."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in _ranges(pages))
