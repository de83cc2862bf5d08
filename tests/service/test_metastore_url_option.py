"""``graft-pagestore --metastore``: a URL it cannot use is refused at start (exit 2), not served."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.pagestore.cluster import pagestore_command
from tests.support.receipts import server_env


def test_a_pagestore_with_a_metastore_url_without_scheme_exits_2(tmp_path: Path) -> None:
    store, cache = tmp_path / "s", tmp_path / "c"
    command = pagestore_command(
        "--metastore", "127.0.0.1:3001", "--store", str(store), "--cache-dir", str(cache)
    )
    done = subprocess.run(
        [*command, "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **server_env()},
    )
    assert done.returncode == 2, done.stderr[-3000:]
    assert "metastore URL '127.0.0.1:3001' is not an http:// or https:// URL" in done.stderr
    assert "Traceback" not in done.stderr
    assert not store.exists() and not cache.exists()
