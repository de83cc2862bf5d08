"""Power cuts at every sync of the commit log: recovery keeps exactly the acknowledged entries.

The workload creates a log, appends batches through several segment seals and truncates the
head once. A power cut at each of its syncs (and one after the last) tears every unsynced byte
and directory entry; the log must then open without help, hold every acknowledged entry intact,
hold the interrupted batch whole or not at all, and keep appending.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from graft_core.errors import CorruptDataError
from metastore_server.log import Log
from metastore_server.log.control import BLOCK_SIZE, SLOT_SIZE, ControlFile, LogState
from metastore_server.log.format import HEADER_SIZE
from tests.torn.tornfs import cut_at_every_sync

SEGMENT_SIZE = 1024
BATCHES = 14
TRUNCATE_AFTER = 9
TRUNCATE_TO = 20
SEEDS_PER_POINT = 6


def _batch(number: int) -> list[bytes]:
    return [f"b{number}e{i}:".encode() * (number + i + 3) for i in range(number % 4 + 1)]


@dataclass
class Progress:
    """What the workload was told is durable, and what it was doing when the power went."""

    acked: list[bytes] = field(default_factory=list)
    in_flight: list[bytes] = field(default_factory=list)
    heads: tuple[int, ...] = (1,)


def _workload(directory: Path, progress: Progress) -> None:
    log = Log.open(directory, segment_size=SEGMENT_SIZE)
    try:
        for number in range(BATCHES):
            progress.in_flight = _batch(number)
            log.append(progress.in_flight)
            progress.acked += progress.in_flight
            progress.in_flight = []
            if number == TRUNCATE_AFTER:
                progress.heads = (1, TRUNCATE_TO)
                log.truncate_head(TRUNCATE_TO)
                progress.heads = (TRUNCATE_TO,)
    finally:
        log.close()


def _check_recovered(directory: Path, progress: Progress) -> None:
    log = Log.open(directory, segment_size=SEGMENT_SIZE)
    try:
        assert log.first_index in progress.heads
        acked = len(progress.acked)
        assert log.last_index in (acked, acked + len(progress.in_flight))
        expected = progress.acked + progress.in_flight
        for index in range(log.first_index, log.last_index + 1):
            assert log.read(index) == expected[index - 1], index
        assert log.append([b"after recovery"]) == log.last_index
    finally:
        log.close()
    reopened = Log.open(directory, segment_size=SEGMENT_SIZE)
    try:
        assert reopened.read(reopened.last_index) == b"after recovery"
    finally:
        reopened.close()


def test_power_cut_at_every_sync_keeps_the_synced_prefix(tmp_path: Path) -> None:
    total = cut_at_every_sync(tmp_path, SEEDS_PER_POINT, Progress, _workload, _check_recovered)
    assert total > BATCHES  # seals, control writes and directory syncs come on top of appends


def test_a_torn_state_slot_never_pairs_a_new_sequence_with_an_old_state(tmp_path: Path) -> None:
    path = tmp_path / "control"
    control = ControlFile.open(path, None)
    control.write(LogState(head_index=7))  # sequence 2, slot 0
    control.write(LogState(head_index=9))  # sequence 3, slot 1
    control.close()
    raw = bytearray(path.read_bytes())
    # Writing sequence 4 to slot 0 got as far as the sequence number's last byte, no further.
    raw[BLOCK_SIZE + 7] = 4
    path.write_bytes(bytes(raw))
    control = ControlFile.open(path, None)
    assert control.state.head_index == 9
    control.close()


@pytest.mark.parametrize(
    ("name", "offsets", "message"),
    [
        # The segment header's magic, synced when the segment was made.
        ("0000000000000001.wal", (3,), "segment header is corrupt"),
        # A byte of the first batch, with two intact batches synced after it.
        ("0000000000000001.wal", (HEADER_SIZE + 12,), "refusing to drop acknowledged"),
        # Both state copies of the control file.
        ("control", (BLOCK_SIZE + 20, BLOCK_SIZE + SLOT_SIZE + 20), "both state copies"),
    ],
)
def test_damage_inside_the_synced_prefix_is_a_clear_error(
    tmp_path: Path, name: str, offsets: tuple[int, ...], message: str
) -> None:
    log = Log.open(tmp_path)
    for number in range(3):
        log.append(_batch(number))
    log.close()
    path = tmp_path / name
    damaged = bytearray(path.read_bytes())
    for offset in offsets:
        damaged[offset] ^= 0xFF
    path.write_bytes(bytes(damaged))
    with pytest.raises(CorruptDataError, match=message):
        Log.open(tmp_path)
    assert path.read_bytes() == damaged  # nothing was cut or rewritten
