"""The commit log on real files: round trips, torn tails, sealing, head truncation, control file."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from graft_core.errors import CorruptDataError, NotFoundError
from metastore_server.log import Log, WrongClusterError
from metastore_server.log.control import BLOCK_SIZE, SLOT_SIZE, ControlFile, LogState, SegmentMeta


def _entries(batch: int, n: int) -> list[bytes]:
    return [f"batch {batch} entry {i} ".encode() * (i + 1) for i in range(n)]


def _active(directory: Path) -> Path:
    return max(directory.glob("*.wal"))


def test_round_trip_and_reopen(tmp_path: Path) -> None:
    log = Log.open(tmp_path)
    assert (log.first_index, log.last_index) == (1, 0)
    written: list[bytes] = []
    for b in range(20):
        first = log.append(_entries(b, b % 5 + 1))
        assert first == len(written) + 1
        written += _entries(b, b % 5 + 1)
    assert [log.read(i) for i in range(1, len(written) + 1)] == written
    log.close()
    log = Log.open(tmp_path)
    assert [p for _, p in log.iter_from(1)] == written
    with pytest.raises(NotFoundError):
        log.read(len(written) + 1)
    log.close()


def test_torn_tail_every_offset_of_last_batch(tmp_path: Path) -> None:
    src = tmp_path / "src"
    log = Log.open(src)
    log.append(_entries(0, 3))
    log.append(_entries(1, 2))
    before = _active(src).stat().st_size
    log.append(_entries(2, 4))
    log.close()
    full = _active(src).read_bytes()
    for cut in range(before, len(full) + 1):
        case = tmp_path / f"cut{cut}"
        case.mkdir()
        (case / "control").write_bytes((src / "control").read_bytes())
        (case / _active(src).name).write_bytes(full[:cut])
        log = Log.open(case)
        expected = 9 if cut == len(full) else 5
        assert log.last_index == expected, cut
        assert log.read(5) == _entries(1, 2)[1]
        assert log.append([b"after"]) == expected + 1
        log.close()
        reopened = Log.open(case)
        assert reopened.read(expected + 1) == b"after"
        reopened.close()


def test_garbled_bytes_drop_exactly_the_damaged_batch_and_after(tmp_path: Path) -> None:
    src = tmp_path / "src"
    log = Log.open(src)
    sizes = []
    for b in range(3):
        log.append(_entries(b, 2))
        sizes.append(_active(src).stat().st_size)
    log.close()
    full = _active(src).read_bytes()
    for pos in range(sizes[1], len(full), 3):
        case = tmp_path / f"flip{pos}"
        case.mkdir()
        (case / "control").write_bytes((src / "control").read_bytes())
        garbled = bytearray(full)
        garbled[pos] ^= 0x5A
        (case / _active(src).name).write_bytes(bytes(garbled))
        log = Log.open(case)
        assert log.last_index == 4, pos
        log.close()


def _filled(directory: Path) -> tuple[Log, list[bytes]]:
    """A log of small segments holding 60 batches of 3 entries, and the entries."""
    log = Log.open(directory, segment_size=4096)
    written: list[bytes] = []
    for b in range(60):
        log.append(_entries(b, 3))
        written += _entries(b, 3)
    return log, written


def test_sealed_segments_and_lookups(tmp_path: Path) -> None:
    log, written = _filled(tmp_path)
    assert log.segment_count() >= 3
    log.close()
    log = Log.open(tmp_path, segment_size=4096)
    for i in (1, 2, 50, 100, len(written) // 2, len(written)):
        assert log.read(i) == written[i - 1]
    log.close()


def test_head_truncation_removes_old_segments(tmp_path: Path) -> None:
    log = Log.open(tmp_path, segment_size=4096)
    for b in range(60):
        log.append(_entries(b, 3))
    files_before = len(list(tmp_path.glob("*.wal")))
    log.truncate_head(150)
    assert log.first_index == 150
    assert len(list(tmp_path.glob("*.wal"))) < files_before
    with pytest.raises(NotFoundError):
        log.read(149)
    keep = log.read(150)
    log.close()
    log = Log.open(tmp_path, segment_size=4096)
    assert (log.first_index, log.read(150), log.last_index) == (150, keep, 180)
    log.close()


def _forget_newest_seal(directory: Path) -> tuple[SegmentMeta, Path]:
    """90 entries in sealed segments and an active one; then the control file is put back to
    the state before the newest seal. Returns that seal's segment and the newest segment file."""
    log = Log.open(directory, segment_size=4096)
    for b in range(30):
        log.append(_entries(b, 3))
    log.close()
    control = ControlFile.open(directory / "control", None)
    state = control.state
    sealed = state.segments[-2]
    assert sealed.sealed and state.segments[-1].base_index <= 30 * 3, "the newest holds entries"
    unsealed = SegmentMeta(segment_id=sealed.segment_id, base_index=sealed.base_index)
    control.write(LogState(state.head_index, [*state.segments[:-2], unsealed]))
    control.close()
    return sealed, directory / f"{state.segments[-1].segment_id:016x}.wal"


