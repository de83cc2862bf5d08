"""The ``graft`` command: one module per command group, rendering in ``output``.

``main`` imports the command modules itself, so that a Ctrl-C while they load (a large part of
a short command's run) is the CLI's one line too.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graft_client.cli.app import cli

__all__ = ["cli", "main"]

_INTERRUPTED = 130  # as graft_client.cli.output.INTERRUPTED, which may not be loaded yet


def main() -> None:
    try:
        from graft_client.cli.app import cli

        cli(prog_name="graft")
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted\n")
        sys.exit(_INTERRUPTED)


def __getattr__(name: str) -> Any:
    if name != "cli":
        raise AttributeError(f"module 'graft_client.cli' has no attribute {name!r}")
    from graft_client.cli.app import cli

    return cli
