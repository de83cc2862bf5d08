"""Start-up replays only the log tail after the index checkpoint (100k commits)."""

from __future__ import annotations

import time
from pathlib import Path

from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import SegmentRef, encode
from metastore_server.local_store import LocalRecordStore
from metastore_server.log import Log
from metastore_server.metrics import Metrics
from metastore_server.records import LogRecord

TOTAL = 100_000


def _fill(directory: Path, vids: list[VolumeId], total: int) -> None:
    log = Log.open(directory / "log", segment_size=4 << 20)
    seg = [SegmentRef(SegmentId.random(), Graft([1]))]
    cid = ClientId.random()
    lsn = {vid: 0 for vid in vids}
    batch: list[bytes] = []
    for i in range(total):
        vid = vids[i % len(vids)]
        lsn[vid] += 1
        record = LogRecord(
            kind="commit",
            vid=vid,
            lsn=lsn[vid],
            segments=seg,
            page_count=1,
            cid=cid,
            commit_hash=i.to_bytes(32, "big"),
        )
        batch.append(encode(record))
        if len(batch) == 2000:
            log.append(batch)
            batch = []
    if batch:
        log.append(batch)
    log.close()


def test_startup_is_bounded_by_the_index_checkpoint(tmp_path: Path) -> None:
    vids = [VolumeId.random() for _ in range(50)]
    _fill(tmp_path, vids, TOTAL)
    started = time.perf_counter()
    store = LocalRecordStore.open(tmp_path, Metrics(), checkpoint_every=1000)
    full_replay_s = time.perf_counter() - started
    assert store.replayed == TOTAL
    store.write_index_checkpoint()
    store.log.close()
    started = time.perf_counter()
    reopened = LocalRecordStore.open(tmp_path, Metrics(), checkpoint_every=1000)
    checkpointed_s = time.perf_counter() - started
    assert reopened.replayed == 0
    assert reopened.log.last_index == TOTAL
    print(
        f"open 100k commits: full replay {full_replay_s:.3f}s,"
        f" from the index checkpoint {checkpointed_s:.3f}s"
    )
    assert checkpointed_s < full_replay_s / 5
    reopened.log.close()
