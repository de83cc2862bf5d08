"""The benchmark report: recorded results become one table of ratios and a chart."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.reporting.chart import chart
from benchmarks.reporting.results import LAG_METRIC, RESULTS_ENV, load, record
from benchmarks.reporting.table import markdown


@pytest.fixture
def results_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "results.jsonl"
    monkeypatch.setenv(RESULTS_ENV, str(path))
    return path


def record_three() -> None:
    record(
        "local", "reads", unit="pages/s", ours=60, baseline=100, baseline_name="raw", goal_min=0.5
    )
    record(
        "pagestore",
        "writes",
        unit="MiB/s",
        ours=20,
        baseline=100,
        baseline_name="echo",
        goal_min=0.5,
    )
    record(
        "sync",
        LAG_METRIC,
        unit="ms",
        ours=3.0,
        baseline=0.5,
        baseline_name="round trip",
        goal_max=10.0,
        samples=[2.5, 3.0, 9.0],
    )


def test_recorded_results_load_back_with_ratios_and_goals(results_file: Path) -> None:
    record_three()
    reads, writes, lag = load(results_file)
    assert (reads.ratio, reads.goal_met) == (0.6, True)
    assert (writes.ratio, writes.goal_met) == (0.2, False)
    assert (lag.ratio, lag.goal_met, lag.samples) == (6.0, True, [2.5, 3.0, 9.0])


def test_nothing_is_written_without_the_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(RESULTS_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    record("local", "reads", unit="pages/s", ours=1, baseline=2, baseline_name="raw")
    assert list(tmp_path.iterdir()) == []


def test_table_has_one_row_per_result_and_flags_missed_goals(results_file: Path) -> None:
    record_three()
    rows = [line for line in markdown(load(results_file)).splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + 3  # header and one row per result
    assert rows[1].split("|")[5:8] == [" 0.60x ", " >= 0.5x ", " yes "]
    assert rows[2].split("|")[5:8] == [" 0.20x ", " >= 0.5x ", " **no** "]
    assert rows[3].split("|")[5:8] == [" 6.00x ", " <= 10x ", " yes "]


def test_chart_is_a_png(results_file: Path, tmp_path: Path) -> None:
    record_three()
    out = tmp_path / "report.png"
    chart(load(results_file), out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 10_000
