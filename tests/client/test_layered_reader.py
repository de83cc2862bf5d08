"""A reader of the snapshot a commit made, read as its writer read it: the committed pages from
memory over the writer's reader (``VolumeReader.layered_over``), with no pin of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from graft_client import Client, Volume, VolumeReader
from graft_client.reader import LAYERED_COMMITS, LAYERED_PAGES, Staged
from graft_core import ClosedError, SnapshotNotFoundError
from graft_core.types import Snapshot
from tests.client.conftest import page


def _pages(reader: VolumeReader, last: int) -> list[bytes]:
    return [reader.read(idx) for idx in range(1, last + 1)]


def _commit_layered(
    volume: Volume, reader: VolumeReader, pages: dict[int, str], *, cut: int = 0
) -> tuple[VolumeReader, Staged]:
    """Commit ``pages`` (and a truncate to ``cut``, when given) on ``reader``; the layered reader
    of the commit and what it staged."""
    writer = volume.writer_on(reader)
    if cut:
        writer.truncate(cut)
    for idx, tag in pages.items():
        writer.write(idx, page(tag))
    staged = writer.staged()
    committed = writer.commit(reread=False)
    assert isinstance(committed, Snapshot)
    return reader.layered_over(committed, staged), staged


def test_a_layered_reader_reads_what_a_reader_of_the_commit_reads(client: Client) -> None:
    volume = client.create_volume(sync="disabled")
    with volume.writer() as writer:
        for idx in range(1, 7):
            writer.write(idx, page(f"base {idx}"))
    reader = volume.reader()
    # Cut to 3 pages, then page 5 written again: pages 4 and 6 are gone, page 5 is new.
    layered, _ = _commit_layered(volume, reader, {2: "two", 5: "five"}, cut=3)
    assert layered.snapshot == volume.snapshot() and layered.page_count == 5
    with volume.reader() as fresh:
        assert _pages(layered, 8) == _pages(fresh, 8)
    again, _ = _commit_layered(volume, layered, {4: "four", 1: "one"}, cut=4)
    assert again.snapshot == volume.snapshot()
    with volume.reader() as fresh:
        assert _pages(again, 8) == _pages(fresh, 8)
    with pytest.raises(ClosedError):
        layered.read(1)  # handed over: one layer over the base, not a layer per commit
    again.close()
    client.delete_volume(volume.vid)  # no reader pins anything any more (refused while one does)


def test_a_layered_reader_keeps_its_snapshot_while_the_volume_moves_on(tmp_path: Path) -> None:
    with Client(tmp_path / "c", keep_commits=1) as client:
        volume = client.create_volume(sync="disabled")
        with volume.writer() as writer:
            writer.write(1, page("one"))
            writer.write(2, page("two"))
        layered, _ = _commit_layered(volume, volume.reader(), {2: "mine"})
        for n in range(5):  # more commits than kept: only the pins keep the old versions
            with volume.writer() as writer:
                writer.write(1, page(f"later {n}"))
        volume.reclaim()
        assert _pages(layered, 2) == [page("one"), page("mine")]
        layered.close()
        volume.reclaim()
        with pytest.raises(SnapshotNotFoundError):
            volume.reader(1)  # the base, retained while the layered reader pinned it


def test_a_reader_layers_few_pages_over_a_recent_base_only(client: Client) -> None:
    volume = client.create_volume(sync="disabled")
    with volume.writer() as writer:
        writer.write(1, page("one"))
    reader = volume.reader()
    many = Staged(dict.fromkeys(range(1, LAYERED_PAGES + 2), page("x")), 1)
    assert not reader.layers(many)
    for n in range(LAYERED_COMMITS):
        assert reader.layers(Staged({1: page("y")}, 1))
        reader, _ = _commit_layered(volume, reader, {1: f"commit {n}"})
    assert not reader.layers(Staged({1: page("z")}, 1))  # its base's pin is old enough
    reader.close()
