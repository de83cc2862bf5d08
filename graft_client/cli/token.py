"""``graft token``: signed bearer tokens for the servers (see ``graft_core.tokens``).

``graft token new-key`` prints a fresh ``kid=base64key`` line for a key file; ``graft token
create`` prints a token signed with the newest key of ``--key-file`` (or ``$GRAFT_TOKEN_KEYS``),
scoped to ``--volume`` ids (or ``--all-volumes``), read-only or not, expiring after ``--ttl``.
Bad input is one line on stderr and exit code 2 (``InvalidInputError``, see ``graft_client.cli``).
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from graft_client.cli.context import resolve_vid
from graft_core.durations import parse_duration
from graft_core.errors import InvalidInputError
from graft_core.tokens import KEYS_ENV, Grant, TokenKeys, new_key_line

__all__ = ["token_group"]


@click.group("token", short_help="Signed tokens and keys for the servers.")
def token_group() -> None:
    """Create signed tokens and keys for servers started with --token-key-file."""


@token_group.command("create")
@click.option(
    "--volume", "volumes", multiple=True, help="A volume id or tag the token grants (repeat)."
)
@click.option("--all-volumes", is_flag=True, help="Grant every volume instead of --volume ids.")
@click.option("--read-only", is_flag=True, help="Allow reads only (no write_pages, no commit).")
@click.option("--ttl", default="1d", show_default=True, help="Lifetime: 90s, 15m, 12h, 7d, 2w.")
@click.option(
    "--key-file",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="GRAFT_TOKEN_KEY_FILE",
    help=f"Keys, one kid=base64key a line, the newest last (signs). [env: GRAFT_TOKEN_KEY_FILE; "
    f"or {KEYS_ENV} with the same text]",
)
@click.pass_context
def create(
    ctx: click.Context,
    volumes: tuple[str, ...],
    all_volumes: bool,
    read_only: bool,
    ttl: str,
    key_file: Path | None,
) -> None:
    """Print a token the servers accept until it expires, or until its key is removed."""
    if bool(volumes) == all_volumes:
        what = ", not both" if all_volumes else ": which volumes may the token reach?"
        raise InvalidInputError(f"give --volume VID (repeatable) or --all-volumes{what}")
    scope = None if all_volumes else frozenset(resolve_vid(ctx, vid) for vid in volumes)
    ttl_s = parse_duration(ttl)
    keys = TokenKeys.load(key_file)
    if keys is None:
        raise InvalidInputError(f"no token keys: give --key-file or set {KEYS_ENV}")
    click.echo(keys.sign(Grant(scope, read_only), ttl_s))


@token_group.command("new-key")
@click.option("--kid", help="Key id. [default: k + the current UTC time, e.g. k20260101T120000]")
def new_key(kid: str | None) -> None:
    """Print a new random key line; append it to the key file of every server to rotate."""
    click.echo(new_key_line(kid or time.strftime("k%Y%m%dT%H%M%S", time.gmtime())))
