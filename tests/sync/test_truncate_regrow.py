"""A truncate and a regrow pulled in one step: the pages cut in between must read empty."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client, LiteClient
from graft_core import EMPTY_PAGE
from tests.pagestore.cluster import running_cluster


def page(tag: int) -> bytes:
    return bytes([tag]) * 4096


def test_pages_cut_and_regrown_between_pulls_read_empty(tmp_path: Path) -> None:
    with running_cluster(tmp_path / "servers") as cluster:
        meta, pages = cluster.metastore.url, cluster.pagestore.url
        servers = {"metastore": meta, "pagestore": pages}
        with (
            Client(tmp_path / "a", metastore=meta, pagestore=pages) as a,
            Client(tmp_path / "b", metastore=meta, pagestore=pages) as b,
        ):
            writer_volume = a.create_volume()
            with writer_volume.writer() as writer:
                for idx in range(1, 11):
                    writer.write(idx, page(idx))
            assert writer_volume.push() == 1
            clone = b.open_volume(writer_volume.vid)
            assert clone.fetch_all() == 10  # B holds every page of LSN 1 locally

            with writer_volume.writer() as writer:
                writer.truncate(5)
            assert writer_volume.push() == 2
            with writer_volume.writer() as writer:
                writer.write(10, page(99))
            assert writer_volume.push() == 3

            clone.pull()  # one pull over both remote commits
            snapshot = clone.snapshot()
            assert snapshot is not None and snapshot.remote_lsn == 3
            with clone.reader() as reader:
                seen = {idx: reader.read(idx) for idx in range(1, 11)}
            expected = {idx: page(idx) for idx in range(1, 6)}
            expected |= {idx: EMPTY_PAGE for idx in range(6, 10)} | {10: page(99)}
            assert seen == expected
            with LiteClient(**servers) as lite:
                assert lite.read_many(writer_volume.vid, range(1, 11)) == expected
                assert lite.read(writer_volume.vid, 7, lsn=1) == page(7)
