"""Write the benchmark report: one Markdown table of ratios and a PNG chart.

``python -m benchmarks.reporting.report RESULTS.jsonl OUT_DIR`` reads the lines the benchmark
scripts recorded and writes ``OUT_DIR/report.md`` and ``OUT_DIR/report.png`` (replication lag
as a distribution against the raw round trip, and throughput against the raw baselines).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.reporting.chart import chart
from benchmarks.reporting.results import load
from benchmarks.reporting.table import markdown

__all__ = ["main"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="JSON lines written by the benchmark scripts")
    parser.add_argument("out", type=Path, help="directory for report.md and report.png")
    parser.add_argument("--note", help="a line under the header: how the run went (load, ...)")
    args = parser.parse_args()
    results = load(args.results)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "report.md").write_text(markdown(results, args.note))
    chart(results, args.out / "report.png")
    missed = sum(r.goal_met is False for r in results)
    print(f"wrote {args.out / 'report.md'} ({len(results)} results, {missed} goals missed)")


if __name__ == "__main__":
    main()
