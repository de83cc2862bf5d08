"""SIGKILL the owner again and again while the others commit (issue 16, point 2).

No acknowledged commit disappears, no process sees the latest snapshot go backwards (the
workers check; see ``worker.Watcher``), every LSN is acknowledged once, and another process
takes over each time. With servers, the owner of the moment pushes (autosync), the kills cut
pushes off, and each remote commit is pushed once. The takeover times are printed (``-s``);
``benchmarks/multiprocess.py`` measures them.
"""

from __future__ import annotations

import itertools
import os
import random
import signal
import statistics
from pathlib import Path

from graft_client import Client, LiteClient
from tests.chaos.spec import Servers
from tests.cli.runner import Streams, clean_env, servers_env
from tests.multiproc.conftest import acked_total, events, start_worker, stop
from tests.multiproc.worker import page
from tests.pagestore.cluster import Cluster
from tests.support.polling import wait_until

POPULATION = 3
PAGES_EACH = 6


def kill_owners(
    mode: str, data_dir: Path, vid: str, rounds: int, env: dict[str, str]
) -> list[tuple[int, int]]:
    """Kill the owner ``rounds`` times at random points, a new worker replacing each; the
    (pageidx, LSN) of every acknowledged commit."""
    first_pages = iter(range(1, 1_000_000, PAGES_EACH))
    rng = random.Random(16)

    def spawn() -> Streams:
        return start_worker(mode, data_dir, vid, next(first_pages), PAGES_EACH, env=env)

    alive = [spawn() for _ in range(POPULATION)]
    everyone = list(alive)

    def owner() -> Streams | None:
        live = [w for w in alive if w.proc.poll() is None]
        return next((w for w in live if events(w, "owner")), None)

    try:
        for _ in range(rounds):
            current = wait_until(owner, 30, "a process to own the data dir")
            # At a random point: after 0-2 more commits, with some of the others committing.
            target = acked_total(everyone) + rng.randint(0, 2)

            def more(target: int = target) -> bool:
                return acked_total(everyone) >= target

            wait_until(more, 30, "more commits")
            os.kill(current.proc.pid, signal.SIGKILL)
            current.proc.wait(timeout=30)
            alive.remove(current)
            replacement = spawn()
            alive.append(replacement)
            everyone.append(replacement)
        wait_until(owner, 30, "a last owner")
        survivors_done = lambda: all(len(events(w, "acked")) == PAGES_EACH for w in alive)  # noqa: E731
        wait_until(survivors_done, 60, "the survivors' commits")
    finally:
        codes = [stop(worker) for worker in alive]
    assert codes == [0] * len(alive)
    for worker in everyone:
        assert events(worker, "error") == [], worker.lines
    acked = [(int(idx), int(lsn)) for w in everyone for idx, lsn in events(w, "acked")]
    lsns = [lsn for _, lsn in acked]
    assert len(set(lsns)) == len(lsns), "an LSN acknowledged twice"
    takeovers = sorted(float(s) for w in everyone for (s,) in events(w, "failover"))
    assert takeovers, "nobody took over"
    p99 = takeovers[min(len(takeovers) - 1, int(len(takeovers) * 0.99))]
    print(
        f"\n{rounds} owner kills: {len(acked)} acknowledged commits; takeover as seen by each "
        f"attached process: p50 {statistics.median(takeovers) * 1e3:.1f} ms, "
        f"p99 {p99 * 1e3:.1f} ms"
    )
    return acked


def check_kept(client: Client, vid: str, acked: list[tuple[int, int]]) -> list[int]:
    """Every acknowledged page reads as written; the pages, sorted."""
    with client.local_volume(vid).reader() as reader:
        assert reader.snapshot is not None
        assert reader.snapshot.lsn >= max(lsn for _, lsn in acked)
        lost = [idx for idx, _ in acked if reader.read(idx) != page(idx)]
    assert lost == [], f"acknowledged commits lost: {lost}"
    return sorted(idx for idx, _ in acked)


def test_killing_the_owner_loses_no_acknowledged_commit(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vid = str(client.create_volume().vid)
    acked = kill_owners("churn", tmp_path, vid, 100, clean_env())
    with Client(tmp_path) as client:
        check_kept(client, vid, acked)


def test_killed_owners_push_every_commit_once(cluster: Cluster, tmp_path: Path) -> None:
    servers = Servers(metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)
    with Client(tmp_path, **servers) as client:
        vid = str(client.create_volume().vid)
    acked = kill_owners("churnsync", tmp_path, vid, 100, servers_env(**servers))
    with Client(tmp_path, **servers) as client:
        pages = check_kept(client, vid, acked)
        client.local_volume(vid).push()  # what the last owner had not pushed yet
    with LiteClient(**servers) as lite:
        latest = lite.snapshot(vid).lsn
        # Each remote commit adds pages (each local commit writes a new one): a push of the
        # same local commits twice would show as a remote commit that adds none.
        seen = []
        for lsn in range(1, latest + 1):
            found = lite.read_many(vid, pages, lsn)
            seen.append({idx for idx, data in found.items() if data == page(idx)})
        assert all(before < after for before, after in itertools.pairwise(seen))
        assert seen[-1] == set(pages)
