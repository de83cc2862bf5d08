"""Option types the servers and ``graft serve`` share, so both refuse the same bad values with
a usage error (exit 2) before anything starts: ports, log levels, object store URLs (their
form: nothing is opened) and sizes (``--cache-limit``: ``512MiB``, ``2G``, ``1048576``); and
how every command tells a usage error: one line naming the help to read."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import click

from graft_core.errors import InvalidInputError
from graft_core.objstore import check_store_url

__all__ = [
    "LOG_LEVEL",
    "PORT",
    "HomePath",
    "UsageLine",
    "one_line_usage",
    "parse_size",
    "size_option",
    "store_url_option",
    "usage_line",
]

PORT = click.IntRange(0, 65535)
# uvicorn's levels ("trace" is its own, below debug); setup_logging upper-cases them.
LOG_LEVEL = click.Choice(["critical", "error", "warning", "info", "debug", "trace"], False)


class HomePath(click.Path):
    """A path whose leading ``~`` is the home directory even when the shell did not expand it
    (an environment variable from a unit file, a quoted word)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(os.path.expanduser(value), param, ctx)


_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"\s*(\d+)\s*([kmgt]?)(?:i?b)?\s*", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes from ``N``, ``NK``/``NKiB``/``NKB`` ... (binary units: caches are sized in pages)."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise InvalidInputError(f"invalid size {text!r}: expected e.g. 1048576, 512MiB or 2G")
    return int(match.group(1)) * _UNITS[match.group(2).lower()]


def size_option(ctx: click.Context, param: click.Parameter, value: str) -> int:
    """The callback of a size option: its value in bytes, or a usage error."""
    try:
        return parse_size(value)
    except InvalidInputError as exc:
        raise click.BadParameter(str(exc)) from exc


def store_url_option(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The callback of an object store option: the URL if ``open_store`` takes its form."""
    try:
        return None if value is None else check_store_url(value)
    except InvalidInputError as exc:
        raise click.BadParameter(str(exc)) from exc


def usage_line(exc: click.UsageError) -> str:
    """Click's usage error as one line (after ``error: ``) naming the help to read."""
    message = exc.format_message().strip().rstrip(".")
    if message[:1].isupper() and message[1:2].islower():
        message = message[0].lower() + message[1:]
    where = exc.ctx.command_path if exc.ctx is not None else "graft"
    return f"{' '.join(message.split())} (see `{where} --help`)"


class UsageLine(click.ClickException):
    """A usage error shown as ``usage_line`` (click's own takes three lines); exit status 2."""

    exit_code = 2

    def __init__(self, exc: click.UsageError) -> None:
        super().__init__(usage_line(exc))

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


@contextmanager
def one_line_usage() -> Iterator[None]:
    """Usage errors raised in the block become ``UsageLine``; a command given no arguments that
    answers with its help still does."""
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:
        raise
    except click.UsageError as exc:
        raise UsageLine(exc) from exc
