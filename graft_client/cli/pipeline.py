"""``graft pipeline JOB ...``: the Spark jobs of ``graft_pipeline``, run as a subprocess.

The client must not import the pipeline (it needs PySpark, an optional extra), so this group
only forwards its arguments to ``python -m graft_pipeline`` and exits with its exit code.
"""

from __future__ import annotations

import importlib.util
import signal
import subprocess
import sys

import click

from graft_client.cli.output import INTERRUPTED, CliError

__all__ = ["pipeline_command"]

_WITHOUT_PYSPARK = (
    "graft pipeline runs the Spark jobs compact, gc, verify, export and publish; it needs "
    "PySpark and Java 17: install the pipeline extra (pip install 'graft-volumes[pipeline]')"
)


@click.command(
    "pipeline",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
    short_help="Spark jobs: compact, gc, verify, export, publish.",
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def pipeline_command(args: tuple[str, ...]) -> None:
    """Spark jobs: compact, gc, verify, export, publish (`graft pipeline --help`)."""
    if importlib.util.find_spec("pyspark") is None:
        if set(args) & {"--help", "-h"}:  # what it is, even where it cannot run
            click.echo(f"Usage: graft pipeline JOB [OPTIONS]\n\n  {_WITHOUT_PYSPARK}.")
            return
        click.echo(f"error: {_WITHOUT_PYSPARK}", err=True)
        sys.exit(1)
    # Ctrl-C reaches the job too (one process group): the job stops itself and says so, and
    # this process waits for it instead of adding a traceback of its own.
    # (Ignored only once the job runs: an ignored SIGINT would be inherited by it.)
    job = subprocess.Popen([sys.executable, "-m", "graft_pipeline", *args])
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        code = job.wait()
    finally:
        signal.signal(signal.SIGINT, previous)
    if code == -signal.SIGINT:
        raise CliError("interrupted", INTERRUPTED)
    sys.exit(code)
