"""A hypothesis state machine: every read, at every retained snapshot, equals a dict model."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from graft_client import Client, Volume, VolumeReader, VolumeWriter
from graft_core import EMPTY_PAGE, SnapshotNotFoundError

KEEP = 3
MAX_PAGE = 24
pageidxs = st.integers(min_value=1, max_value=MAX_PAGE)
fills = st.integers(min_value=0, max_value=255)


def fill_page(byte: int) -> bytes:
    return bytes([byte]) * 4096


class Model:
    """Committed history: for each LSN, the page count and the non-empty pages."""

    def __init__(self) -> None:
        self.history: dict[int, tuple[int, dict[int, bytes]]] = {}

    @property
    def latest(self) -> int:
        return max(self.history, default=0)

    def state(self, lsn: int) -> tuple[int, dict[int, bytes]]:
        return self.history.get(lsn, (0, {}))


class VolumeMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="graft-model-"))
        self.model = Model()
        self.writer: VolumeWriter | None = None
        # (page count, visible pages, indexes written and not truncated away, lowest count)
        self.staged: tuple[int, dict[int, bytes], set[int], int] = (0, {}, set(), 0)
        self.pinned: list[tuple[int, VolumeReader]] = []
        self.client = Client(self.root, keep_commits=KEEP)
        self.volume: Volume

    @initialize(sync=st.sampled_from(["disabled", "both"]))
    def create(self, sync: str) -> None:
        self.volume = self.client.create_volume(sync=sync)

    @precondition(lambda self: self.writer is None)
    @rule()
    def open_writer(self) -> None:
        self.writer = self.volume.writer()
        count, pages = self.model.state(self.model.latest)
        self.staged = (count, dict(pages), set(), count)

    @precondition(lambda self: self.writer is not None)
    @rule(idx=pageidxs, byte=fills)
    def write(self, idx: int, byte: int) -> None:
        assert self.writer is not None
        self.writer.write(idx, fill_page(byte))
        count, pages, written, lowest = self.staged
        if byte:
            pages[idx] = fill_page(byte)
        else:
            pages.pop(idx, None)
        self.staged = (max(count, idx), pages, written | {idx}, lowest)

    @precondition(lambda self: self.writer is not None)
    @rule(count=st.integers(min_value=0, max_value=MAX_PAGE))
    def truncate(self, count: int) -> None:
        assert self.writer is not None
        self.writer.truncate(count)
        _, pages, written, lowest = self.staged
        kept = {i: p for i, p in pages.items() if i <= count}
        self.staged = (count, kept, {i for i in written if i <= count}, min(lowest, count))

    @precondition(lambda self: self.writer is not None)
    @rule(idx=pageidxs)
    def writer_read(self, idx: int) -> None:
        assert self.writer is not None
        count, pages, _, _ = self.staged
        assert self.writer.read(idx) == (pages.get(idx, EMPTY_PAGE) if idx <= count else EMPTY_PAGE)

    @precondition(lambda self: self.writer is not None)
    @rule()
    def commit(self) -> None:
        assert self.writer is not None
        count, pages, written, lowest = self.staged
        snapshot = self.writer.commit()
        self.writer = None
        base_count = self.model.state(self.model.latest)[0]
        if written or count != base_count or lowest < base_count:
            self.model.history[self.model.latest + 1] = (count, pages)
        assert (snapshot.lsn if snapshot else 0) == self.model.latest
        assert (snapshot.page_count if snapshot else 0) == self.model.state(self.model.latest)[0]

    @precondition(lambda self: self.writer is not None)
    @rule()
    def discard(self) -> None:
        assert self.writer is not None
        self.writer.discard()
        self.writer = None

    def check_reader(self, reader: VolumeReader, lsn: int) -> None:
        count, pages = self.model.state(lsn)
        assert reader.page_count == count
        for idx in range(1, MAX_PAGE + 2):
            assert reader.read(idx) == pages.get(idx, EMPTY_PAGE), (lsn, idx)

    @rule(back=st.integers(min_value=0, max_value=KEEP + 4))
    def read_snapshot(self, back: int) -> None:
        lsn = self.model.latest - back
        if lsn < 1:
            return
        pinned = {pin for pin, _ in self.pinned}
        try:
            reader = self.volume.reader(lsn)
        except SnapshotNotFoundError:
            assert back >= KEEP and lsn not in pinned, "a retained snapshot was reclaimed"
            return
        with reader:
            self.check_reader(reader, lsn)

    @precondition(lambda self: self.model.latest > 0 and len(self.pinned) < 3)
    @rule()
    def pin_latest(self) -> None:
        self.pinned.append((self.model.latest, self.volume.reader()))

    @precondition(lambda self: bool(self.pinned))
    @rule(data=st.data())
    def check_and_release_pin(self, data: st.DataObject) -> None:
        lsn, reader = self.pinned.pop(data.draw(st.integers(0, len(self.pinned) - 1)))
        self.check_reader(reader, lsn)
        reader.close()

    @rule()
    def compact(self) -> None:
        self.client.compact()

    @rule()
    def reopen(self) -> None:
        if self.writer is not None:
            self.writer.discard()
            self.writer = None
        for _, reader in self.pinned:
            reader.close()
        self.pinned.clear()
        vid = self.volume.vid
        self.client.close()
        self.client = Client(self.root, keep_commits=KEEP)
        self.volume = self.client.open_volume(vid)

    @invariant()
    def latest_matches(self) -> None:
        if not hasattr(self, "volume"):
            return
        snapshot = self.volume.snapshot()
        assert (snapshot.lsn if snapshot else 0) == self.model.latest
        with self.volume.reader() as reader:
            self.check_reader(reader, self.model.latest)

    def teardown(self) -> None:
        for _, reader in self.pinned:
            reader.close()
        if self.writer is not None:
            self.writer.discard()
        self.client.close()
        shutil.rmtree(self.root, ignore_errors=True)


VolumeMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
TestVolumeModel = VolumeMachine.TestCase
