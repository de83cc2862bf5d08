"""The Markdown table of benchmark ratios, one row per recorded measurement."""

from __future__ import annotations

import datetime
import os
import platform

from benchmarks.reporting.results import Result

__all__ = ["markdown"]


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def _goal(result: Result) -> str:
    if result.goal_min is not None and result.goal_max is not None:
        return f"{result.goal_min:g}x - {result.goal_max:g}x"
    if result.goal_min is not None:
        return f">= {result.goal_min:g}x"
    if result.goal_max is not None:
        return f"<= {result.goal_max:g}x"
    return ""


def _met(result: Result) -> str:
    return {None: "", True: "yes", False: "**no**"}[result.goal_met]


def markdown(results: list[Result], note: str | None = None) -> str:
    lines = [
        "# Benchmark report",
        "",
        f"Written by `make bench` on {datetime.date.today().isoformat()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}. "
        "Each ratio is ours / the raw baseline measured in the same run.",
        *([] if note is None else ["", note]),
        "",
        "| benchmark | measurement | ours | raw baseline | ratio | goal | met | context |",
        "|---|---|---:|---|---:|---|---|---|",
    ]
    for r in results:
        baseline = f"{_number(r.baseline)} {r.unit} ({r.baseline_name})"
        lines.append(
            f"| {r.benchmark} | {r.metric} | {_number(r.ours)} {r.unit} | {baseline} "
            f"| {r.ratio:.2f}x | {_goal(r)} | {_met(r)} | {r.context or ''} |"
        )
    lines += ["", "![replication lag and throughput](report.png)", ""]
    return "\n".join(lines)
