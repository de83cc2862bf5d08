"""A volume syncs with the servers of one cluster: pointed at another cluster's servers, the
client refuses to push, pull or fetch it instead of mixing two histories of one volume id."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import VolumeStatus
from graft_core.errors import WrongClusterError
from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, page, read_all, remote_lsns, write_pages


def test_a_volume_refuses_the_servers_of_another_cluster(
    cluster: Cluster, own_cluster: Cluster, tmp_path: Path
) -> None:
    first, other = cluster, own_cluster
    with client_for(first, tmp_path / "a") as a:
        volume = a.create_volume()
        write_pages(volume, {1: page("pushed to the first cluster")})
        assert volume.push() == 1
        vid = volume.vid
    with client_for(first, tmp_path / "clone") as clone:
        clone.open_volume(vid)  # a lazy clone: page 1 is not fetched yet

    with client_for(other, tmp_path / "a") as a:
        volume = a.local_volume(vid)
        write_pages(volume, {2: page("not for the other cluster")})
        with pytest.raises(WrongClusterError, match="point the client at the volume's servers"):
            volume.push()
        assert volume.status() is VolumeStatus.OK  # refused before the push began
        with pytest.raises(WrongClusterError):
            volume.pull()
    # A lazy read asks the pagestore it reads from (it needs no metastore), and refuses it.
    with (
        client_for(other, tmp_path / "clone") as clone,
        pytest.raises(WrongClusterError, match="the pagestore at"),
    ):
        read_all(clone.local_volume(vid), 1)
    assert remote_lsns(other, vid) == []

    with client_for(first, tmp_path / "a") as a:
        assert a.local_volume(vid).push() == 2  # its own servers still take it
    with client_for(first, tmp_path / "clone") as clone:
        assert read_all(clone.local_volume(vid), 1) == {1: page("pushed to the first cluster")}


def test_a_new_volume_syncs_with_the_cluster_it_first_reaches(
    cluster: Cluster, own_cluster: Cluster, tmp_path: Path
) -> None:
    with client_for(own_cluster, tmp_path / "a") as a:
        volume = a.create_volume()
        write_pages(volume, {1: page("first push goes to the other cluster")})
        assert volume.push() == 1
        vid = volume.vid
    with client_for(cluster, tmp_path / "a") as a, pytest.raises(WrongClusterError):
        a.local_volume(vid).pull()
