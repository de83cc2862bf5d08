"""``python -m graft_pipeline JOB ...``: every job with its --help, a progress display on stderr
and a JSON summary on stdout.

Where the data is: ``--metastore URL --store URL``, or ``--data-dir D``, whose live owner
(``graft serve --data-dir D``) announced its URLs and segment store in ``D/servers.json``;
explicit options win. Before any job runs, the metastore and the segment store must carry the
same cluster key (exit 1 otherwise). ``--master`` picks the Spark master (default: spark-submit's,
else ``local[*]``) and ``--conf`` sets Spark settings. Ctrl-C stops a job: one line saying what
that left behind, exit 130. ``package`` writes the zip and launcher for ``spark-submit``.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from graft_core.crypto import Key
from graft_core.envvars import notices
from graft_core.errors import GraftError, KeyRequiredError, VolumeNotFoundError
from graft_core.ids import VolumeId
from graft_core.options import HomePath, one_line_usage, store_url_option
from graft_pipeline.compact import run_compact
from graft_pipeline.export import run_export_pages
from graft_pipeline.export_sqlite import run_export_sqlite
from graft_pipeline.gc import DEFAULT_GRACE_S, run_gc
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.package import package as write_package
from graft_pipeline.progress import spark_progress
from graft_pipeline.publish import run_publish
from graft_pipeline.retention import Retention, parse_duration
from graft_pipeline.selection import select_volumes
from graft_pipeline.spark import (
    DEFAULT_MASTER,
    INTERRUPTED_EXIT,
    Interrupted,
    interruptible_session,
    submitted,
)
from graft_pipeline.verify import run_verify

__all__ = ["main"]

F = TypeVar("F", bound=Callable[..., Any])
NOTHING_CHANGED = "nothing was changed"


def _spark_conf(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> dict[str, str]:
    settings = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key.startswith("spark."):
            raise click.BadParameter(f"expected spark.KEY=VALUE, got {item!r}")
        settings[key] = value
    return settings


def _common(command: F) -> F:
    """Location, Spark and output options every job takes."""
    options = [
        click.option("--metastore", help="Metastore URL. [env: GRAFT_METASTORE]"),
        click.option(
            "--store",
            callback=store_url_option,
            help="Object store URL of the segments (path, s3://, ...).",
        ),
        click.option(
            "--data-dir",
            type=HomePath(file_okay=False, path_type=Path),
            help="A `graft serve --data-dir` directory: its running servers and segment store.",
        ),
        click.option("--token", help="Bearer token for the servers. [env: GRAFT_TOKEN]"),
        click.option(
            "--config",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Settings file (TOML). [env: GRAFT_CONFIG; default: DATA_DIR/graft.toml]",
        ),
        click.option(
            "--receipt-key-file",
            type=click.Path(dir_okay=False, path_type=Path),
            envvar="GRAFT_RECEIPT_KEY_FILE",
            help="The servers' receipt key (compact signs its checkpoints with it); default: "
            "GRAFT_RECEIPT_KEY, else DATA_DIR/receipt.key.",
        ),
        click.option(
            "--master",
            help=f"Spark master (spark://HOST:PORT, yarn, k8s://...). [default: spark-submit's, "
            f"else {DEFAULT_MASTER}]",
        ),
        click.option(
            "--conf",
            "spark_conf",
            multiple=True,
            callback=_spark_conf,
            metavar="KEY=VALUE",
            help="A Spark setting (repeat), e.g. spark.executor.memory=2g.",
        ),
        click.option(
            "--quiet",
            "-q",
            "--no-progress",
            "quiet",
            is_flag=True,
            help="No progress on stderr (else a bar on a terminal, a line per job start and end; "
            "none under spark-submit, which merges the driver's stderr into its stdout).",
        ),
    ]
    return functools.reduce(lambda cmd, option: option(cmd), reversed(options), command)


def _selection(command: F) -> F:
    command = click.option(
        "--prefix", default="", help="Only volumes whose id starts with this text."
    )(command)
    return click.option(
        "--volumes",
        "volume_ids",
        multiple=True,
        help="Volume ids (repeat or comma-separate); default: every volume.",
    )(command)


_KEY_FILE = click.option(
    "--key-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Key-encryption key of encrypted volumes (their pages are read). "
    "[env: GRAFT_KEY_FILE; or GRAFT_KEY, GRAFT_PASSPHRASE]",
)


def _key(path: Path | None) -> Key | None:
    return None if path is None else Key.from_file(path)


class _Job:
    """What a job command needs from the common options."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.location = Location.resolve(
            metastore=options.pop("metastore"),
            store=options.pop("store"),
            data_dir=options.pop("data_dir"),
            pagestore=options.pop("pagestore", None),
            token=options.pop("token"),
            receipt_key_file=options.pop("receipt_key_file"),
            config=options.pop("config"),
            key=_key(options.pop("key_file", None)),
        )
        self.master: str | None = options.pop("master")
        self.spark_conf: dict[str, str] = options.pop("spark_conf")
        # Under spark-submit progress lines would land in stdout, before the JSON summary.
        self.progress = not options.pop("quiet") and not submitted()
        ids = options.pop("volume_ids", ())
        self.volume_ids = [v for item in ids for v in item.split(",") if v]
        self.prefix: str = options.pop("prefix", "")
        self.location.check_cluster()

    def volumes(self) -> list[VolumeId]:
        with MetastoreHttp(self.location.metastore, self.location.token) as meta:
            return [info.vid for info in select_volumes(meta, self.volume_ids, self.prefix)]

    def run(
        self,
        description: str,
        left: str,
        job: Callable[..., dict[str, Any]],
        *args: Any,
    ) -> None:
        """Run ``job`` under a progress display; ``left`` says what an interrupted run leaves."""
        try:
            with (
                interruptible_session(self.master, self.spark_conf) as spark,
                spark_progress(spark, description, enabled=self.progress),
            ):
                summary = job(spark, self.location, *args)
        except Interrupted:
            click.echo(f"interrupted: {description} stopped; {left}; run it again", err=True)
            sys.exit(INTERRUPTED_EXIT)
        click.echo(json.dumps(summary, indent=2, sort_keys=True))
        if summary.get("ok") is False:
            sys.exit(1)


