"""A SQLite writer lease an attached process held when its owner went away: at the next owner
it holds it again, unless another process's connection took it there first. Then its open
write transaction must not commit as if it still held it: it is told, and rolled back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import apsw
import pytest

from graft_client import Client
from tests.sqlite.support import Device, scalar


class OwnerGaveItAway:
    """A new owner, at which another process's connection holds every lease already."""

    def call(self, op: str, *args: Any) -> Any:
        assert op == "lock"
        return False


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Device, Device]]:
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        yield Device(owner), Device(attached)


def test_a_lease_taken_by_another_process_in_a_takeover_is_reported_to_its_holder(
    pair: tuple[Device, Device],
) -> None:
    owner, attached = pair
    mine = owner.connect()
    mine.execute("create table t(n integer)")
    theirs = attached.connect(mine.filename)
    theirs.execute("begin immediate")
    theirs.execute("insert into t values (1)")
    attached.client.leases.reattach(OwnerGaveItAway())  # type: ignore[arg-type]
    with pytest.raises(apsw.BusyError, match="another connection took"):
        theirs.execute("commit")
    assert theirs.in_transaction is False
    assert scalar(mine, "select count(*) from t", int) == 0
    theirs.execute("insert into t values (2)")  # the lease goes with the rolled back one
    assert scalar(mine, "select sum(n) from t", int) == 2
    theirs.close()
    mine.close()
