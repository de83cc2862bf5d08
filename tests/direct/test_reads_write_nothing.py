"""Reading from a remote writes nothing to it: a lite client, a failed clone or pull of a
volume it lacks. Opening one used to mark the store as a cluster's (and make a ``file://``
remote's directory), so a mistyped URL, only read from, became a remote with a cluster marker
(found by a README walk). The first write marks it: a push, which binds its volume to it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graft_client import LiteClient
from graft_core.errors import VolumeNotFoundError
from graft_core.ids import VolumeId
from graft_core.objstore import open_store
from tests.cli.runner import graft
from tests.direct.support import Remote


def _stored(remote: Remote) -> list[str]:
    store = open_store(remote.url, env={**os.environ, **remote.env})
    try:
        return [meta.key for meta in store.list("")]
    finally:
        store.close()


def _path(remote: Remote) -> Path | None:
    return Path(remote.url.removeprefix("file://")) if remote.url.startswith("file://") else None


def test_reads_from_a_remote_with_nothing_write_nothing(remote: Remote, tmp_path: Path) -> None:
    vid = VolumeId.random()
    with LiteClient(remote=remote.url) as lite, pytest.raises(VolumeNotFoundError):
        lite.snapshot(vid)
    with remote.client(tmp_path / "a") as client, pytest.raises(VolumeNotFoundError):
        client.open_volume(vid)  # a lazy clone: the remote is asked first
    proc = graft("--remote", remote.url, "clone", str(vid), data_dir=tmp_path / "b")
    assert proc.returncode == 2
    assert _stored(remote) == []
    where = _path(remote)
    assert where is None or not where.exists()


def test_the_first_push_marks_the_remote_and_binds_its_volume(
    remote: Remote, tmp_path: Path
) -> None:
    with remote.client(tmp_path / "a") as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, b"x" * 4096)
        volume.push()
        assert "cluster" in _stored(remote)
        assert client.state.cluster(volume.vid) is not None  # bound by the push that marked it
    with LiteClient(remote=remote.url) as lite:
        assert lite.read(volume.vid, 1) == b"x" * 4096
