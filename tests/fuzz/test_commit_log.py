"""The metastore's commit log (metastore_server/log/) opened over damaged files.

Whatever the bytes, ``Log.open`` either refuses with a typed ``StorageError`` (such as
``CorruptDataError``) or recovers a prefix of what was appended, and every read answers an entry
or a typed error: never another exception."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from graft_core.errors import NotFoundError, StorageError
from metastore_server.log import Log
from metastore_server.log.format import (
    FRAME_HEADER,
    FRAME_INDEX,
    HEADER_SIZE,
    aligned,
    parse_frame_header,
    unpack_header,
)
from tests.fuzz.budget import share_of_profile

SEGMENT_SIZE = 1024
ENTRIES = [f"entry {i} ".encode() * (i % 7 + 1) for i in range(120)]
Damage = list[tuple[int, bytes]]


def _template() -> dict[str, bytes]:
    """The files of a log of sealed segments and an active one, written once per session."""
    with tempfile.TemporaryDirectory(prefix="fuzz-log-") as tmp:
        log = Log.open(Path(tmp), segment_size=SEGMENT_SIZE)
        for start in range(0, len(ENTRIES), 3):
            log.append(ENTRIES[start : start + 3])
        log.close()
        return {path.name: path.read_bytes() for path in Path(tmp).iterdir()}


TEMPLATE = _template()
SEGMENTS = sorted(name for name in TEMPLATE if name.endswith(".wal"))
ACTIVE = SEGMENTS[-1]
assert len(SEGMENTS) >= 3, "the fuzzed log needs sealed segments"


def damage(size: int) -> st.SearchStrategy[Damage]:
    return st.lists(
        st.tuples(st.integers(0, size - 1), st.binary(min_size=1, max_size=16)),
        min_size=1,
        max_size=3,
    )


@contextmanager
def damaged_copy(name: str, edits: Damage, cut: int | None = None) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="fuzz-log-") as tmp:
        directory = Path(tmp)
        for file_name, content in TEMPLATE.items():
            (directory / file_name).write_bytes(content)
        data = bytearray(TEMPLATE[name])
        for at, garbage in edits:
            data[at : at + len(garbage)] = garbage
        (directory / name).write_bytes(bytes(data[:cut]))
        yield directory


def _open(directory: Path) -> Log | None:
    try:
        return Log.open(directory, segment_size=SEGMENT_SIZE)
    except StorageError as exc:
        assert str(exc)
        return None


def _assert_prefix_and_appendable(log: Log, directory: Path) -> None:
    last = log.last_index
    assert log.first_index == 1 and 0 <= last <= len(ENTRIES)
    assert [entry for _, entry in log.iter_from(1)] == ENTRIES[:last]
    assert log.append([b"after recovery"]) == last + 1
    log.close()
    reopened = Log.open(directory, segment_size=SEGMENT_SIZE)
    assert reopened.read(last + 1) == b"after recovery"
    reopened.close()


ACTIVE_SIZE = len(TEMPLATE[ACTIVE])


@share_of_profile(0.4)
@given(edits=damage(ACTIVE_SIZE), cut=st.none() | st.integers(0, ACTIVE_SIZE))
@example(edits=[(0, b"X")], cut=None)  # header magic
@example(edits=[(HEADER_SIZE + 4, b"\xff\xff\xff\x7f")], cut=None)  # first frame's length
@example(edits=[(ACTIVE_SIZE - 1, b"\0")], cut=ACTIVE_SIZE - 3)  # torn commit frame
def test_damaged_active_segment_recovers_a_prefix_or_is_refused(
    edits: Damage, cut: int | None
) -> None:
    with damaged_copy(ACTIVE, edits, cut) as directory:
        log = _open(directory)
        if log is not None:
            _assert_prefix_and_appendable(log, directory)


@share_of_profile(0.4)
@given(cut=st.integers(HEADER_SIZE, ACTIVE_SIZE))
def test_torn_active_segment_always_recovers(cut: int) -> None:
    with damaged_copy(ACTIVE, [], cut) as directory:
        log = Log.open(directory, segment_size=SEGMENT_SIZE)
        header = unpack_header(TEMPLATE[ACTIVE])
        assert header is not None and log.last_index >= header.base_index - 1
        _assert_prefix_and_appendable(log, directory)


def _index_frame_at(data: bytes) -> int:
    """Offset of a sealed segment's index frame (the frame the reader trusts for offsets)."""
    pos = HEADER_SIZE
    while (parsed := parse_frame_header(data[pos : pos + FRAME_HEADER])) is not None:
        if parsed[0] == FRAME_INDEX:
            return pos
        pos += FRAME_HEADER + aligned(parsed[1])
    raise AssertionError("a sealed segment without an index frame")


INDEX_AT = _index_frame_at(TEMPLATE[SEGMENTS[0]])


@share_of_profile(0.4)
@given(which=st.integers(0, len(SEGMENTS) - 2), edits=damage(SEGMENT_SIZE + 256))
@example(which=0, edits=[(INDEX_AT + 4, b"\0\0\0\x0c")])  # an index of 1.5 offsets
@example(which=0, edits=[(INDEX_AT + 8, b"\xff" * 8)])  # an offset past any file
@example(which=0, edits=[(INDEX_AT + 8, b"\0" * 8)])  # an offset into the header
def test_damaged_sealed_segment_reads_entries_or_typed_errors(which: int, edits: Damage) -> None:
    name = SEGMENTS[which]
    size = len(TEMPLATE[name])
    with damaged_copy(name, [(at % size, garbage) for at, garbage in edits]) as directory:
        log = _open(directory)
        assert log is not None, "sealed segments are not read at open"
        try:
            for index in range(1, len(ENTRIES) + 1):
                try:
                    assert isinstance(log.read(index), bytes)
                except (StorageError, NotFoundError) as exc:
                    assert str(exc)
        finally:
            log.close()


CONTROL_SIZE = len(TEMPLATE["control"])


@share_of_profile(0.4)
@given(
    edits=damage(CONTROL_SIZE) | damage(64 + 512),  # anywhere, or the header and first slot
    cut=st.none() | st.integers(0, CONTROL_SIZE),
)
def test_damaged_control_file_recovers_a_prefix_or_is_refused(
    edits: Damage, cut: int | None
) -> None:
    with damaged_copy("control", edits, cut) as directory:
        log = _open(directory)
        if log is not None:
            _assert_prefix_and_appendable(log, directory)
