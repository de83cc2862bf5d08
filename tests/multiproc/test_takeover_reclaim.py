"""Re-pinning after a takeover (DESIGN section 11): a snapshot the new owner no longer has is
skipped, not an error that would make the process retry its takeover for ever."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client
from graft_core.types import PAGE_SIZE


def test_repin_of_a_reclaimed_snapshot_is_skipped(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=2) as owner, Client(tmp_path) as attached:
        volume = owner.create_volume()
        for n in range(12):  # each commit past the retention reclaims the oldest
            with volume.writer() as writer:
                writer.write(1, bytes([n]) * PAGE_SIZE)
        link = attached.shared.link()
        assert link is not None
        # LSN 1 is long reclaimed; LSN 12 is the latest: the one still there is pinned.
        assert link.call("repin", [[bytes(volume.vid), 1, 1], [bytes(volume.vid), 12, 1]]) is None
        for n in range(12, 24):
            with volume.writer() as writer:
                writer.write(1, bytes([n]) * PAGE_SIZE)
        with volume.reader(12) as reader:  # held back by the pin
            assert reader.read(1) == bytes([11]) * PAGE_SIZE
