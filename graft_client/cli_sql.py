"""``graft sql VID``: the apsw SQLite shell on the database stored in a volume."""

from __future__ import annotations

import sys

import apsw
import apsw.shell
import click

from graft_client.cli_common import open_client
from graft_client.sqlite import NEW_VOLUME, register, unregister

__all__ = ["sql_command"]

VFS_NAME = "graft-cli"


@click.command("sql")
@click.argument("vid")
@click.argument("statements", nargs=-1)
@click.pass_context
def sql_command(ctx: click.Context, vid: str, statements: tuple[str, ...]) -> None:
    """Open an interactive SQLite shell on volume VID ('new' creates a volume).

    With STATEMENTS, run them and exit; otherwise read SQL and dot-commands from stdin (a
    terminal gets the interactive shell). 'PRAGMA graft_status' shows the volume id; the
    graft_* pragmas push, pull, sync and reset from inside the shell.
    """
    with open_client(ctx) as client:
        register(client, VFS_NAME)
        try:
            db = apsw.Connection(vid, vfs=VFS_NAME)
            if vid == NEW_VOLUME:
                click.echo(f"created volume {db.filename}", err=True)
            shell = apsw.shell.Shell(db=db, stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
            if statements:
                for sql in statements:
                    shell.process_complete_line(sql)  # type: ignore[no-untyped-call]
            else:
                intro = f"SQLite {apsw.sqlite_lib_version()} on graft volume {db.filename}\n"
                # apsw.shell carries no annotations (hence the ignores).
                shell.cmdloop(intro=intro if sys.stdin.isatty() else "")  # type: ignore[no-untyped-call]
            db.close()
        finally:
            unregister(VFS_NAME)
