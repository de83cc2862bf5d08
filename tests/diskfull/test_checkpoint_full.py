"""The metastore's index checkpoint on a full disk: skipped, never fatal, no temp file left.

The checkpoint only shortens the next start's replay. Writing it on a full disk must leave the
previous checkpoint and no temp file, and closing the record store must still close the log
(and not raise), so the data dir opens again with every commit.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from graft_core.files import replace_file
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.wire import SegmentRef
from metastore_server.local_store import INDEX_NAME, LocalRecordStore
from metastore_server.metrics import Metrics
from metastore_server.records import LogRecord
from tests.support.tmpfs import Filler, small_tmpfs


def test_replace_file_on_a_full_disk_keeps_the_old_file_and_no_temp(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        target = disk / "state"
        replace_file(target, b"old", durable=True)
        filler = Filler(disk / "filler")
        filler.fill()
        with pytest.raises(OSError, match="No space left"):
            replace_file(target, b"new" * 4096, durable=True)
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "state"]
        assert target.read_bytes() == b"old"


def _record(vid: VolumeId, lsn: int) -> LogRecord:
    ref = SegmentRef(SegmentId.random(), Graft([lsn]))
    return LogRecord(kind="commit", vid=vid, lsn=lsn, segments=[ref], page_count=lsn)


async def _commit_then_close_on_full_disk(directory: Path, filler: Filler, vid: VolumeId) -> None:
    store = LocalRecordStore.open(directory, Metrics(), checkpoint_every=1)
    store.start()
    for lsn in (1, 2, 3):
        await store.append(_record(vid, lsn))
    filler.fill()
    await store.aclose()  # its checkpoint fails: logged, and the log is closed all the same


def test_a_full_disk_at_shutdown_skips_the_index_checkpoint(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as disk:
        filler = Filler(disk / "filler")
        vid = VolumeId.random()
        asyncio.run(_commit_then_close_on_full_disk(disk / "meta", filler, vid))
        assert not [p for p in (disk / "meta").iterdir() if p.name.endswith(".tmp")]
        filler.free()
        store = LocalRecordStore.open(disk / "meta", Metrics())
        try:
            assert asyncio.run(store.latest(vid)) == 3
            assert (disk / "meta" / INDEX_NAME).exists()
        finally:
            store.log.close()
