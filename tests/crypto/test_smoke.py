from __future__ import annotations

from pathlib import Path

from tests.crypto.conftest import make_client, passphrase
from tests.pagestore.cluster import Cluster
from tests.sync.support import page, write_pages, read_all


def test_push_and_clone(cluster: Cluster, tmp_path: Path) -> None:
    with (
        make_client(cluster, tmp_path / "a") as a,
        make_client(cluster, tmp_path / "b", passphrase()) as b,
    ):
        vol = a.create_volume(encryption=passphrase())
        model = {i: page(f"SECRET {i}") for i in range(1, 11)}
        write_pages(vol, model)
        vol.push()
        clone = b.open_volume(vol.vid)
        assert read_all(clone, 10) == model
