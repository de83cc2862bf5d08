"""A scan's read-ahead iterator over PENDING pages that another reader fetches meanwhile."""

from __future__ import annotations

from pathlib import Path

from tests.pagestore.cluster import Cluster
from tests.sync.support import client_for, page, write_pages

PAGES = 200


def test_a_scan_returns_pages_fetched_after_its_iterator_saw_them_pending(
    cluster: Cluster, tmp_path: Path
) -> None:
    model = {idx: page(f"page {idx}") for idx in range(1, PAGES + 1)}
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, model)
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)  # lazy clone: every page PENDING
        with vol_b.reader() as scanner, vol_b.reader() as other:
            # The first miss fetches pages 1..9; the third ascending read starts the iterator,
            # which still holds PENDING for page 10 onwards.
            for idx in (1, 2, 3):
                assert scanner.read(idx) == model[idx]
            # Fetches page 10 and the scan ahead of it, behind the scanner's iterator.
            assert other.read(10) == model[10]
            fetched = vol_b.stats().pages_fetched
            for idx in range(4, 11):
                assert scanner.read(idx) == model[idx]
            assert vol_b.stats().pages_fetched == fetched  # page 10 was not fetched again
            for idx in range(11, PAGES + 1):
                assert scanner.read(idx) == model[idx]
        assert vol_b.stats().pages_fetched == PAGES  # every page exactly once
