"""A recorded history of commits and reads, and its check against each volume's final log.

A volume's commit log is a compare-and-set register: a commit with base LSN ``b`` moves the state
from ``b`` to ``b + 1`` or is rejected; a read returns the state (an LSN and the content token
written there). Every commit writes a unique content token, so the final log (LSN -> token) names
the op that won each LSN and fixes the order of the writes. With that order given, one pass
decides linearizability exactly: place every operation at the earliest moment its interval and
the order allow (writes in LSN order, each read after the write it saw and before the next
write); the history is linearizable iff no operation must be placed after it completed.

Outcomes: ``ok`` (acknowledged), ``fail`` (definitely not applied: a commit rejected by the CAS),
``unknown`` (timed out or cut off: it may or may not have taken effect, but at most once). An
unknown operation never completed, so it constrains nothing after it.
"""

from __future__ import annotations

import math
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from typing import Literal

__all__ = ["History", "Op", "Recording", "check"]

Kind = Literal["commit", "read"]
Outcome = Literal["ok", "fail", "unknown"]
_LATER = ", which began after it completed"


@dataclass(frozen=True, slots=True)
class Op:
    kind: Kind
    invoked: float
    completed: float = math.inf  # inf: never answered (unknown)
    outcome: Outcome = "unknown"
    vid: str = "v"
    client: str = "c"
    node: str = "n"
    base_lsn: int = 0  # commit: the LSN it expected to build on (0: none yet)
    token: str | None = None  # commit: what it wrote; read: what it saw (None at LSN 0)
    lsn: int | None = None  # ok commit: the LSN it won; ok read: the LSN it saw

    def describe(self) -> str:
        span = f"[{self.invoked:.3f}, {self.completed:.3f}]"
        what = f" base {self.base_lsn} token {self.token!r}" if self.kind == "commit" else ""
        return f"{self.outcome} {self.kind}{what} by {self.client}@{self.node} {span}"


@dataclass
class Recording:
    """One operation in flight; exactly one of ok/fail is called, or it ends ``unknown``."""

    op: Op
    clock: Callable[[], float]
    done: Op | None = None

    def ok(self, lsn: int, token: str | None = None) -> None:
        token = self.op.token if self.op.kind == "commit" else token
        self.done = replace(self.op, completed=self.clock(), outcome="ok", lsn=lsn, token=token)

    def fail(self) -> None:
        self.done = replace(self.op, completed=self.clock(), outcome="fail")

    @property
    def outcome(self) -> Outcome:
        return "unknown" if self.done is None else self.done.outcome


@dataclass
class History:
    """A thread-safe recorder of operations, timed by one monotonic clock."""

    clock: Callable[[], float] = time.monotonic
    ops: list[Op] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def _record(self, op: Op) -> Iterator[Recording]:
        recording = Recording(op, self.clock)
        try:
            yield recording
        finally:
            # Left by an exception before an answer: the operation's effect is unknown.
            with self._lock:
                self.ops.append(recording.done or op)

    def commit(
        self, vid: str, client: str, node: str, base_lsn: int, token: str
    ) -> AbstractContextManager[Recording]:
        started = self.clock()
        op = Op(
            "commit", started, vid=vid, client=client, node=node, base_lsn=base_lsn, token=token
        )
        return self._record(op)

    def read(self, vid: str, client: str, node: str) -> AbstractContextManager[Recording]:
        return self._record(Op("read", self.clock(), vid=vid, client=client, node=node))


def check(ops: Iterable[Op], logs: Mapping[str, Mapping[int, str]]) -> list[str]:
    """Every violation found, one sentence each; empty when the history is linearizable.

    ``logs`` maps each volume to its final commit log, LSN -> content token.
    """
    by_volume: dict[str, list[Op]] = defaultdict(list)
    for op in ops:
        by_volume[op.vid].append(op)
    problems: list[str] = []
    for vid in sorted(by_volume.keys() | logs.keys()):
        found = _check_volume(by_volume[vid], dict(logs.get(vid, {})))
        problems.extend(f"volume {vid}: {problem}" for problem in found)
    return problems


