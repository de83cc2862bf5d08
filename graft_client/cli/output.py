"""What ``graft`` prints: results (text or JSON), ``error:`` lines, log lines and progress bars.

Results go to stdout; everything else (errors, warnings, progress) to stderr, one line each.
"""

from __future__ import annotations

import datetime
import json
import logging
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

__all__ = [
    "INTERRUPTED",
    "USAGE_ERROR",
    "CliError",
    "ProgressFn",
    "columns",
    "configure_logging",
    "dumps",
    "echo_result",
    "hexdump",
    "local_time",
    "progress",
    "quantity",
]

USAGE_ERROR = 2
INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C

ProgressFn = Callable[[int, int], None]


class CliError(Exception):
    """A failure told to the user as one ``error:`` line, with its exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code

    def show(self) -> None:
        click.echo(f"error: {' '.join(str(self).split())}", err=True)


def dumps(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True)


def echo_result(as_json: bool, value: Any, text: str) -> None:
    click.echo(dumps(value) if as_json else text)


def columns(rows: Sequence[Sequence[str]]) -> str:
    """Rows as left-aligned columns two spaces apart (the last column is not padded)."""
    if not rows:
        return ""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return "\n".join(
        "  ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]])
        for row in rows
    )


def quantity(count: int, noun: str) -> str:
    """``1 page``, ``2 pages``: a count with its noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def local_time(at_ms: int | None) -> str:
    """Epoch milliseconds as local time to the second, ISO style with the UTC offset."""
    if at_ms is None:
        return "-"
    moment = datetime.datetime.fromtimestamp(at_ms / 1000).astimezone()
    return moment.isoformat(sep=" ", timespec="seconds")


def hexdump(data: bytes, width: int = 16) -> str:
    """``xxd``-style lines; runs of identical lines collapse to ``*`` as in ``hexdump``."""
    lines: list[str] = []
    previous: bytes | None = None
    collapsed = False
    for offset in range(0, len(data), width):
        chunk = data[offset : offset + width]
        if chunk == previous:
            if not collapsed:
                lines.append("*")
                collapsed = True
            continue
        previous, collapsed = chunk, False
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{offset:08x}  {chunk.hex(' '):<{width * 3}} {text}")
    lines.append(f"{len(data):08x}")
    return "\n".join(lines)


def _quiet() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.find_root().obj and ctx.find_root().obj.get("quiet"))


@contextmanager
def progress(label: str) -> Iterator[ProgressFn]:
    """A progress bar on stderr for a long operation, as a ``(done, total)`` callback.

    Until the callback is first called the bar shows activity without a total. It stays silent
    when stderr is not a terminal or with ``graft --quiet``, and disappears when done.
    """
    if _quiet() or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    # Imported here: rich costs every graft start about 50 ms, and most never draw a bar.
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task(label, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


class _OneLine(logging.Formatter):
    """``warning: message`` on one line; an exception adds its own words, never a traceback."""

    def __init__(self, verbose: bool) -> None:
        super().__init__()
        self.verbose = verbose

    def format(self, record: logging.LogRecord) -> str:
        text = f"{record.levelname.lower()}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({record.exc_info[1]})"
        if self.verbose:
            text = f"{local_time(int(record.created * 1000))} {text}"
        return " ".join(text.splitlines())


class _Stderr(logging.Handler):
    """Writes to the stderr of the moment (click's test runner swaps it per invocation)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            click.echo(self.format(record), err=True)
        except Exception:
            self.handleError(record)


def configure_logging(verbose: bool = False, *, outages: bool = False) -> None:
    """Log lines to stderr in the ``error:`` style: warnings and errors, with ``verbose`` also
    what sync does (INFO). One handler per process; a second call changes the levels only.

    ``outages``: show the RPC core's one line per server outage (the daemon's news); a
    foreground command says it in its own ``error:`` line if the outage outlasts the retries."""
    root = logging.getLogger()
    handler = next((h for h in root.handlers if isinstance(h, _Stderr)), None)
    if handler is None:
        handler = _Stderr()
        root.addHandler(handler)
    handler.setFormatter(_OneLine(verbose))
    root.setLevel(logging.INFO if verbose else logging.WARNING)
    # One INFO line per HTTP request would drown what sync did.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    quiet_outages = not (outages or verbose)
    logging.getLogger("graft_core.rpcclient").setLevel(logging.ERROR if quiet_outages else 0)
