"""The latest snapshot is served from memory between writes (storage/volumes.py): it must never
lag behind anything else a reader can already see of a commit."""

from __future__ import annotations

import threading

from graft_client import Client
from tests.client.conftest import page

COMMITS = 200


def test_the_snapshot_never_lags_a_visible_commit(client: Client) -> None:
    volume = client.create_volume()

    def commit_all() -> None:
        for n in range(COMMITS):
            with volume.writer() as writer:
                writer.write(1, page(f"commit {n}"))

    committer = threading.Thread(target=commit_all)
    committer.start()
    checked = 0
    try:
        while committer.is_alive():
            # The commit record and the snapshot land in one batch: once the record shows, the
            # snapshot must show it too, even while the committing thread is still in the write.
            logged = volume.log()
            latest = volume.snapshot()
            if logged:
                assert latest is not None and latest.lsn >= logged[-1].lsn
                checked += 1
    finally:
        committer.join()
    assert checked > 0, "no check ran while commits landed"
    latest = volume.snapshot()
    assert latest is not None and latest.lsn == COMMITS
