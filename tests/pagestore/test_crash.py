"""SIGKILL the pagestore amid a stream of writes: acknowledged ones survive, nothing is corrupt."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import httpx

from graft_core.errors import GraftError
from graft_core.ids import VolumeId
from graft_core.objstore import open_store
from graft_core.segment import decode_segment
from graft_core.wire import SegmentRef
from tests.pagestore.cluster import running_cluster
from tests.support.sqlite_pages import sqlite_pages

SQLITE = sqlite_pages(3000, seed=11)


def test_sigkill_during_writes_loses_no_acknowledged_write(tmp_path: Path) -> None:
    acked_writes: list[tuple[VolumeId, dict[int, bytes], list[SegmentRef]]] = []
    committed: dict[VolumeId, dict[int, dict[int, bytes]]] = {}
    enough = threading.Event()
    lock = threading.Lock()
    with running_cluster(tmp_path) as cluster:

        def stream(seed: int) -> None:
            http = cluster.client()
            rng = random.Random(seed)
            vid = VolumeId.random()
            state: dict[int, bytes] = {}
            lsn = 0
            try:
                while True:
                    pages = {rng.randrange(1, 200): rng.choice(SQLITE) for _ in range(32)}
                    segments = http.write(vid, pages)
                    with lock:
                        acked_writes.append((vid, pages, segments))
                        if len(acked_writes) >= 40:
                            enough.set()
                    state = {**state, **pages}
                    lsn = http.commit(vid, lsn or None, max(state), segments).lsn
                    with lock:
                        committed.setdefault(vid, {})[lsn] = state
            except (GraftError, httpx.TransportError):
                return  # the pagestore died under us

        threads = [threading.Thread(target=stream, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        assert enough.wait(timeout=30)
        cluster.pagestore.kill()
        for thread in threads:
            thread.join(timeout=30)
        cluster.pagestore.start()

        # Every stored segment is whole and valid; every acknowledged write is in its segment.
        with open_store(str(tmp_path / "segments")) as store:
            listed = store.list("segments/")
            stored = {meta.key: decode_segment(store.get(meta.key)) for meta in listed}
        for vid, pages, segments in acked_writes:
            for ref in segments:
                segment = stored[f"segments/{ref.sid}"]
                assert {idx: segment.read(vid, idx) for idx in ref.graft} == {
                    idx: pages[idx] for idx in ref.graft
                }
        http = cluster.client()
        for vid, versions in committed.items():
            for lsn, state in versions.items():
                assert http.read(vid, lsn, sorted(state)) == state
