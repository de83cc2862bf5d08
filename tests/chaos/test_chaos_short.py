"""A short chaos run inside the suite: every role gets killed or paused, no invariant breaks.

The long run is ``python -m tests.chaos --minutes 10 --seed S`` (see ``tests/chaos/__init__``).
"""

from __future__ import annotations

from pathlib import Path

from tests.chaos.config import ChaosConfig, RoleKind, role_kind
from tests.chaos.plan import kill_plan
from tests.chaos.run import run_chaos


def test_short_chaos_run_keeps_every_invariant(tmp_path: Path) -> None:
    # Seed 3 at this length and rate strikes every kind of process, servers included.
    config = ChaosConfig(minutes=0.6, seed=3, run_dir=tmp_path, kill_every_s=2.0)
    assert {role_kind(strike.victim) for strike in kill_plan(config)} == set(RoleKind)

    summary = run_chaos(config)

    report = f"{summary.render()}\nchaos failed: reproduce with {config.reproduce()}"
    assert summary.violations == [], report
    assert summary.kill_total >= 10, report
    assert sum(summary.restarts.values()) >= 5, report
    # Work happened on every front and was checked: pushes, rival pushes, every check kind.
    assert summary.pushes >= 20 and summary.conflicts["push"] >= 1, report
    for what in ("tracker", "bank", "lite-tracker", "lite-bank", "final-tracker", "final-bank"):
        assert summary.checks[what] > 0, report
    assert summary.checks["acknowledged"] >= summary.pushes, report
    assert summary.checks["daemon-synced"] == 1 and summary.checks["daemon-dir"] == 2, report
