"""The ``graft`` command: the root group, its global options, and how failures are told.

Every failure is one line on stderr starting ``error:``: exit 2 for a malformed command line
or bad input, 130 when interrupted, 1 otherwise. Click's usage errors get the same one line,
with a hint where the command's help is.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn

import click

from graft_client.cli.errors import translate
from graft_client.cli.keys import chosen_key
from graft_client.cli.output import INTERRUPTED, USAGE_ERROR, CliError, configure_logging
from graft_core.envvars import warn_unknown
from graft_core.options import usage_line
from graft_core.settings import Settings

__all__ = ["GraftGroup", "cli"]

EPILOG = """\b
Examples:
  graft serve --data-dir ./graft-data          # servers on 127.0.0.1:3001 and :3000
  export GRAFT_METASTORE=http://127.0.0.1:3001 GRAFT_PAGESTORE=http://127.0.0.1:3000
  VID=$(graft volume create)
  graft write $VID 1 --fill 0x41 && graft push $VID
  graft sql new "create table t(x)"            # SQLite on a new volume
"""


def _usage_error(exc: click.UsageError) -> NoReturn:
    click.echo(f"error: {_misplaced(exc) or usage_line(exc)}", err=True)
    sys.exit(USAGE_ERROR)


def _misplaced(exc: click.UsageError) -> str | None:
    """Where an option of ``graft`` itself given after a command goes (click says only that
    the command has no such option)."""
    ctx = exc.ctx
    if not isinstance(exc, click.NoSuchOption) or ctx is None or ctx.parent is None:
        return None
    root = ctx.find_root()
    found = [param for param in root.command.params if exc.option_name in param.opts]
    if not found:
        return None
    option = exc.option_name
    given = option if isinstance(found[0], click.Option) and found[0].is_flag else f"{option} ..."
    command = ctx.command_path.removeprefix(root.command_path).strip()
    return (
        f"{option} goes before the command: `{root.command_path} {given} {command}` (see "
        f"`{root.command_path} --help`)"
    )


# Each command's module and name in it, imported when the command runs (or help lists it): a
# command need not load every other's dependencies (the HTTP stack, SQLite, JWT), which took
# about half of a short command's start (measured with ``python -X importtime``).
COMMANDS = {
    "volume": ("volumes", "volume"),
    "tag": ("tags", "tag_group"),
    "write": ("pages", "write"),
    "read": ("pages", "read"),
    "log": ("volumes", "log_"),
    "import": ("transfer", "import_command"),
    "export": ("transfer", "export_command"),
    "audit": ("audit", "audit_command"),
    "compact": ("volumes", "compact"),
    "fork": ("history", "fork"),
    "revert": ("history", "revert"),
    "diff": ("history", "diff"),
    "push": ("sync", "push"),
    "pull": ("sync", "pull"),
    "fetch": ("sync", "fetch"),
    "sync": ("sync", "sync_"),
    "reset": ("sync", "reset"),
    "status": ("sync", "status"),
    "clone": ("sync", "clone"),
    "daemon": ("daemon", "daemon"),
    "sql": ("sql", "sql_command"),
    "serve": ("serve", "serve_command"),
    "segment": ("segment", "segment_group"),
    "token": ("token", "token_group"),
    "key": ("keys", "key_group"),
    "pipeline": ("pipeline", "pipeline_command"),
}


class GraftGroup(click.Group):
    """A group whose failures are one ``error:`` line (see the module docstring), and whose
    ``COMMANDS`` load when used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        home = COMMANDS.get(cmd_name)
        if home is None:
            return super().get_command(ctx, cmd_name)
        module, name = home
        command = getattr(import_module(f"graft_client.cli.{module}"), name)
        assert isinstance(command, click.Command) and command.name == cmd_name, cmd_name
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (CliError, click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            raise CliError("interrupted", INTERRUPTED) from None
        except Exception as exc:
            error = translate(exc)
            if error is None:
                raise
            raise error from exc

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            assert exc.ctx is not None
            click.echo(exc.ctx.get_help())  # `graft` or a group alone: its help, as asked
            code = 0
        except click.UsageError as exc:
            _usage_error(exc)
        except CliError as exc:
            exc.show()
            code = exc.exit_code
        except click.ClickException as exc:
            click.echo(f"error: {' '.join(exc.format_message().split())}", err=True)
            code = exc.exit_code
        except click.Abort:  # Ctrl-C outside a command, or a question without an answer
            click.echo("error: interrupted", err=True)
            code = INTERRUPTED
        sys.exit(code if isinstance(code, int) else 0)


@click.group(
    cls=GraftGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EPILOG,
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Client data directory. [env: GRAFT_DIR; default: ~/.local/share/graft]",
)
@click.option("--metastore", help="Metastore URL. [env: GRAFT_METASTORE]")
@click.option("--pagestore", help="Pagestore URL. [env: GRAFT_PAGESTORE]")
@click.option(
    "--remote",
    "remote_url",
    help="Sync straight with this object store, no servers: s3://bucket/prefix, "
    "file:///path, memory://. [env: GRAFT_REMOTE]",
)
@click.option("--token", help="Bearer token for the servers. [env: GRAFT_TOKEN]")
@click.option(
    "--config",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Settings file (TOML). [env: GRAFT_CONFIG; default: DATA_DIR/graft.toml]",
)
@click.option(
    "--key-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Key-encryption key of encrypted volumes: 32 raw bytes or 64 hex digits "
    "(`graft key generate`). [env: GRAFT_KEY_FILE; or GRAFT_KEY, GRAFT_PASSPHRASE]",
)
@click.option(
    "--passphrase",
    "ask_passphrase",
    is_flag=True,
    help="Ask for the passphrase of encrypted volumes (not echoed). [env: GRAFT_PASSPHRASE]",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bars (none either off a terminal).")
@click.version_option(package_name="graft-volumes")
@click.pass_context
def cli(
    ctx: click.Context,
    data_dir: Path | None,
    metastore: str | None,
    pagestore: str | None,
    remote_url: str | None,
    token: str | None,
    config: Path | None,
    key_file: Path | None,
    ask_passphrase: bool,
    quiet: bool,
) -> None:
    """Local-first page volumes: write pages locally, commit instantly, sync lazily.

    Each setting comes from its option, else its environment variable, else the config file,
    else its default (see the README's Configuration section)."""
    configure_logging()
    if ctx.invoked_subcommand != "pipeline":  # the job, a process of its own, tells
        warn_unknown(("GRAFT_",))
    remote = {
        "metastore": metastore,
        "pagestore": pagestore,
        "token": token,
        "config": config,
        "remote": remote_url,
    }
    if config is not None or remote_url is not None:
        # A file the user named must exist and be valid, and a --remote be a store URL,
        # whatever the command.
        Settings.resolve(
            data_dir=data_dir,
            metastore=metastore,
            pagestore=pagestore,
            token=token,
            config=config,
            remote=remote_url,
        )
    key = chosen_key(key_file, ask_passphrase)
    ctx.obj = {"data_dir": data_dir, "remote": remote, "quiet": quiet, "key": key}


@cli.command(short_help="Run the end-to-end demo in a temporary directory.")
def demo() -> None:
    """Run the end-to-end demo in a temporary directory and tell its story."""
    from graft_client.demo import run_demo

    run_demo()