def test_seal_interrupted_before_control_update_recovers(tmp_path: Path) -> None:
    sealed, newest = _forget_newest_seal(tmp_path)
    # A crash between the two writes of a seal leaves the new segment without entries.
    newest.write_bytes(newest.read_bytes()[:32])
    log = Log.open(tmp_path, segment_size=4096)
    assert log.read(sealed.last_index) == _entries((sealed.last_index - 1) // 3, 3)[2]
    log.close()


def test_control_file_torn_copy_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "control"
    control = ControlFile.open(path, None)
    key = control.cluster_key
    control.write(LogState(head_index=7))
    control.write(LogState(head_index=9))
    control.close()
    raw = bytearray(path.read_bytes())
    # The newest state (sequence 3) sits in slot 1: tear it.
    offset = BLOCK_SIZE + SLOT_SIZE + 20
    raw[offset] ^= 0xFF
    path.write_bytes(bytes(raw))
    control = ControlFile.open(path, key)
    assert control.state.head_index == 7
    control.close()


def test_other_cluster_key_is_refused(tmp_path: Path) -> None:
    Log.open(tmp_path, cluster_key=uuid.uuid4()).close()
    with pytest.raises(WrongClusterError):
        Log.open(tmp_path, cluster_key=uuid.uuid4())
    Log.open(tmp_path).close()


def test_directory_is_fsynced_files_exist_after_create(tmp_path: Path) -> None:
    log = Log.open(tmp_path / "new")
    log.append([b"x"])
    log.close()
    assert sorted(os.listdir(tmp_path / "new")) == ["0000000000000001.wal", "control"]


def test_damage_in_a_sealed_entry_is_an_error_not_a_wrong_entry(tmp_path: Path) -> None:
    log, written = _filled(tmp_path)
    log.close()
    first = min(tmp_path.glob("*.wal"))  # sealed: recovery never rescans it
    data = bytearray(first.read_bytes())
    spot = data.index(written[4])  # inside an entry's payload, past every frame header
    data[spot] ^= 0x01
    first.write_bytes(bytes(data))
    log = Log.open(tmp_path, segment_size=4096)
    with pytest.raises(CorruptDataError, match="damaged"):
        log.read(5)
    assert log.read(len(written)) == written[-1], "entries of intact segments still read"
    log.close()


def test_segments_the_control_file_lost_are_kept_if_they_hold_entries(tmp_path: Path) -> None:
    # A damaged newest control copy falls back to the state before the newest seal, whose
    # segment already holds acknowledged entries.
    _, newest = _forget_newest_seal(tmp_path)
    with pytest.raises(CorruptDataError, match="control file is damaged"):
        Log.open(tmp_path, segment_size=4096)
    assert newest.exists()


def test_segments_left_by_an_interrupted_head_truncation_are_removed(tmp_path: Path) -> None:
    log = Log.open(tmp_path, segment_size=4096)
    for b in range(60):
        log.append(_entries(b, 3))
    oldest = min(tmp_path.glob("*.wal"))
    saved = oldest.read_bytes()
    log.truncate_head(150)
    log.close()
    oldest.write_bytes(saved)  # the crash came before the unlink
    log = Log.open(tmp_path, segment_size=4096)
    assert not oldest.exists() and log.first_index == 150
    log.close()
