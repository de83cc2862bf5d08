"""Mistyped server URLs: one clear error naming the URL, never a traceback from the transport."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import Client, LiteClient
from graft_core.errors import InvalidInputError, StorageError, WrongClusterError
from graft_core.ids import VolumeId
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from tests.pagestore.cluster import Cluster, running_cluster
from tests.support.webserver import plain_web_server
from tests.sync.support import page

GRAFT = Path(sys.executable).parent / "graft"

BAD_URLS = {
    "no scheme": "127.0.0.1:3001",
    "wrong scheme": "ftp://127.0.0.1:3001",
    "port out of range": "http://127.0.0.1:99999",
    "port zero": "http://127.0.0.1:0",
    "no host": "http://:3001",
}


@pytest.fixture(scope="module")
def servers_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("urls")


@pytest.fixture(scope="module")
def servers(servers_dir: Path) -> Iterator[Cluster]:
    with running_cluster(servers_dir) as cluster:
        yield cluster


def graft(
    data_dir: Path, metastore: str, pagestore: str, *args: str
) -> subprocess.CompletedProcess[str]:
    argv = [str(GRAFT), "--data-dir", str(data_dir), "--metastore", metastore]
    return subprocess.run(
        [*argv, "--pagestore", pagestore, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def assert_one_error_line(done: subprocess.CompletedProcess[str], *mentions: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for word in mentions:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize("url", BAD_URLS.values(), ids=list(BAD_URLS))
def test_bad_url_is_refused_when_the_client_is_made(
    url: str, tmp_path: Path, servers: Cluster
) -> None:
    good = servers.pagestore.url
    with pytest.raises(InvalidInputError, match="metastore URL"):
        Client(tmp_path / "data", metastore=url, pagestore=good)
    assert not (tmp_path / "data").exists()
    with pytest.raises(InvalidInputError, match="pagestore URL"):
        LiteClient(servers.metastore.url, url)


def test_bad_url_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAFT_METASTORE", "localhost:3001")
    monkeypatch.setenv("GRAFT_PAGESTORE", "http://127.0.0.1:3000")
    with pytest.raises(InvalidInputError, match="'localhost:3001'"):
        Client(tmp_path)
    with pytest.raises(InvalidInputError, match="'localhost:3001'"):
        LiteClient()


@pytest.mark.parametrize("url", BAD_URLS.values(), ids=list(BAD_URLS))
def test_cli_bad_url_is_one_line(url: str, tmp_path: Path, servers: Cluster) -> None:
    vid = str(VolumeId.random())
    done = graft(tmp_path, url, servers.pagestore.url, "read", vid, "1", "--remote")
    assert_one_error_line(done, url)


def pushed_volume(data_dir: Path, servers: Cluster) -> VolumeId:
    """A volume of one page, pushed to ``servers``."""
    meta, pages = servers.metastore.url, servers.pagestore.url
    with Client(data_dir, metastore=meta, pagestore=pages) as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, page("one"))
        volume.push()
        return volume.vid


def test_swapped_ports_say_which_server_is_which(tmp_path: Path, servers: Cluster) -> None:
    meta, pages = servers.metastore.url, servers.pagestore.url
    vid = pushed_volume(tmp_path / "a", servers)
    wrong = {
        "swapped": (pages, meta, f"{pages} is not a metastore: it is a graft pagestore"),
        "twice the metastore": (meta, meta, f"{meta} is not a pagestore"),
    }
    for name, (metastore, pagestore, error) in wrong.items():
        with Client(tmp_path / name, metastore=metastore, pagestore=pagestore) as misdirected:
            local = misdirected.create_volume()
            with local.writer() as writer:
                writer.write(1, page("local"))
            before = local.status()
            with pytest.raises(InvalidInputError, match=error):
                local.push()
            assert (local.status(), local.last_error()) == (before, None)  # bad input: no trace
    with (
        LiteClient(pages, meta) as lite,
        pytest.raises(InvalidInputError, match=f"{pages} is not a metastore"),
    ):
        lite.read(vid, 1)
    done = graft(tmp_path / "c", pages, meta, "clone", str(vid))
    assert_one_error_line(done, f"{pages} is the pagestore, not the metastore", "swapped")
    with LiteClient(meta, pages) as lite:
        assert lite.snapshot(vid).lsn == 1


def test_cli_names_urls_that_lead_to_no_graft_server(tmp_path: Path, servers: Cluster) -> None:
    """A web server answers ``POST`` with 501 and an HTML page: that was told as a server error
    of the metastore (exit 1), not as a URL that leads elsewhere. Given as the pagestore, it is
    found out before a push marks anything: bad input leaves the volume as it was."""
    vid = str(VolumeId.random())
    with plain_web_server(tmp_path / "www") as url:
        with Client(tmp_path / "pusher", metastore=servers.metastore.url, pagestore=url) as client:
            volume = client.create_volume()
            with volume.writer() as writer:
                writer.write(1, page("local"))
            before = volume.status()
            with pytest.raises(InvalidInputError, match=f"{url} is not a pagestore"):
                volume.push()
            assert (volume.status(), volume.last_error()) == (before, None)
        done = graft(tmp_path / "a", url, url, "clone", vid)
        assert_one_error_line(done, f"{url} is not a metastore", "--metastore")
        done = graft(tmp_path / "b", url, url, "read", vid, "1", "--remote")
        assert_one_error_line(done, f"{url} is not a metastore")


def test_a_clone_or_pull_through_a_wrong_pagestore_is_refused_before_any_read(
    tmp_path: Path, servers: Cluster
) -> None:
    """A pull reads no page, yet the pages it learns of come from the pagestore: a URL leading
    to the metastore, or to no graft server, cloned (exit 0) and failed at the first read."""
    meta, pages = servers.metastore.url, servers.pagestore.url
    vid = str(pushed_volume(tmp_path / "a", servers))
    with plain_web_server(tmp_path / "www") as web:
        told = {"metastore twice": (meta, "not the pagestore"), "no graft server": (web, "not a")}
        for name, (wrong, error) in told.items():
            done = graft(tmp_path / name, meta, wrong, "clone", vid)
            assert_one_error_line(done, wrong, error, "--pagestore")
            listed = graft(tmp_path / name, meta, pages, "volume", "list")
            assert vid not in listed.stdout  # nothing cloned
        graft(tmp_path / "b", meta, pages, "clone", vid).check_returncode()
        done = graft(tmp_path / "b", meta, web, "pull", vid)
        assert_one_error_line(done, web, "not a pagestore")


def test_a_daemon_given_a_url_that_leads_to_no_server_of_its_kind_exits_at_once(
    tmp_path: Path, servers: Cluster
) -> None:
    """It retried its syncs for good, warning about the URL every time (a server that does
    not answer yet, by contrast, may come up: that is retried)."""
    meta, pages = servers.metastore.url, servers.pagestore.url
    with plain_web_server(tmp_path / "www") as web:
        wrong = {
            "swapped": (pages, meta, f"{pages} is the pagestore, not the metastore"),
            "no graft server": (meta, web, f"{web} is not a pagestore"),
        }
        for name, (metastore, pagestore, error) in wrong.items():
            done = graft(tmp_path / name, metastore, pagestore, "daemon")
            assert_one_error_line(done, error, "--pagestore")


def test_pipeline_names_a_metastore_url_that_is_the_pagestore(servers: Cluster) -> None:
    with (
        MetastoreHttp(servers.pagestore.url) as metastore,
        pytest.raises(InvalidInputError, match=f"{servers.pagestore.url} is not a metastore"),
    ):
        list(metastore.volumes())


def test_pipeline_refuses_urls_of_the_wrong_service_before_any_job(
    servers: Cluster, servers_dir: Path
) -> None:
    """The pagestore's /health shows the cluster key too: taken for the metastore's, the check
    that the metastore and the segment store are of one cluster passed."""
    meta, pages, store = servers.metastore.url, servers.pagestore.url, str(servers_dir / "segments")
    assert Location(metastore=meta, store=store, pagestore=pages).check_cluster()
    swapped = Location(metastore=pages, store=store, pagestore=meta)
    with pytest.raises(InvalidInputError, match=f"{pages} is not a metastore: it is a graft pag"):
        swapped.check_cluster()
    twice = Location(metastore=meta, store=store, pagestore=meta)
    with pytest.raises(InvalidInputError, match=f"{meta} is not a pagestore: it is a graft met"):
        twice.check_cluster()


def test_pipeline_refuses_a_pagestore_of_another_cluster(
    servers: Cluster, servers_dir: Path, tmp_path: Path
) -> None:
    """``publish`` would push pages to the other cluster's segment store and commit them here."""
    with running_cluster(tmp_path) as other:
        mixed = Location(
            metastore=servers.metastore.url,
            store=str(servers_dir / "segments"),
            pagestore=other.pagestore.url,
        )
        with pytest.raises(WrongClusterError, match=f"pagestore {other.pagestore.url} is clus"):
            mixed.check_cluster()


@pytest.mark.parametrize("url", BAD_URLS.values(), ids=list(BAD_URLS))
def test_pipeline_refuses_a_bad_metastore_url_before_any_call(url: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="metastore URL"):
        Location.resolve(metastore=url, store=str(tmp_path), data_dir=None)
    argv = [sys.executable, "-m", "graft_pipeline", "verify", "--metastore", url]
    done = subprocess.run(
        [*argv, "--store", str(tmp_path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert_one_error_line(done, url)


def test_a_missing_url_is_named(tmp_path: Path, servers: Cluster) -> None:
    with Client(tmp_path, metastore=servers.metastore.url) as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, page("one"))
        with pytest.raises(StorageError, match="no pagestore URL configured"):
            volume.push()
        assert volume.status().value == "ok"
