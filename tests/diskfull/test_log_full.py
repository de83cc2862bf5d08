"""The commit log on a disk that fills up at every byte of a workload, or fails an fsync.

For each possible point the append that hits it must fail with a 503 error and leave the log's
tail where it was (in memory and on disk); once space is freed the same log, without a restart,
takes the batch again, and at the end it holds exactly the acknowledged entries, before and after
reopening. The workload crosses several segment seals, so the point also lands in index frames,
control file updates and new segment headers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_core.errors import StorageError, StorageFullError
from metastore_server.log import Log
from metastore_server.log.format import HEADER_SIZE
from tests.diskfull.fullfs import FullDisk

SEGMENT_SIZE = 160
BATCHES = 6


def _batch(number: int) -> list[bytes]:
    return [f"b{number}e{i}:".encode() * (number % 4 + i + 1) for i in range(number % 3 + 1)]


def _wal_sizes(directory: Path) -> dict[str, int]:
    return {path.name: path.stat().st_size for path in directory.glob("*.wal")}


def _check_cut_back(before: dict[str, int], after: dict[str, int]) -> None:
    """Segments are as they were; one being created (maybe again) holds no more than a header."""
    for name, size in after.items():
        was = before.get(name, 0)
        assert size == was or max(size, was) <= HEADER_SIZE, f"bytes left behind in {name}"


def _check(log: Log, acked: list[bytes]) -> None:
    assert (log.first_index, log.last_index) == (1, len(acked))
    assert [log.read(i) for i in range(1, len(acked) + 1)] == acked


def _append(log: Log, disk: FullDisk, batch: list[bytes], acked: list[bytes]) -> None:
    before = _wal_sizes(log.directory)
    try:
        first = log.append(batch)
    except StorageError as exc:
        assert exc.http_status == 503
        if not disk.truncate_fails:
            assert isinstance(exc, StorageFullError) == (not disk.fail_syncs)
        assert log.last_index == len(acked), "a failed append moved the tail"
        if not disk.truncate_fails:
            _check_cut_back(before, _wal_sizes(log.directory))
        disk.free()
        first = log.append(batch)  # the same log takes it once there is space again
    assert first == len(acked) + 1
    acked += batch


def _run(
    directory: Path, disk: FullDisk, budget: int | None = None, fail_sync: int | None = None
) -> tuple[int, int]:
    """The workload with the disk filling after ``budget`` bytes or failing sync number
    ``fail_sync``, both counted from after opening; returns the bytes written and syncs done."""
    acked: list[bytes] = []
    with disk.installed():
        log = Log.open(directory, segment_size=SEGMENT_SIZE)
        disk.written = disk.syncs = 0
        if budget is not None:
            disk.fill_after(budget)
        if fail_sync is not None:
            disk.fail_syncs = frozenset({fail_sync})
        try:
            for number in range(BATCHES):
                _append(log, disk, _batch(number), acked)
            _check(log, acked)
        finally:
            log.close()
        written, syncs = disk.written, disk.syncs
        reopened = Log.open(directory, segment_size=SEGMENT_SIZE)  # still full: it opens
        try:
            _check(reopened, acked)
            disk.free()
            assert reopened.append([b"after"]) == len(acked) + 1
        finally:
            reopened.close()
    return written, syncs


def _dry_run(tmp_path: Path) -> tuple[int, int]:
    found = _run(tmp_path / "dry", FullDisk())
    assert len(list((tmp_path / "dry").glob("*.wal"))) >= 3  # the workload crosses seals
    return found


def test_a_full_disk_at_every_byte_never_acknowledges_a_partial_batch(tmp_path: Path) -> None:
    total, _ = _dry_run(tmp_path)
    for budget in range(total):
        # Every other time cutting the failed bytes off fails too, until space is freed.
        disk = FullDisk(truncate_fails=budget % 2 == 1)
        _run(tmp_path / f"full{budget}", disk, budget)
        assert disk.failed, f"the disk never filled at byte {budget}"


def test_a_failed_fsync_at_every_sync_is_not_durable_and_not_acknowledged(
    tmp_path: Path,
) -> None:
    _, syncs = _dry_run(tmp_path)
    for sync in range(1, syncs + 1):
        disk = FullDisk()
        _run(tmp_path / f"sync{sync}", disk, fail_sync=sync)
        assert disk.failed == 1


def test_a_full_disk_at_every_byte_of_creating_a_log_leaves_it_creatable(tmp_path: Path) -> None:
    disk = FullDisk()
    with disk.installed():
        Log.open(tmp_path / "dry").close()
    total = disk.written
    for budget in range(total):
        directory = tmp_path / f"full{budget}"
        disk = FullDisk(budget)
        with disk.installed():
            with pytest.raises(StorageFullError):
                Log.open(directory)
            assert not list(directory.glob("*.tmp")), "a failed create left a temp file"
            disk.free()
            log = Log.open(directory)
            try:
                assert log.append([b"first"]) == 1
            finally:
                log.close()


def test_short_writes_without_an_error_are_finished(tmp_path: Path) -> None:
    disk = FullDisk(max_write=7)
    _run(tmp_path / "short", disk)
    assert not disk.failed
