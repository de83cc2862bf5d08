"""``graft-pagestore --metastore``: a URL it cannot use is refused at start (exit 2), not served.

A URL that answers as another service (the pagestore itself, a web server) is refused too; a
metastore that is merely down at start is waited for, as a pagestore started first must be.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from graft_core.ids import VolumeId
from tests.pagestore.cluster import GraftHttp, metastore_command, pagestore_command, running_cluster
from tests.support.receipts import server_env, signed
from tests.support.servers import ServerProcess
from tests.support.webserver import plain_web_server
from tests.sync.support import FixedPortServer, page


def _pagestore(tmp: Path, metastore: str) -> list[str]:
    store, cache = tmp / "s", tmp / "c"
    return pagestore_command(
        "--metastore", metastore, "--store", str(store), "--cache-dir", str(cache)
    )


def _refused_as_usage(tmp: Path, metastore: str) -> str:
    """The one error line of a pagestore start refused with exit 2, nothing stored or bound."""
    port_file = tmp / "port"
    done = subprocess.run(
        [*_pagestore(tmp, metastore), "--port", "0", "--port-file", str(port_file)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **server_env()},
    )
    assert done.returncode == 2, done.stderr[-3000:]
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr[-3000:]
    assert not (tmp / "s").exists() and not (tmp / "c").exists() and not port_file.exists()
    return lines[0]


def test_a_pagestore_with_a_metastore_url_without_scheme_exits_2(tmp_path: Path) -> None:
    line = _refused_as_usage(tmp_path, "127.0.0.1:3001")
    assert "metastore URL '127.0.0.1:3001' is not an http:// or https:// URL" in line


def test_a_metastore_url_that_leads_to_a_pagestore_exits_2(tmp_path: Path) -> None:
    with running_cluster(tmp_path / "cluster") as cluster:
        line = _refused_as_usage(tmp_path, cluster.pagestore.url)
    assert f"{cluster.pagestore.url} is not a metastore" in line
    assert "it is a graft pagestore" in line and "--metastore" in line


def test_a_metastore_url_that_leads_to_no_graft_server_exits_2(tmp_path: Path) -> None:
    with plain_web_server(tmp_path / "www") as url:
        line = _refused_as_usage(tmp_path / "p", url)
    assert f"{url} is not a metastore" in line and "HTTP 404" in line


def test_a_pagestore_started_while_its_metastore_is_down_serves_once_it_is_up(
    tmp_path: Path,
) -> None:
    for sub in ("m", "p"):
        (tmp_path / sub).mkdir()
    meta = FixedPortServer(
        metastore_command("--data-dir", str(tmp_path / "meta")), tmp_path / "m", server_env()
    )
    pages: ServerProcess | None = None
    try:
        url = meta.start()
        meta.kill()
        pages = ServerProcess(_pagestore(tmp_path, url), tmp_path / "p", server_env())
        pages.start()  # the metastore is down: the pagestore starts all the same
        meta.start()  # on its port of before
        http = GraftHttp(url, pages.url)
        vid = VolumeId.random()
        http.commit(vid, None, 1, signed(vid, http.write(vid, {1: page("one")})))
        assert http.read(vid, 1, [1]) == {1: page("one")}
        http.close()
    finally:
        if pages is not None:
            pages.kill()
        meta.kill()
