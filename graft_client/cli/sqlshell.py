"""The apsw shell behind ``graft sql`` (see ``sql``): imported only when that command runs,
because apsw's shell and its fts5 modules would slow every ``graft`` start."""

from __future__ import annotations

import io
import re
import signal
import sys
from collections.abc import Iterator
from types import FrameType
from typing import Any

import apsw
import apsw.shell
import click

from graft_client.cli.context import data_dir_of, open_client, remove_if_unused
from graft_client.cli.output import INTERRUPTED, USAGE_ERROR, CliError, progress
from graft_client.client import Client
from graft_client.sqlite import NEW_VOLUME, register, unregister
from graft_core.failpoints import failpoint

__all__ = ["run_sql", "statements"]

VFS_NAME = "graft-cli"
SQL_FAILED = 1
# VM steps between chances for the SIGINT handler to run while a statement executes.
_INTERRUPT_CHECK_STEPS = 10_000
_GRAFT_PRAGMA = re.compile(r"\s*pragma\s+(?:\w+\.)?graft_\w+", re.IGNORECASE)
_LONG_COMMANDS = (".import", ".restore", ".read", ".backup")
_SHOWN_SQL = 80  # characters of a failed statement an error line quotes


def statements(sql: str) -> Iterator[str]:
    """The statements of ``sql`` one by one (a trailing incomplete one last)."""
    start = 0
    for end in (m.end() for m in re.finditer(";", sql)):
        if apsw.complete(sql[start:end]):
            yield sql[start:end]
            start = end
    if sql[start:].strip():
        yield sql[start:]


class _Shell(apsw.shell.Shell):
    """The apsw shell, remembering whether any statement or dot-command failed, printing each
    graft pragma's answer once, and interruptible by Ctrl-C.

    apsw.shell carries no annotations (hence the ignores on calls into it).
    """

    failed = False
    running = False
    interrupted = False  # Ctrl-C while running: the progress handler stops the statement
    # Ctrl-C came as the last statement ran, which ran to the end all the same (it came as
    # its commit settled: the commit holds it off until it is done, see VolumeFile._commit).
    interrupted_late = False
    interrupts_at_prompt = 0

    def handle_exception(self) -> None:
        if not isinstance(sys.exc_info()[1], SystemExit):  # `.exit N` is not a failure
            self.failed = True
        super().handle_exception()  # type: ignore[no-untyped-call]

    def process_complete_line(self, command: str) -> None:
        self.running, self.interrupted, self.interrupts_at_prompt = True, False, 0
        try:
            if command.lstrip().startswith(_LONG_COMMANDS):
                with progress(command.split()[0]):
                    super().process_complete_line(command)  # type: ignore[no-untyped-call]
            else:
                super().process_complete_line(command)  # type: ignore[no-untyped-call]
        finally:
            self.interrupted_late = self.interrupted
            self.running = self.interrupted = False

    def process_sql(
        self, sql: str, bindings: Any = None, internal: Any = False, summary: Any = None
    ) -> None:
        if internal or "graft_" not in sql.lower():
            super().process_sql(sql, bindings, internal, summary)
            return
        for statement in statements(sql):
            if _GRAFT_PRAGMA.match(statement):
                self._graft_pragma(statement)
            else:
                super().process_sql(statement, bindings, internal, summary)

    def _graft_pragma(self, statement: str) -> None:
        """Print a graft pragma's JSON once: SQLite names the result column of a VFS pragma
        after its value, so the shell's header (shown by default on a terminal) repeated it."""
        for (value,) in self.db.execute(statement):
            self.write(self.stdout, f"{value}\n")  # type: ignore[no-untyped-call]

    def on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self.running:
            # db.interrupt() alone is lost when no statement has started yet (SQLite clears
            # it when the first one starts): the progress handler also sees the flag.
            self.interrupted = True
            self.db.interrupt()
            return
        self.interrupts_at_prompt += 1
        if self.interrupts_at_prompt >= 2:
            raise SystemExit(INTERRUPTED)
        self.write(self.stderr, "^C (Ctrl-C again or .exit to quit)\n")  # type: ignore[no-untyped-call]


def _run_arguments(shell: _Shell, texts: tuple[str, ...]) -> None:
    """Run each statement (or dot-command) of ``texts``; the first failure is one ``error:``
    line naming it, exit 2: a statement given on the command line is the user's input (exit 1
    when the database, not the statement, failed it: locked, or the disk)."""
    for text in texts:
        for statement in [text] if text.lstrip().startswith(".") else statements(text):
            _run_argument(shell, statement.strip())


