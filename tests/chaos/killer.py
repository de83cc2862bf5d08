"""Carries out the seeded strikes: SIGKILL, or SIGSTOP now and SIGCONT after the pause."""

from __future__ import annotations

import signal

from tests.chaos.plan import Strike
from tests.chaos.processes import Managed
from tests.chaos.summary import Summary

__all__ = ["Killer"]


class Killer:
    def __init__(self, strikes: list[Strike], roles: dict[str, Managed], summary: Summary) -> None:
        self._strikes = sorted(strikes, key=lambda strike: strike.at_s)
        self._roles = roles
        self._summary = summary
        self._resume_at: dict[str, float] = {}

    def step(self, elapsed_s: float) -> None:
        """Strike everything due by ``elapsed_s`` and resume the pauses that are over."""
        for name, at in list(self._resume_at.items()):
            if at <= elapsed_s:
                self._resume(name)
        while self._strikes and self._strikes[0].at_s <= elapsed_s:
            self._strike(self._strikes.pop(0), elapsed_s)

    def _strike(self, strike: Strike, elapsed_s: float) -> None:
        role = self._roles[strike.victim]
        if role.exit_code() is not None:
            return  # already down, about to be restarted
        if strike.signal is signal.SIGSTOP and role.paused:
            return
        role.send(strike.signal)
        self._summary.kills[f"{role.kind.value} {strike.signal.name}"] += 1
        if strike.signal is signal.SIGSTOP:
            self._resume_at[role.name] = elapsed_s + strike.pause_s
        else:
            self._resume_at.pop(role.name, None)

    def _resume(self, name: str) -> None:
        del self._resume_at[name]
        self._roles[name].send(signal.SIGCONT)

    def resume_all(self) -> None:
        for name in list(self._resume_at):
            self._resume(name)
