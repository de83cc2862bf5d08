"""What happened in a run, aggregated from the workers' events and the coordinator's own."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Summary"]


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{key} {value}" for key, value in sorted(counter.items())) or "none"


@dataclass
class Summary:
    kills: Counter[str] = field(default_factory=Counter)  # "{role kind} {signal}"
    restarts: Counter[str] = field(default_factory=Counter)  # by role kind
    recoveries: Counter[str] = field(default_factory=Counter)  # writers' unclean starts
    commits: int = 0
    pushes: int = 0
    conflicts: Counter[str] = field(default_factory=Counter)
    resets: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    transient: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    started: dict[str, int] = field(default_factory=dict)  # worker -> incarnation running

    def absorb(self, worker: str, record: dict[str, Any]) -> None:
        """Count one event a worker reported."""
        kind = record["event"]
        if kind == "start":
            self.started[worker] = record["incarnation"]
        elif kind == "commit":
            self.commits += 1
        elif kind == "pushed":
            self.pushes += 1
        elif kind == "conflict":
            self.conflicts[record["where"]] += 1
        elif kind == "reset":
            self.resets += 1
        elif kind == "check":
            self.checks[record["what"]] += 1
        elif kind == "transient":
            self.transient[record["error"]] += 1
        elif kind == "recover" and not record["clean"]:
            self.recoveries[record["status"]] += 1
        elif kind in ("violation", "fatal"):
            self.violations.append(f"[{kind}] {record['message']}")

    @property
    def kill_total(self) -> int:
        return sum(self.kills.values())

    def render(self) -> str:
        lines = [
            f"kills:       {self.kill_total} ({_counts(self.kills)})",
            f"restarts:    {sum(self.restarts.values())} ({_counts(self.restarts)})",
            f"recoveries:  {sum(self.recoveries.values())} ({_counts(self.recoveries)})",
            f"commits:     {self.commits} local, {self.pushes} acknowledged pushes",
            f"conflicts:   {sum(self.conflicts.values())} ({_counts(self.conflicts)})",
            f"resets:      {self.resets}",
            f"checks:      {sum(self.checks.values())} ({_counts(self.checks)})",
            f"transient:   {sum(self.transient.values())} ({_counts(self.transient)})",
            f"violations:  {len(self.violations)}",
        ]
        return "\n".join(lines + [f"  - {violation}" for violation in self.violations[:50]])
