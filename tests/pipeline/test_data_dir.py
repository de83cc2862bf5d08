"""``python -m graft_pipeline ... --data-dir D`` against ``graft serve --data-dir D``: the job finds
the segments where serve keeps them (D/segments) and prints its JSON summary."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from graft_core.errors import SnapshotNotFoundError
from tests.pagestore.cluster import GraftHttp
from tests.pipeline.history import Model, build_history
from tests.support.serve import graft_serve

GRAFT = str(Path(sys.executable).with_name("graft"))
COMMITS = 12
KEEP = 4


def check_reads(http: GraftHttp, model: Model, lsns: range) -> None:
    for lsn in lsns:
        expected = model.expected(lsn)
        assert http.read(model.vid, lsn, list(expected)) == expected, f"LSN {lsn}"


def test_compact_with_data_dir(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with graft_serve(data_dir) as urls:
        http = GraftHttp(urls["metastore"], urls["pagestore"])
        try:
            model = build_history(http, COMMITS, seed=7)
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "graft_pipeline",
                    "compact",
                    "--data-dir",
                    str(data_dir),
                    "--metastore",
                    urls["metastore"],
                    "--keep-last",
                    str(KEEP),
                    "--master",
                    "local[1]",
                    "--no-progress",
                ],
                capture_output=True,
                text=True,
                timeout=180,
            )
            assert done.returncode == 0, done.stderr
            summary = json.loads(done.stdout)
            horizon = COMMITS - KEEP + 1
            assert summary["job"] == "compact" and summary["compacted"] == 1
            (volume,) = summary["volumes"]
            assert volume["vid"] == str(model.vid)
            assert (volume["status"], volume["horizon"], volume["latest"]) == (
                "compacted",
                horizon,
                COMMITS,
            )
            # The checkpoint's segments went where serve's pagestore reads them.
            written = {path.name for path in (data_dir / "segments").rglob("*") if path.is_file()}
            assert volume["segments"] and set(volume["segments"]) <= written

            check_reads(http, model, range(horizon, COMMITS + 1))
            with pytest.raises(SnapshotNotFoundError):
                http.read(model.vid, horizon - 1, [1])
        finally:
            http.close()
