"""``graft sql VID``: the apsw SQLite shell on the database stored in a volume.

Exit codes: 0 when every statement ran; 1 when a statement (or dot-command) failed, with the
shell's message on stderr; 2 for an unusable VID (a bad VolumeId, or a volume this client does
not have and cannot clone), as one ``error:`` line. Statements given as arguments stop at the
first failure; SQL read from a non-interactive stdin runs to the end, like ``sqlite3``, and
then exits 1 if anything failed. The interactive shell on a terminal reports errors and goes on.
"""

from __future__ import annotations

import sys

import apsw
import apsw.shell
import click

from graft_client.cli.context import open_client
from graft_client.sqlite import NEW_VOLUME, register, unregister

__all__ = ["sql_command"]

VFS_NAME = "graft-cli"
SQL_FAILED = 1


class _Shell(apsw.shell.Shell):
    """The apsw shell, remembering whether any statement or dot-command failed.

    apsw.shell carries no annotations (hence the ignores on calls into it).
    """

    failed = False

    def handle_exception(self) -> None:
        if not isinstance(sys.exc_info()[1], SystemExit):  # `.exit N` is not a failure
            self.failed = True
        super().handle_exception()  # type: ignore[no-untyped-call]


def _run_statements(shell: _Shell, statements: tuple[str, ...]) -> None:
    for sql in statements:
        try:
            shell.process_complete_line(sql)  # type: ignore[no-untyped-call]
        except Exception:
            shell.handle_exception()  # prints the error (as the interactive shell would)
            return


@click.command("sql")
@click.argument("vid")
@click.argument("statements", nargs=-1)
@click.pass_context
def sql_command(ctx: click.Context, vid: str, statements: tuple[str, ...]) -> None:
    """Open an interactive SQLite shell on volume VID ('new' creates a volume).

    With STATEMENTS, run them and exit; otherwise read SQL and dot-commands from stdin (a
    terminal gets the interactive shell). 'PRAGMA graft_status' shows the volume id; the
    graft_* pragmas push, pull, sync and reset from inside the shell. Exits 1 if a statement
    failed (arguments stop at the first failure), 2 for a bad VID.
    """
    with open_client(ctx) as client:
        if vid != NEW_VOLUME:
            # A bad VolumeId or an unknown volume is a bad argument: the group reports it as
            # one `error:` line with exit code 2 (and this clones a remote volume lazily).
            client.open_volume(vid)
        register(client, VFS_NAME)
        try:
            try:
                db = apsw.Connection(vid, vfs=VFS_NAME)
            except apsw.Error as exc:
                click.echo(f"error: {exc}", err=True)
                raise SystemExit(SQL_FAILED) from None
            if vid == NEW_VOLUME:
                click.echo(f"created volume {db.filename}", err=True)
            shell = _Shell(db=db, stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
            interactive = sys.stdin.isatty()
            if statements:
                _run_statements(shell, statements)
            else:
                intro = f"SQLite {apsw.sqlite_lib_version()} on graft volume {db.filename}\n"
                shell.cmdloop(intro=intro if interactive else "")  # type: ignore[no-untyped-call]
            db.close()
        finally:
            unregister(VFS_NAME)
    if shell.failed and (statements or not interactive):
        sys.exit(SQL_FAILED)
