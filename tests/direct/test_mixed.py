"""One client direct, one through ``graft serve --store`` on the same store: one layout."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client, LiteClient, PullOutcome
from tests.direct.support import Remote, stored_lsns
from tests.support.serve import graft_serve
from tests.sync.support import page, read_all, write_pages


def test_direct_and_served_clients_share_a_store(remote: Remote, tmp_path: Path) -> None:
    first = {idx: page(f"direct {idx}") for idx in range(1, 21)}
    with graft_serve(tmp_path / "serve", remote.url, remote.child_env()) as urls:
        with (
            remote.client(tmp_path / "direct") as direct,
            Client(
                tmp_path / "served", metastore=urls["metastore"], pagestore=urls["pagestore"]
            ) as served,
        ):
            vol_d = direct.create_volume()
            write_pages(vol_d, first)
            assert vol_d.push() == 1
            vol_s = served.open_volume(vol_d.vid)  # cloned through the servers
            assert read_all(vol_s, 20) == first

            write_pages(vol_s, {2: page("served 2"), 25: page("served 25")})
            assert vol_s.push() == 2
            assert vol_d.pull() is PullOutcome.APPLIED
            assert read_all(vol_d, 25) == read_all(vol_s, 25)

            # Racing on one LSN across the two modes: the store's fence decides.
            write_pages(vol_d, {3: page("direct 3")})
            write_pages(vol_s, {3: page("served 3")})
            assert vol_d.push() == 3
            assert vol_s.pull().value == "conflict"
            vol_s.reset_to_remote()
            assert read_all(vol_s, 3)[3] == page("direct 3")

            # A volume made through the servers reads directly.
            other = served.create_volume()
            write_pages(other, {1: page("made served")})
            assert other.push() == 1
        with LiteClient(urls["metastore"], urls["pagestore"]) as lite:
            assert lite.read(vol_d.vid, 3) == page("direct 3")
    with remote.lite() as lite:
        assert lite.read(other.vid, 1) == page("made served")
        assert lite.read_many(vol_d.vid, [2, 3, 25]) == {
            2: page("served 2"),
            3: page("direct 3"),
            25: page("served 25"),
        }
    assert stored_lsns(remote, vol_d.vid) == [1, 2, 3]
