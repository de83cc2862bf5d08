"""A lite reader: no local state; reads whole snapshots by LSN, the latest and a random older one.

The latest remote LSN it sees must never go back, across server and own restarts.
"""

from __future__ import annotations

from graft_client import LiteClient
from tests.chaos.checks import LsnObserver, snapshot_problem
from tests.chaos.spec import VolumeSpec
from tests.chaos.worker import TRANSIENT, WorkerContext

__all__ = ["check_at", "run_lite"]


def check_at(lite: LiteClient, spec: VolumeSpec, lsn: int) -> tuple[dict[int, bytes], str | None]:
    """The whole snapshot at ``lsn`` and why it breaks the invariant (None if it holds)."""
    count = lite.snapshot(spec.vid, lsn).page_count
    pages = lite.read_many(spec.vid, range(1, count + 1), lsn) if count else {}
    return pages, snapshot_problem(spec.kind, pages)


def _check_volume(
    ctx: WorkerContext, lite: LiteClient, observer: LsnObserver, spec: VolumeSpec
) -> None:
    latest = lite.snapshot(spec.vid).lsn
    went_back = observer.observe(spec.vid, latest)
    if went_back is not None:
        ctx.violation(went_back)
    for lsn in (latest, ctx.rng.randint(1, latest)):
        problem = check_at(lite, spec, lsn)[1]
        if problem is not None:
            ctx.violation(f"{spec.name} at remote LSN {lsn}: {problem}")
        ctx.emit("check", what=f"lite-{spec.kind.value}")


def run_lite(ctx: WorkerContext) -> None:
    observer = LsnObserver(ctx.run_dir / "observed" / f"{ctx.name}.jsonl")
    with LiteClient(**ctx.spec.servers) as lite:
        while not ctx.stop.is_set():
            for spec in ctx.spec.volumes:
                try:
                    _check_volume(ctx, lite, observer, spec)
                except TRANSIENT as exc:
                    ctx.transient(exc)
            ctx.pace()
