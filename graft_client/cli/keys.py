"""``graft key generate|rotate``, and the key-encryption key the global options choose."""

from __future__ import annotations

import os
from pathlib import Path

import click

from graft_client.cli.context import open_client
from graft_client.cli.output import USAGE_ERROR, CliError
from graft_core.crypto import Key

__all__ = ["chosen_key", "key_group"]


def chosen_key(key_file: Path | None, ask_passphrase: bool) -> Key | None:
    """--key-file, else the passphrase asked for (--passphrase), else None (the client then
    reads GRAFT_KEY, GRAFT_KEY_FILE or GRAFT_PASSPHRASE)."""
    if key_file is not None and ask_passphrase:
        raise CliError("give --key-file or --passphrase, not both", USAGE_ERROR)
    if key_file is not None:
        return Key.from_file(key_file)
    if ask_passphrase:
        return Key.from_passphrase(click.prompt("passphrase", hide_input=True, err=True))
    return None


@click.group("key")
def key_group() -> None:
    """Keys of end-to-end encrypted volumes."""


@key_group.command("generate")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
def key_generate(path: Path) -> None:
    """Write a new random key-encryption key to PATH (64 hex digits, mode 0600)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise CliError(f"{path} exists: a key file is never overwritten", USAGE_ERROR) from None
    except OSError as exc:
        raise CliError(f"cannot create {path}: {exc.strerror or exc}", USAGE_ERROR) from None
    with os.fdopen(fd, "w") as out:
        out.write(Key.generate().hex() + "\n")
    click.echo(str(path))


@key_group.command("rotate")
@click.argument("vid")
@click.pass_context
def key_rotate(ctx: click.Context, vid: str) -> None:
    """Seal the volume's new writes with a new data key (old pages stay readable); the next
    push carries it to the servers. Prints the new key's id."""
    with open_client(ctx, creates=False) as client:
        click.echo(str(client.local_volume(vid).rotate_key()))
