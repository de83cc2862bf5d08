"""The ``graft`` command: one module per command group, rendering in ``output``."""

from graft_client.cli.app import cli, main

__all__ = ["cli", "main"]
