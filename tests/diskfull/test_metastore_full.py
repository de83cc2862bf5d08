"""A real metastore process on a real 3 MB tmpfs that fills up.

Commits on the full disk answer 503 ``storage_full`` and change nothing; every acknowledged
commit stays readable; once space is freed the same process commits again, and a restart (also
one on the still-full disk) keeps every acknowledged commit.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_core.errors import StorageFullError
from graft_core.ids import VolumeId
from tests.metastore.conftest import MetaClient, metastore_command
from tests.support.servers import ServerProcess, running_server
from tests.support.tmpfs import Filler, small_tmpfs

OPTIONS = ("--segment-size", "4096", "--checkpoint-every", "3")
REFUSALS = 6  # commits refused in a row before the test frees the disk
MAX_COMMITS = 2000  # a bound: far more than a full 3 MB disk can take

Acked = dict[VolumeId, list[int]]


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_tmpfs(tmp_path / "disk") as mounted:
        yield mounted


def _commit(client: MetaClient, vid: VolumeId, acked: Acked, pages: int) -> None:
    client.commit(vid, len(acked[vid]) or None, pages=(pages,))
    acked[vid].append(pages)


def _commit_until_refused(client: MetaClient, acked: Acked, first: int) -> int:
    """Commit round-robin until REFUSALS commits in a row got 503; returns the next number."""
    vids = list(acked)
    refused = 0
    for n in range(first, first + MAX_COMMITS):
        vid = vids[n % len(vids)]
        try:
            _commit(client, vid, acked, n)
            refused = 0
        except StorageFullError as exc:
            assert exc.http_status == 503
            assert client.page_counts(vid) == acked[vid], "a refused commit is visible"
            refused += 1
            if refused == REFUSALS:
                return n + 1
    raise AssertionError("the full disk never refused a commit")


def _check_all(client: MetaClient, acked: Acked) -> None:
    for vid, counts in acked.items():
        assert client.page_counts(vid) == counts


def _commit_each(client: MetaClient, acked: Acked, pages: int) -> None:
    for vid in acked:
        _commit(client, vid, acked, pages)


def test_a_full_disk_refuses_commits_and_loses_no_acknowledged_one(
    tmp_path: Path, disk: Path
) -> None:
    filler = Filler(disk / "filler")
    command = metastore_command("--data-dir", str(disk / "meta"), *OPTIONS)
    acked: Acked = {VolumeId.random(): [] for _ in range(3)}
    with running_server(command, tmp_path / "server") as server:
        client = MetaClient(server.url)
        for n in range(1, 10):
            _commit_each(client, acked, n)
        filler.fill()
        n = _commit_until_refused(client, acked, 100)
        _check_all(client, acked)

        filler.free()  # the same process takes commits again: no restart needed
        _commit_each(client, acked, n)
        _check_all(client, acked)
        client.close()

        client = _restarted(server)
        _check_all(client, acked)
        filler.fill()
        n = _commit_until_refused(client, acked, n + 1)
        client.close()

        client = _restarted(server)  # on the still-full disk
        _check_all(client, acked)
        filler.free()
        _commit_each(client, acked, n)
        _check_all(client, acked)
        client.close()


def _restarted(server: ServerProcess) -> MetaClient:
    return MetaClient(server.restart())
