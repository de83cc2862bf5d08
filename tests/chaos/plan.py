"""The killer's schedule, drawn from the seed alone: when, whom, and SIGKILL or a pause."""

from __future__ import annotations

import random
import signal
from dataclasses import dataclass

from tests.chaos.config import ChaosConfig

__all__ = ["Strike", "kill_plan"]


@dataclass(frozen=True)
class Strike:
    at_s: float
    victim: str
    signal: signal.Signals
    pause_s: float  # SIGSTOP only: how long until SIGCONT


def kill_plan(config: ChaosConfig) -> list[Strike]:
    """Strikes at exponentially distributed gaps (mean ``kill_every_s``) until the run ends."""
    rng = random.Random(f"kill-plan/{config.seed}")
    roles = config.role_names()
    strikes: list[Strike] = []
    at = rng.expovariate(1.0 / config.kill_every_s)
    while at < config.seconds:
        victim = rng.choice(roles)
        if rng.random() < config.pause_share:
            strikes.append(Strike(at, victim, signal.SIGSTOP, rng.uniform(0.2, 3.0)))
        else:
            strikes.append(Strike(at, victim, signal.SIGKILL, 0.0))
        at += rng.expovariate(1.0 / config.kill_every_s)
    return strikes
