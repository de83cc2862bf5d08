"""One benchmark measurement against its raw baseline, appended as a JSON line for the report.

Each script in ``benchmarks/`` prints its own table and also calls :func:`record` for every
measurement it compares with a raw baseline. When ``GRAFT_BENCH_RESULTS`` names a file the
measurement is appended to it, so ``make bench`` can build one report from every script; when
it is unset (a script run by hand) nothing is written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import msgspec

__all__ = ["LAG_METRIC", "RESULTS_ENV", "Result", "load", "record"]

RESULTS_ENV = "GRAFT_BENCH_RESULTS"
LAG_METRIC = "replication lag p50"  # its samples become the lag chart


class Result(msgspec.Struct, forbid_unknown_fields=True):
    """``ratio`` is ours / baseline; the goal bounds it (``goal_min`` for rates, ``goal_max`` for
    costs such as latency or seconds). ``samples`` keeps raw values for charts (milliseconds);
    ``context`` names figures of the same run shown beside it (an older baseline, for instance)."""

    benchmark: str
    metric: str
    unit: str
    ours: float
    baseline: float
    baseline_name: str
    goal_min: float | None = None
    goal_max: float | None = None
    samples: list[float] | None = None
    context: str | None = None

    @property
    def ratio(self) -> float:
        return self.ours / self.baseline

    @property
    def goal_met(self) -> bool | None:
        if self.goal_min is None and self.goal_max is None:
            return None
        low_ok = self.goal_min is None or self.ratio >= self.goal_min
        high_ok = self.goal_max is None or self.ratio <= self.goal_max
        return low_ok and high_ok


def record(
    benchmark: str,
    metric: str,
    *,
    unit: str,
    ours: float,
    baseline: float,
    baseline_name: str,
    goal_min: float | None = None,
    goal_max: float | None = None,
    samples: Sequence[float] | None = None,
    context: str | None = None,
) -> None:
    path = os.environ.get(RESULTS_ENV)
    if not path:
        return
    result = Result(
        benchmark,
        metric,
        unit,
        ours,
        baseline,
        baseline_name,
        goal_min,
        goal_max,
        None if samples is None else list(samples),
        context,
    )
    with open(path, "ab") as out:
        out.write(msgspec.json.encode(result) + b"\n")


def load(path: Path) -> list[Result]:
    decoder = msgspec.json.Decoder(Result)
    return [decoder.decode(line) for line in path.read_bytes().splitlines() if line.strip()]
