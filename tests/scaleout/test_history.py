"""The history checker on small hand-made histories: linearizable ones pass, broken ones fail."""

from __future__ import annotations

import math

import pytest

from tests.scaleout.history import History, Op, check


def commit(token: str, base: int, span: tuple[float, float], lsn: int | None = None) -> Op:
    """An ok commit (``lsn`` defaults to base + 1); use ``fail``/``unknown`` for the others."""
    won = base + 1 if lsn is None else lsn
    return Op("commit", span[0], span[1], "ok", base_lsn=base, token=token, lsn=won)


def fail(token: str, base: int, span: tuple[float, float]) -> Op:
    return Op("commit", span[0], span[1], "fail", base_lsn=base, token=token)


def unknown(token: str, base: int, invoked: float) -> Op:
    return Op("commit", invoked, base_lsn=base, token=token)


def read(lsn: int, token: str | None, span: tuple[float, float]) -> Op:
    return Op("read", span[0], span[1], "ok", token=token, lsn=lsn)


def problems(ops: list[Op], log: dict[int, str]) -> list[str]:
    return check(ops, {"v": log})


PASSING = {
    "sequential commits and reads": (
        [
            read(0, None, (0, 1)),
            commit("a", 0, (2, 3)),
            read(1, "a", (4, 5)),
            commit("b", 1, (6, 7)),
            read(2, "b", (8, 9)),
        ],
        {1: "a", 2: "b"},
    ),
    "a race on one LSN: one wins, one is rejected": (
        [commit("a", 0, (0, 5)), fail("b", 0, (1, 6)), commit("c", 1, (7, 8))],
        {1: "a", 2: "c"},
    ),
    "reads overlapping a commit may see either state": (
        [read(0, None, (0, 10)), commit("a", 0, (1, 9)), read(1, "a", (2, 3))],
        {1: "a"},
    ),
    "a timed-out commit that took effect, and one that did not": (
        [unknown("a", 0, 0), unknown("x", 1, 1), read(1, "a", (2, 3)), commit("b", 1, (4, 5))],
        {1: "a", 2: "b"},
    ),
    "concurrent commits ordered by LSN against their invocation order": (
        [commit("b", 1, (0, 10)), commit("a", 0, (1, 2))],
        {1: "a", 2: "b"},
    ),
}

FAILING = {
    "an acknowledged LSN that is not base + 1": (
        [commit("a", 0, (0, 1)), commit("b", 0, (2, 3), lsn=2)],
        {1: "a", 2: "b"},
        "was acknowledged at LSN 2",
    ),
    "one LSN acknowledged to two commits": (
        [commit("a", 0, (0, 1)), commit("b", 0, (0, 1))],
        {1: "a"},
        "LSN 1 was acknowledged to two commits",
    ),
    "a gap in the log": (
        [commit("a", 0, (0, 1)), unknown("c", 2, 2)],
        {1: "a", 3: "c"},
        "not gap-free from LSN 1: missing [2]",
    ),
    "a duplicated commit (one token at two LSNs)": (
        [commit("a", 0, (0, 1)), unknown("b", 1, 2)],
        {1: "a", 2: "b", 3: "b"},
        "token 'b' is committed at LSNs [2, 3]",
    ),
    "a lost acknowledged commit": (
        [commit("a", 0, (0, 1)), commit("b", 1, (2, 3))],
        {1: "a"},
        "at LSN 2 is not in the final log",
    ),
    "a rejected commit that took effect": (
        [fail("a", 0, (0, 1))],
        {1: "a"},
        "took effect at LSN 1",
    ),
    "a timed-out commit that took effect at the wrong LSN": (
        [commit("a", 0, (0, 1)), unknown("x", 0, 2)],
        {1: "a", 2: "x"},
        "took effect at LSN 2",
    ),
    "a commit in the log that nobody made": (
        [commit("a", 0, (0, 1))],
        {1: "a", 2: "ghost"},
        "LSN 2 holds 'ghost', which no client committed",
    ),
    "a read whose token differs from the log": (
        [commit("a", 0, (0, 1)), read(1, "zzz", (2, 3))],
        {1: "a"},
        "saw 'zzz' at LSN 1, the log has 'a'",
    ),
    "a stale read after an acknowledged commit": (
        [commit("a", 0, (0, 1)), commit("b", 1, (2, 3)), read(1, "a", (4, 5))],
        {1: "a", 2: "b"},
        "which began after it completed",
    ),
    "a read of the empty volume after the first commit": (
        [commit("a", 0, (0, 1)), read(0, None, (2, 3))],
        {1: "a"},
        "won LSN 1 but must come after",
    ),
    "a read from the future": (
        [read(1, "a", (0, 1)), commit("a", 0, (2, 3))],
        {1: "a"},
        "saw LSN 1 but must come after",
    ),
    "reads going back in time while a commit is in flight": (
        [
            commit("a", 0, (0, 1)),
            commit("b", 1, (2, 10)),
            read(2, "b", (3, 4)),
            read(1, "a", (5, 6)),
        ],
        {1: "a", 2: "b"},
        "saw LSN 2 but must come after ok read",
    ),
    "LSN order against real-time order": (
        [commit("a", 0, (5, 6)), commit("b", 1, (0, 1))],
        {1: "a", 2: "b"},
        "won LSN 2 but must come after",
    ),
    "a rejection before any rival commit began": (
        [fail("x", 0, (0, 1)), commit("a", 0, (2, 3))],
        {1: "a"},
        "rejected though no commit had taken LSN 1 yet",
    ),
}


@pytest.mark.parametrize("ops, log", PASSING.values(), ids=PASSING.keys())
def test_linearizable_histories_pass(ops: list[Op], log: dict[int, str]) -> None:
    assert problems(ops, log) == []


@pytest.mark.parametrize("ops, log, expected", FAILING.values(), ids=FAILING.keys())
def test_broken_histories_fail(ops: list[Op], log: dict[int, str], expected: str) -> None:
    found = problems(ops, log)
    assert found, "the checker accepted a broken history"
    assert any(expected in problem for problem in found), found


def test_volumes_are_checked_separately() -> None:
    ops = [commit("a", 0, (0, 1)), Op("commit", 0, 1, "ok", vid="w", token="a", lsn=1)]
    assert check(ops, {"v": {1: "a"}, "w": {1: "a"}}) == []
    ((problem,),) = [check(ops, {"v": {1: "a"}})]
    assert problem.startswith("volume w: ") and problem.endswith("is not in the final log")


def test_recorder_marks_outcomes_and_unknown_on_exceptions() -> None:
    ticks = iter(range(100))
    history = History(clock=lambda: float(next(ticks)))
    with history.commit("v", "c1", "n1", 0, "a") as op:
        op.ok(1)
    with history.commit("v", "c2", "n2", 0, "b") as op:
        op.fail()
    with pytest.raises(TimeoutError), history.commit("v", "c3", "n1", 1, "c"):
        raise TimeoutError
    with history.read("v", "c1", "n2") as op:
        op.ok(1, "a")
    ok, rejected, cut_off, seen = history.ops
    assert (ok.outcome, ok.lsn, ok.token, ok.invoked, ok.completed) == ("ok", 1, "a", 0, 1)
    assert (rejected.outcome, rejected.lsn) == ("fail", None)
    assert (cut_off.outcome, cut_off.completed) == ("unknown", math.inf)
    assert (seen.kind, seen.lsn, seen.token, seen.node) == ("read", 1, "a", "n2")
    assert check(history.ops, {"v": {1: "a", 2: "c"}}) == []
