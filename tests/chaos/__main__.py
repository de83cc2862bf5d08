"""``python -m tests.chaos``: a chaos run against real server and client processes."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

from tests.chaos.config import DEFAULT_KILL_EVERY_S, ChaosConfig
from tests.chaos.run import run_chaos

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tests.chaos",
        description="Run metastore, pagestore, writers (page tracker and SQLite bank), full and "
        "lite readers and a graft daemon as separate processes while a killer SIGKILLs or "
        "pauses random ones (servers included) and the rest keep checking the invariants. "
        "Then settle, verify every remote LSN of every volume and print a summary. Exit code 0 "
        "only with zero violations.",
    )
    parser.add_argument("--minutes", type=float, default=1.0, help="chaos duration (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of all randomness (default 1)")
    parser.add_argument(
        "--kill-every",
        type=float,
        default=DEFAULT_KILL_EVERY_S,
        metavar="SECONDS",
        help=f"mean time between strikes (default {DEFAULT_KILL_EVERY_S:g})",
    )
    parser.add_argument(
        "--run-dir",
        type=Path,
        help="keep data, logs and events here (default: a temporary directory, removed on success)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.minutes <= 0 or args.kill_every <= 0:
        print("error: --minutes and --kill-every must be positive", file=sys.stderr)
        return 2
    run_dir = args.run_dir or Path(tempfile.mkdtemp(prefix="graft-chaos-"))
    config = ChaosConfig(args.minutes, args.seed, run_dir, kill_every_s=args.kill_every)
    try:
        summary = run_chaos(config)
    except Exception:
        traceback.print_exc()
        print(f"chaos failed: reproduce with {config.reproduce()} (run dir {run_dir})")
        return 1
    print(summary.render())
    if summary.violations:
        print(f"chaos failed: reproduce with {config.reproduce()} (run dir {run_dir})")
        return 1
    print("chaos passed")
    if args.run_dir is None:
        shutil.rmtree(run_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
