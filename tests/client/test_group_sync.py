"""A commit that handed the writer lease to a waiting writer, with more writers waiting, lets
its WAL sync wait a little for that writer's commit: one fsync then covers both (measured here,
each fsync costs about as much CPU as the commit it makes durable). A write is still durable
before ``wait_durable`` returns, whether a later write came or not."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client.storage.db import LocalDB
from tests.support.polling import wait_until

FAMILY = "latest"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[LocalDB]:
    local = LocalDB(tmp_path / "local")
    yield local
    local.close()


def _write(db: LocalDB, key: bytes) -> int:
    batch = db.batch()
    batch.put(FAMILY, key, b"value of " + key)
    return db.write(batch, sync=False)


def _count_syncs(db: LocalDB, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The durable ticket after each WAL sync of ``db``, from now on."""
    synced: list[int] = []
    sync_wal = db.sync_wal

    def counted() -> None:
        sync_wal()
        synced.append(db._durable)

    monkeypatch.setattr(db, "sync_wal", counted)
    return synced


def test_a_write_gathering_shares_one_sync_with_the_next_write(
    db: LocalDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = _count_syncs(db, monkeypatch)
    first = _write(db, b"first")
    waited = threading.Thread(target=db.wait_durable, args=(first,), kwargs={"gather_s": 30.0})
    waited.start()
    wait_until(lambda: db._gathering == 1, 10, "the first write gathering")
    assert synced == []  # it waits for the next write, not for its deadline
    second = _write(db, b"second")
    waited.join(10)
    assert not waited.is_alive()
    db.wait_durable(second)
    assert synced == [second]  # one sync, after both landed, made both durable


def test_a_write_gathering_alone_is_synced_at_its_deadline(
    db: LocalDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = _count_syncs(db, monkeypatch)
    ticket = _write(db, b"alone")
    started = time.monotonic()
    db.wait_durable(ticket, gather_s=0.05)
    assert time.monotonic() - started >= 0.05
    assert synced == [ticket]


def test_a_write_that_does_not_gather_is_synced_at_once(
    db: LocalDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = _count_syncs(db, monkeypatch)
    ticket = _write(db, b"plain")
    db.wait_durable(ticket)
    assert synced == [ticket]
    assert db._gathering == 0
