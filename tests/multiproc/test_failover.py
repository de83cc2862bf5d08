"""SIGKILL the owner again and again while the others commit (issue 16, point 2).

No acknowledged commit disappears, no process sees the latest snapshot go backwards (the
workers check; see ``worker.Watcher``), every LSN is acknowledged once, and another process
takes over each time. The takeover times are printed (``-s``); the benchmark measures them.
"""

from __future__ import annotations

import os
import random
import signal
import statistics
from pathlib import Path

from graft_client import Client
from tests.cli.runner import Streams
from tests.multiproc.conftest import acked_total, events, start_worker, stop
from tests.multiproc.worker import page
from tests.support.polling import wait_until

ROUNDS = 30
POPULATION = 3
PAGES_EACH = 6


def test_killing_the_owner_loses_no_acknowledged_commit(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vid = str(client.create_volume().vid)
    first_pages = iter(range(1, 1_000_000, PAGES_EACH))
    rng = random.Random(16)

    def spawn() -> Streams:
        return start_worker("churn", tmp_path, vid, next(first_pages), PAGES_EACH)

    alive = [spawn() for _ in range(POPULATION)]
    everyone = list(alive)

    def owner() -> Streams | None:
        live = [w for w in alive if w.proc.poll() is None]
        return next((w for w in live if events(w, "owner")), None)

    try:
        for _ in range(ROUNDS):
            current = wait_until(owner, 30, "a process to own the data dir")
            # At a random point: after 0-2 more commits, with some of the others committing.
            target = acked_total(everyone) + rng.randint(0, 2)
            wait_until(lambda t=target: acked_total(everyone) >= t, 30, "more commits")
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
    with Client(tmp_path) as client:
        volume = client.local_volume(vid)
        with volume.reader() as reader:
            assert reader.snapshot is not None and reader.snapshot.lsn >= max(lsns)
            lost = [idx for idx, _ in acked if reader.read(idx) != page(idx)]
    assert lost == [], f"acknowledged commits lost: {lost}"

    takeovers = [float(s) for w in everyone for (s,) in events(w, "failover")]
    takeovers.sort()
    assert takeovers, "nobody took over"
    p99 = takeovers[min(len(takeovers) - 1, int(len(takeovers) * 0.99))]
    print(
        f"\n{ROUNDS} owner kills: {len(acked)} acknowledged commits kept; takeover as seen by "
        f"each attached process: p50 {statistics.median(takeovers) * 1e3:.1f} ms, "
        f"p99 {p99 * 1e3:.1f} ms"
    )
