"""A push cut off by the owner's death is finished by the process that takes over (issue 16,
point 2): once, with no duplicate remote commit."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client, LiteClient, VolumeStatus
from tests.chaos.spec import Servers
from tests.cli.runner import servers_env
from tests.multiproc.conftest import first_event, start_worker, tell
from tests.multiproc.worker import page
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until


def test_the_new_owner_finishes_the_push_the_dead_one_began(
    cluster: Cluster, tmp_path: Path
) -> None:
    servers = Servers(metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)
    with Client(tmp_path, **servers) as client:
        vid = client.create_volume().vid
    # The owner dies right after the metastore took its commit, before recording it.
    env = servers_env(**servers, GRAFT_FAILPOINTS="push.after_commit=crash")
    owner = start_worker("push", tmp_path, vid, 0, 0, env=env)
    try:
        assert first_event(owner, "open") == ["owner"]
        first_event(owner, "committed")
        with Client(tmp_path, **servers) as client:
            assert not client.is_owner
            volume = client.local_volume(vid)
            tell(owner)
            assert owner.proc.wait(timeout=60) == -9  # SIGKILL at the fail point

            def finished() -> bool:
                snapshot = volume.snapshot()
                return (
                    client.is_owner
                    and snapshot is not None
                    and snapshot.remote_lsn == 1
                    and volume.status() is VolumeStatus.OK
                )

            wait_until(finished, 60, "the new owner to finish the interrupted push")
    finally:
        if owner.proc.poll() is None:
            owner.proc.kill()
    with LiteClient(**servers) as lite:
        assert lite.snapshot(vid).lsn == 1  # pushed once
        assert lite.read(vid, 1) == page(1)
