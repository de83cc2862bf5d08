"""``graft --remote URL`` (and ``GRAFT_REMOTE``): the command line in direct mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_core.ids import VolumeId
from tests.cli.runner import clean_env, graft, ok, ok_json, stderr_lines
from tests.direct.support import Remote, stored_lsns


def test_write_push_clone_read_status(remote: Remote, tmp_path: Path) -> None:
    env = clean_env(**remote.env)
    where = ("--remote", remote.url)
    vid = ok(*where, "volume", "create", data_dir=tmp_path / "a", env=env).decode().strip()
    ok(*where, "write", vid, "1", "--fill", "0x41", data_dir=tmp_path / "a", env=env)
    ok(*where, "push", vid, data_dir=tmp_path / "a", env=env)
    assert stored_lsns(remote, VolumeId.parse(vid)) == [1]
    by_env = clean_env(**remote.env, GRAFT_REMOTE=remote.url)
    ok("clone", vid, data_dir=tmp_path / "b", env=by_env)
    assert ok("read", vid, "1", data_dir=tmp_path / "b", env=by_env) == b"A" * 4096
    status = ok_json("status", vid, data_dir=tmp_path / "b", env=by_env)
    assert status["remote_lsn"] == 1
    assert {"store_puts", "store_gets", "store_lists"} <= status.keys()


@pytest.mark.parametrize("url", ["ftp://host/x", "relative/path", "file://otherhost/x"])
def test_a_bad_remote_is_one_line_and_exit_2(tmp_path: Path, url: str) -> None:
    proc = graft("--remote", url, "status", data_dir=tmp_path / "a")
    assert proc.returncode == 2
    (line,) = stderr_lines(proc)
    assert line.startswith("error: remote:") and url in line
    assert not (tmp_path / "a").exists()  # refused before the data dir is made


def test_an_unknown_volume_names_the_remote(tmp_path: Path) -> None:
    url = f"file://{tmp_path / 'remote'}"
    vid = str(VolumeId.random())
    proc = graft("--remote", url, "clone", vid, data_dir=tmp_path / "a")
    assert proc.returncode == 2
    assert stderr_lines(proc) == [
        f"error: the remote {url} does not know volume {vid}: check the id (a volume reaches "
        "the remote with its first push)"
    ]
    ok("--remote", url, "volume", "create", data_dir=tmp_path / "b")  # a data dir, not the vid
    proc = graft("--remote", url, "log", vid, data_dir=tmp_path / "b")
    assert proc.returncode == 2
    assert stderr_lines(proc) == [
        f"error: volume {vid} does not exist in {tmp_path / 'b'}: see `graft volume list`, or "
        f"`graft clone {vid}` to fetch it from the remote"
    ]
