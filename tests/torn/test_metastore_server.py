"""A real metastore process loses power mid-commit; restarted on what survived, it keeps every
acknowledged commit.

The crashing process runs under TornFS (``crashing_metastore``) with small log segments and
frequent index checkpoints, so the cut can land in a log append, a seal, a control file update
or an index checkpoint. A plain metastore then starts on the restored data dir with no manual step.
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest

from graft_core.ids import VolumeId
from metastore_server.local_store import LocalRecordStore
from metastore_server.metrics import Metrics
from tests.metastore.conftest import MetaClient, metastore_command
from tests.support.servers import running_server
from tests.torn.tornfs import count_syncs, load_image, restore

OPTIONS = ("--segment-size", "4096", "--checkpoint-every", "3")
COMMITS = 80  # each takes at least one sync: every run below is cut short
# Syncs into the commit traffic, after those of opening a fresh data dir (which the in-process
# log tests cut): the first commit, index checkpoints between commits, just after a seal.
CUTS_AFTER_OPEN = (1, 5, 17, 36)


def _open_syncs(scratch: Path) -> int:
    scratch.mkdir()
    return count_syncs(
        scratch, lambda: LocalRecordStore.open(scratch, Metrics(), segment_size=4096).log.close()
    )


def _commit_until_cut(url: str, vids: list[VolumeId], acked: dict[VolumeId, list[int]]) -> int:
    """Commit round-robin until the server dies; returns the page count of the cut commit."""
    client = MetaClient(url)
    try:
        for n in range(1, COMMITS + 1):
            vid = vids[n % len(vids)]
            base = len(acked[vid]) or None
            try:
                client.commit(vid, base, pages=(n,))
            except httpx.TransportError:
                return n
            acked[vid].append(n)
    finally:
        client.close()
    raise AssertionError("the server outlived every crash point")


@pytest.mark.parametrize("cut_after_open", CUTS_AFTER_OPEN)
def test_restart_after_power_cut_keeps_acknowledged_commits(
    tmp_path: Path, cut_after_open: int
) -> None:
    crash_at = _open_syncs(tmp_path / "scratch") + cut_after_open
    data = tmp_path / "data"
    data.mkdir()
    image = tmp_path / "image"
    env = {
        "TORN_ROOT": str(data),
        "TORN_SEED": str(crash_at),
        "TORN_CRASH_AT": str(crash_at),
        "TORN_IMAGE": str(image),
    }
    crashing = [sys.executable, "-m", "tests.torn.crashing_metastore", "--data-dir", str(data)]
    vids = [VolumeId.random(), VolumeId.random()]
    acked: dict[VolumeId, list[int]] = {vid: [] for vid in vids}
    with running_server([*crashing, *OPTIONS], tmp_path / "crashing", env) as server:
        cut = _commit_until_cut(server.url, vids, acked)
        assert server.proc is not None
        assert server.proc.wait(timeout=10) == 1  # it died at the power cut, not of a bug
    restore(data, load_image(image))
    command = metastore_command("--data-dir", str(data), *OPTIONS)
    with running_server(command, tmp_path / "restarted") as server:
        client = MetaClient(server.url)
        for vid in vids:
            counts = client.page_counts(vid)
            # The cut commit is there whole or not at all; nothing else is new.
            assert counts in (acked[vid], [*acked[vid], cut])
            client.commit(vid, len(counts) or None, pages=(COMMITS + 1,))
            assert client.page_counts(vid) == [*counts, COMMITS + 1]
        client.close()
