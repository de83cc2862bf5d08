"""RocksDB's info logs stay few however often the data dir is opened: each open of the primary
(every takeover, every try on a full disk) keeps the last log as ``LOG.old.*``, and by default
a thousand of them piled up (seen on a full disk: 968 after a few seconds of retried
takeovers)."""

from __future__ import annotations

from pathlib import Path

from graft_client import Client
from graft_client.storage.db import KEPT_INFO_LOGS


def test_opening_the_data_dir_again_and_again_keeps_a_few_info_logs(tmp_path: Path) -> None:
    for _ in range(KEPT_INFO_LOGS + 5):
        Client(tmp_path).close()
    old_logs = list((tmp_path / "local").glob("LOG.old.*"))
    assert 0 < len(old_logs) < KEPT_INFO_LOGS