class _Group(click.Group):
    """Bad input and service errors: one line on stderr and exit 2 / 1, not a traceback."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with one_line_usage():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with one_line_usage():  # a job's options are parsed here
                return super().invoke(ctx)
        except KeyboardInterrupt:  # outside a Spark job (which _Job.run stops itself)
            click.echo(f"interrupted: {ctx.invoked_subcommand} stopped", err=True)
            sys.exit(INTERRUPTED_EXIT)
        except (GraftError, ValueError) as exc:
            click.echo(f"error: {exc}", err=True)
            # A volume id that names no volume is a typo, as for the graft command.
            bad_input = (ValueError, VolumeNotFoundError, KeyRequiredError)
            sys.exit(2 if isinstance(exc, bad_input) else 1)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Spark jobs that keep Graft volumes compact, collected and verified, and move them in bulk."""
    for notice in notices(("GRAFT_",)):  # a misspelt variable: told, not silently ignored
        click.echo(f"warning: {notice}", err=True)


@main.command()
@_common
@_selection
@click.option("--keep-last", type=int, help="Keep the last N commits readable.")
@click.option("--keep-newer", help="Keep commits newer than this (90s, 15m, 1h, 7d).")
@click.option("--target-bytes", type=int, default=16 << 20, show_default=True, hidden=True)
@click.option(
    "--now-ms",
    type=int,
    hidden=True,
    help="Testing: the time (epoch ms) --keep-newer counts back from (default: now).",
)
def compact(
    keep_last: int | None,
    keep_newer: str | None,
    target_bytes: int,
    now_ms: int | None,
    **options: Any,
) -> None:
    """Checkpoint each volume at its retention horizon (reads below it become 404)."""
    job = _Job(options)
    newer = None if keep_newer is None else parse_duration(keep_newer)
    retention = Retention(keep_last=keep_last, keep_newer_s=newer)
    vids = job.volumes()

    def compact_job(spark: Any, location: Location) -> dict[str, Any]:
        return run_compact(
            spark, location, vids, retention, now_ms=now_ms, target_bytes=target_bytes
        )

    job.run("compact", "volumes checkpointed so far are complete, none is half-way", compact_job)


