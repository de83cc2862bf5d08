"""``graft sql VID``: the apsw SQLite shell on the database stored in a volume.

Exit codes: 0 when every statement ran; 2 when a statement given as an argument failed (bad
input: one ``error:`` line naming the statement; the ones before it stay committed, as in
``sqlite3``) or for an unusable VID; 1 when the database failed a statement (locked by another
writer, an I/O error), or when SQL read from a non-interactive stdin failed (the shell's own
messages: it runs to the end, like ``sqlite3``, then exits 1). The interactive shell on a
terminal reports errors and goes on.

Ctrl-C interrupts the running statement (``Connection.interrupt()``) and the shell goes on, as in
``sqlite3``; at the prompt, a second Ctrl-C in a row quits (exit 130).
"""

from __future__ import annotations

import click

__all__ = ["sql_command"]


@click.command("sql", epilog='Example: graft sql new "create table t(x)" "pragma graft_status"')
@click.argument("vid")
@click.argument("sql", nargs=-1, metavar="[STATEMENTS]...")
@click.pass_context
def sql_command(ctx: click.Context, vid: str, sql: tuple[str, ...]) -> None:
    """SQLite shell on volume VID ('new' creates a volume).

    With STATEMENTS, run them and exit; otherwise read SQL and dot-commands from stdin (a
    terminal gets the interactive shell). 'PRAGMA graft_status' shows the volume id; the
    graft_* pragmas push, pull, sync and reset from inside the shell. Ctrl-C interrupts the
    running statement. A failing STATEMENT stops there (those before it stay committed) and
    exits 2, as does a bad VID; SQL from stdin that failed exits 1, as does a statement that
    found the database locked (another writer: '.timeout MS' first waits for it).
    """
    # Imported here: the apsw shell (and its fts5 modules) would slow every graft start.
    from graft_client.cli.sqlshell import run_sql

    run_sql(ctx, vid, sql)