def _run_argument(shell: _Shell, statement: str) -> None:
    # The shell writes its own (multi-line) account of a failure to its stderr: keep what it
    # writes, and show it only when the statement ran.
    said, shell.stderr = shell.stderr, io.StringIO()
    try:
        shell.process_complete_line(statement)
    except SystemExit:
        said.write(shell.stderr.getvalue())
        raise
    except Exception as exc:
        raise _statement_error(exc, statement, shell.db.filename) from None
    finally:
        captured, shell.stderr = shell.stderr, said
    said.write(captured.getvalue())
    if shell.interrupted_late:
        raise CliError(
            f"interrupted as {_quoted(statement)} ended: it ran to the end (what it wrote "
            "outside an explicit transaction is committed); no statement after it ran",
            INTERRUPTED,
        )


def _statement_error(exc: Exception, statement: str, vid: str) -> CliError:
    if isinstance(exc, apsw.InterruptError):
        return CliError(f"interrupted (in: {_quoted(statement)})", INTERRUPTED)
    if isinstance(exc, apsw.NotADBError):
        return CliError(
            f"volume {vid} is not an SQLite database ({exc}): `graft sql new` creates one",
            USAGE_ERROR,
        )
    if isinstance(exc, apsw.BusyError | apsw.LockedError):  # the database's state, not the SQL
        return CliError(
            f"{exc} (in: {_quoted(statement)}): another connection is writing; retry, or let "
            f'the statement wait its turn: `graft sql {vid} ".timeout 5000" ...`'
        )
    if isinstance(exc, apsw.IOError | apsw.FullError):
        return CliError(f"{exc} (in: {_quoted(statement)})")
    return CliError(f"{exc} (in: {_quoted(statement)})", USAGE_ERROR)


def _quoted(statement: str) -> str:
    text = " ".join(statement.split())
    return text if len(text) <= _SHOWN_SQL else text[: _SHOWN_SQL - 3] + "..."


def run_sql(ctx: click.Context, vid: str, sql: tuple[str, ...]) -> None:
    """``graft sql VID [STATEMENTS]...`` (see ``sql.sql_command``). A data dir made for a new
    volume goes if it holds none after (bad input stores nothing: see ``_named_or_dropped``)."""
    data_dir = data_dir_of(ctx)
    fresh = vid == NEW_VOLUME and not data_dir.is_dir()
    shell = None
    try:
        with open_client(ctx, clones=None if vid == NEW_VOLUME else vid) as client:
            shell = _run_on(client, vid, sql)
            failpoint("sql.closing")
    except KeyboardInterrupt:
        if shell is None:
            raise
        raise CliError(
            "interrupted as graft sql closed the volume: every statement had run to the end",
            INTERRUPTED,
        ) from None
    finally:
        if fresh:
            remove_if_unused(data_dir)
    if shell.failed and not sys.stdin.isatty():
        sys.exit(SQL_FAILED)


def _run_on(client: Client, vid: str, sql: tuple[str, ...]) -> _Shell:
    if vid != NEW_VOLUME:
        # A bad VolumeId or an unknown volume is a bad argument: the group reports it as one
        # `error:` line with exit code 2 (and this clones a remote volume lazily).
        client.open_volume(vid)
    register(client, VFS_NAME)
    try:
        try:
            db = apsw.Connection(vid, vfs=VFS_NAME)
        except apsw.Error as exc:
            raise CliError(str(exc)) from None
        made = db.filename if vid == NEW_VOLUME else None
        session = not sql and sys.stdin.isatty()
        if made is not None and session:  # its volume is named as it starts
            click.echo(f"created volume {made}", err=True)
        shell = _Shell(db=db, stdin=sys.stdin, stdout=sys.stdout, stderr=sys.stderr)
        ran = False
        try:
            _run_shell(shell, db, sql)
            ran = not shell.failed
        finally:
            db.close()
            if made is not None and not session:
                _named_or_dropped(client, made, ran)
    finally:
        unregister(VFS_NAME)
    return shell


def _named_or_dropped(client: Client, vid: str, ran: bool) -> None:
    """The volume made for statements given as arguments or piped: named once they ran, or
    deleted if they failed before any committed (bad input leaves nothing stored)."""
    if not ran and client.local_volume(vid).snapshot() is None:
        client.delete_volume(vid)
    else:
        click.echo(f"created volume {vid}", err=True)


def _run_shell(shell: _Shell, db: apsw.Connection, sql: tuple[str, ...]) -> None:
    # A Python signal handler runs only between bytecodes of the main thread: the progress
    # handler gives it those while SQLite executes, and stops the statement once it ran.
    db.set_progress_handler(lambda: shell.interrupted, _INTERRUPT_CHECK_STEPS)
    previous = signal.signal(signal.SIGINT, shell.on_sigint)
    try:
        if sql:
            _run_arguments(shell, sql)
        else:
            intro = f"SQLite {apsw.sqlite_lib_version()} on graft volume {db.filename}\n"
            shell.cmdloop(intro=intro if sys.stdin.isatty() else "")  # type: ignore[no-untyped-call]
    finally:
        signal.signal(signal.SIGINT, previous)
