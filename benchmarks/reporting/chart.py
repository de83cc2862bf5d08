"""The PNG chart: replication lag as a distribution, and every rate as a share of its baseline."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display on CI or servers

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from benchmarks.reporting.results import LAG_METRIC, Result

__all__ = ["chart"]

RATE_UNITS = frozenset({"MiB/s", "pages/s", "ops/s"})


def _plot_lag(ax: Axes, results: list[Result]) -> None:
    lag = next((r for r in results if r.metric == LAG_METRIC and r.samples), None)
    ax.set_title("replication lag (commit on A -> visible on B)")
    if lag is None or lag.samples is None:
        ax.text(0.5, 0.5, "no lag samples recorded", ha="center", transform=ax.transAxes)
        return
    ordered = sorted(lag.samples)
    share = [(i + 1) / len(ordered) for i in range(len(ordered))]
    ax.step(ordered, share, where="post", label="lag")
    ax.axvline(
        lag.baseline, color="grey", linestyle=":", label="floor p50 (bare write, append, wake-up)"
    )
    if lag.goal_max is not None:
        ax.axvline(lag.baseline * lag.goal_max, color="red", linestyle="--", label="goal p50")
    ax.set_xscale("log")
    ax.set_xlabel("milliseconds (log)")
    ax.set_ylabel("share of commits")
    ax.legend(loc="lower right")


def _plot_throughput(ax: Axes, results: list[Result]) -> None:
    """Rates as a share of their raw baseline: absolute rates span five orders of magnitude."""
    rates = [r for r in results if r.unit in RATE_UNITS]
    ax.set_title("throughput as a share of the raw baseline")
    positions = list(range(len(rates)))
    colours = ["tab:red" if r.goal_met is False else "tab:blue" for r in rates]
    ax.barh(positions, [r.ratio for r in rates], color=colours)
    for position, r in zip(positions, rates, strict=True):
        if r.goal_min is not None:
            ax.plot([r.goal_min] * 2, [position - 0.4, position + 0.4], color="black")
    ax.axvline(1.0, color="grey", linestyle=":")
    ax.set_xscale("log")  # ratios run from a tenth (zstd vs memcpy) to twenty (group commit)
    ax.set_yticks(positions, [f"{r.benchmark}: {r.metric}" for r in rates], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("ours / raw, log scale (black tick: goal; red bar: goal missed)")


def chart(results: list[Result], path: Path) -> None:
    fig, (lag_ax, rate_ax) = plt.subplots(1, 2, figsize=(14, 6), layout="constrained")
    _plot_lag(lag_ax, results)
    _plot_throughput(rate_ax, results)
    fig.savefig(path, dpi=110)
    plt.close(fig)