def _check_volume(ops: list[Op], log: dict[int, str]) -> list[str]:
    commits = [op for op in ops if op.kind == "commit"]
    reads = [op for op in ops if op.kind == "read" and op.outcome == "ok"]
    problems = _check_log(log) + _check_commits(commits, log) + _check_reads(reads, log)
    if problems:
        return problems  # the order below is only meaningful for a well-formed history
    return _linearize(commits, reads, log)


def _check_log(log: dict[int, str]) -> list[str]:
    problems = []
    missing = sorted(set(range(1, max(log, default=0) + 1)) - log.keys())
    if missing or min(log, default=1) < 1:
        problems.append(f"the log is not gap-free from LSN 1: missing {missing}")
    at: dict[str, list[int]] = defaultdict(list)
    for lsn, token in sorted(log.items()):
        at[token].append(lsn)
    problems += [
        f"token {t!r} is committed at LSNs {lsns}" for t, lsns in at.items() if len(lsns) > 1
    ]
    return problems


def _check_commits(commits: list[Op], log: dict[int, str]) -> list[str]:
    problems = []
    writers: dict[str, Op] = {}
    won: dict[int, Op] = {}
    for op in commits:
        assert op.token is not None, "a commit names its content token"
        if op.token in writers:
            problems.append(f"token {op.token!r} was written by two operations")
        writers[op.token] = op
        if op.outcome == "ok":
            assert op.lsn is not None
            if op.lsn != op.base_lsn + 1:
                problems.append(f"{op.describe()} was acknowledged at LSN {op.lsn}")
            if op.lsn in won:
                problems.append(f"LSN {op.lsn} was acknowledged to two commits")
            won[op.lsn] = op
            if log.get(op.lsn) != op.token:
                problems.append(f"{op.describe()} at LSN {op.lsn} is not in the final log")
    for lsn, token in sorted(log.items()):
        writer = writers.get(token)
        if writer is None:
            problems.append(f"LSN {lsn} holds {token!r}, which no client committed")
        elif writer.outcome == "fail" or lsn != writer.base_lsn + 1:
            problems.append(f"{writer.describe()} took effect at LSN {lsn}")
    return problems


def _check_reads(reads: list[Op], log: dict[int, str]) -> list[str]:
    problems = []
    for op in reads:
        assert op.lsn is not None
        if log.get(op.lsn) != op.token:
            problems.append(
                f"{op.describe()} saw {op.token!r} at LSN {op.lsn}, the log has {log.get(op.lsn)!r}"
            )
    return problems


def _linearize(commits: list[Op], reads: list[Op], log: dict[int, str]) -> list[str]:
    writer = {op.token: op for op in commits}
    reads_at: dict[int, list[Op]] = defaultdict(list)
    for op in reads:
        assert op.lsn is not None
        reads_at[op.lsn].append(op)
    placed_at: dict[int, float] = {}
    # The earliest time the next operation in the order can take effect, and whose start it is.
    floor, cause = -math.inf, "the start"
    for lsn in range(len(log) + 1):
        written, written_cause = floor, cause
        if lsn:
            op = writer[log[lsn]]
            if op.invoked >= floor:
                written, written_cause = op.invoked, op.describe()
            if written > op.completed:
                return [f"{op.describe()} won LSN {lsn} but must come after {cause}{_LATER}"]
            placed_at[lsn] = written
            floor, cause = written, written_cause
        for op in reads_at[lsn]:
            if written > op.completed:
                return [
                    f"{op.describe()} saw LSN {lsn} but must come after {written_cause}{_LATER}"
                ]
            if op.invoked > floor:
                floor, cause = op.invoked, op.describe()
    return [
        f"{op.describe()} was rejected though no commit had taken LSN {op.base_lsn + 1} yet"
        for op in commits
        if op.outcome == "fail" and placed_at.get(op.base_lsn + 1, math.inf) > op.completed
    ]
