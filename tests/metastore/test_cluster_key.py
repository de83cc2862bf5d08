"""A data dir belongs to one cluster: a server given another cluster key refuses it untouched."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import pytest

from graft_core.ids import VolumeId
from metastore_server.local_store import check_data_dir
from metastore_server.log import Log, WrongClusterError
from tests.metastore.conftest import MetaClient, metastore_command
from tests.support.servers import ServerProcess


def _contents(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_server_refuses_a_data_dir_of_another_cluster(tmp_path: Path) -> None:
    data, ours, theirs = tmp_path / "data", uuid.uuid4(), uuid.uuid4()
    server = ServerProcess(
        metastore_command("--data-dir", str(data), "--cluster-key", str(ours)), tmp_path / "a"
    )
    (tmp_path / "a").mkdir()
    client = MetaClient(server.start())
    client.commit(VolumeId.random(), None)
    client.close()
    server.stop()
    before = _contents(data)

    refused = subprocess.run(
        [*metastore_command("--data-dir", str(data), "--cluster-key", str(theirs)), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 1
    expected = f"belongs to cluster {ours}, not {theirs}; refusing it"
    assert refused.stderr.count("\n") == 1 and expected in refused.stderr, refused.stderr
    assert _contents(data) == before

    # The right key (or none) still opens it.
    client = MetaClient(server.start())
    assert client.http.get("/health").status_code == 200
    client.close()
    server.stop()


def test_check_data_dir_reads_only(tmp_path: Path) -> None:
    check_data_dir(tmp_path / "new", uuid.uuid4())
    assert not (tmp_path / "new").exists()
    key = uuid.uuid4()
    server_dir = tmp_path / "d"
    Log.open(server_dir / "log", cluster_key=key).close()
    before = _contents(server_dir)
    check_data_dir(server_dir, key)
    check_data_dir(server_dir, None)
    with pytest.raises(WrongClusterError, match=str(key)):
        check_data_dir(server_dir, uuid.uuid4())
    assert _contents(server_dir) == before
