"""Pieces every ``graft`` subcommand module shares."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from graft_client.cli.output import dumps
from graft_client.client import Client

__all__ = ["echo_result", "open_client"]


@contextmanager
def open_client(ctx: click.Context) -> Iterator[Client]:
    """The Client for the group's --data-dir and server options."""
    root = ctx.find_root()
    with Client(root.obj["data_dir"], **root.obj["remote"]) as client:
        yield client


def echo_result(as_json: bool, value: Any, text: str) -> None:
    click.echo(dumps(value) if as_json else text)
