"""A volume syncs with the servers of one cluster: pointed at another cluster's servers, the
client refuses to push, pull or fetch it instead of mixing two histories of one volume id."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import Client, VolumeStatus
from graft_core.errors import WrongClusterError
from tests.pagestore.cluster import Cluster
from tests.sync.support import (
    client_for,
    client_urls,
    page,
    read_all,
    remote_lsns,
    write_pages,
)


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


def test_a_metastore_and_a_pagestore_of_two_clusters_are_refused_before_anything_is_written(
    cluster: Cluster, own_cluster: Cluster, tmp_path: Path
) -> None:
    """A volume that never synced has no cluster to check the servers against: a first push
    committed to one cluster's metastore segments that the other's pagestore wrote (exit 0),
    and every reader of the volume there failed on a missing segment (found by a README walk
    that mixed the two clusters' ports). A clone or pull learned pages no reader could fetch."""
    metastore, _ = client_urls(cluster)
    _, pagestore = client_urls(own_cluster)
    with Client(tmp_path / "mixed", metastore=metastore, pagestore=pagestore) as mixed:
        volume = mixed.create_volume()
        write_pages(volume, {1: page("for no cluster")})
        with pytest.raises(WrongClusterError, match="of one cluster"):
            volume.push()
        assert (volume.status(), volume.last_error()) == (VolumeStatus.OK, None)
        assert remote_lsns(cluster, volume.vid) == remote_lsns(own_cluster, volume.vid) == []
        with client_for(cluster, tmp_path / "a") as a:
            pushed = a.create_volume()
            write_pages(pushed, {1: page("on the first cluster")})
            pushed.push()
        with pytest.raises(WrongClusterError, match="of one cluster"):
            mixed.open_volume(pushed.vid)
        assert pushed.vid not in [info.vid for info in mixed.volumes()]  # nothing cloned