@main.command()
@_common
@click.option(
    "--grace",
    default=f"{DEFAULT_GRACE_S:g}s",
    show_default=True,
    help="Keep segments younger than this (in-flight pushes).",
)
@click.option("--apply", is_flag=True, help="Delete (default: only report what would go).")
def gc(grace: str, apply: bool, **options: Any) -> None:
    """Delete segments no retained LSN or checkpoint references, older than the grace period."""
    job = _Job(options)
    grace_s = parse_duration(grace)
    vids = job.volumes()  # every volume: a segment may hold pages of several

    def gc_job(spark: Any, location: Location) -> dict[str, Any]:
        return run_gc(spark, location, vids, grace_s=grace_s, apply=apply)

    left = "it deleted only unreferenced segments" if apply else NOTHING_CHANGED
    job.run("gc", left, gc_job)


@main.command()
@_common
@_selection
def verify(**options: Any) -> None:
    """Read every referenced segment, check CRCs and pages; exit 1 if anything is wrong."""
    job = _Job(options)
    vids = job.volumes()
    job.run("verify", NOTHING_CHANGED, lambda spark, location: run_verify(spark, location, vids))


@main.command()
@_common
@_selection
@click.option(
    "--format", "fmt", type=click.Choice(["pages", "sqlite"]), default="pages", show_default=True
)
@click.option("--out", required=True, help="Output directory (Parquet).")
@_KEY_FILE
@click.option("--lsn", type=int, help="Export at this LSN (default: each volume's latest).")
def export(fmt: str, out: str, lsn: int | None, **options: Any) -> None:
    """Volumes at an LSN -> Parquet: raw pages, or every SQLite table partitioned by vid."""
    job = _Job(options)
    with MetastoreHttp(job.location.metastore, job.location.token) as meta:
        infos = select_volumes(meta, job.volume_ids, job.prefix)
    targets = [(info.vid, info.lsn if lsn is None else lsn) for info in infos]
    # Tasks open the output by URI (pyarrow refuses a relative path), in their own directory.
    where = out if "://" in out else str(Path(out).resolve())
    job.run(
        f"export {fmt}",
        f"{out} may hold a partial export",
        run_export_pages if fmt == "pages" else run_export_sqlite,
        targets,
        where,
    )


@main.command()
@_common
@click.option("--pagestore", help="Pagestore URL (pages are pushed). [env: GRAFT_PAGESTORE]")
@click.option("--input", "input_path", required=True, help="Parquet input (a file or directory).")
@click.option("--key", required=True, help="Column whose values each get their own database.")
@click.option("--table", required=True, help="Table name inside each database.")
@_KEY_FILE
def publish(input_path: str, key: str, table: str, **options: Any) -> None:
    """One SQLite database per key -> a new LSN of that key's volume (only changed pages)."""
    job = _Job(options)

    def publish_job(spark: Any, location: Location) -> dict[str, Any]:
        return run_publish(spark, location, spark.read.parquet(input_path), key, table)

    job.run("publish", "volumes published so far are complete, none is half-way", publish_job)


@main.command("package")
@click.option(
    "--out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Directory for the zip and the launcher script.",
)
def package_command(out: Path) -> None:
    """Write graft-pipeline.zip (for --py-files) and the script spark-submit runs."""
    click.echo(json.dumps(write_package(out), indent=2, sort_keys=True))
