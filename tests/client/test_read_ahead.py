"""Ascending reads step an iterator instead of a get per page (storage/pages.py): they must see
exactly their snapshot, whatever commits land while the iterator lives."""

from __future__ import annotations

import random

from graft_client import Client, Volume, VolumeReader
from graft_core import EMPTY_PAGE
from tests.client.conftest import page

PAGES = 60


def commit_random_pages(volume: Volume, model: dict[int, bytes], rng: random.Random) -> None:
    """One commit of 20 random pages; ``model`` follows it."""
    latest = volume.snapshot()
    lsn = 1 if latest is None else latest.lsn + 1
    changes = {idx: page(f"lsn {lsn} page {idx}") for idx in rng.sample(range(1, PAGES + 1), 20)}
    with volume.writer() as writer:
        for idx, data in changes.items():
            writer.write(idx, data)
    model.update(changes)


def scan_order(rng: random.Random) -> list[int]:
    """Ascending page indexes with small gaps, as SQLite's table scans read them."""
    pages, idx = [], 0
    while (idx := idx + rng.choice((1, 1, 1, 2, 3))) <= PAGES:
        pages.append(idx)
    return pages


def test_ascending_reads_see_their_snapshot_while_commits_land(client: Client) -> None:
    rng = random.Random(7)
    volume = client.create_volume()
    model: dict[int, bytes] = {}
    snapshots: list[tuple[VolumeReader, dict[int, bytes]]] = []
    for _ in range(4):
        commit_random_pages(volume, model, rng)
        snapshots.append((volume.reader(), dict(model)))
    for reader, expected in snapshots:
        # Commits in the middle of the scan move the versions this snapshot sees into the older
        # family, both before and after the iterator was made.
        for n, idx in enumerate(scan_order(rng)):
            if n % 7 == 3:
                commit_random_pages(volume, model, rng)
            assert reader.read(idx) == expected.get(idx, EMPTY_PAGE), (reader.snapshot, idx)
        reader.close()


def test_a_paused_reader_resumes_its_scan_on_its_snapshot(client: Client) -> None:
    rng = random.Random(11)
    volume = client.create_volume()
    model: dict[int, bytes] = {}
    commit_random_pages(volume, model, rng)
    expected = dict(model)
    with volume.reader() as reader:
        for idx in range(1, PAGES // 2):
            assert reader.read(idx) == expected.get(idx, EMPTY_PAGE)
        reader.pause()
        commit_random_pages(volume, model, rng)
        for idx in range(PAGES // 2, PAGES + 1):
            assert reader.read(idx) == expected.get(idx, EMPTY_PAGE)
        for idx in range(PAGES, 0, -3):  # backwards after a run: point reads again
            assert reader.read(idx) == expected.get(idx, EMPTY_PAGE)
