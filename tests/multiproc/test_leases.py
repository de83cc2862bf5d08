"""A SQLite writer lease an attached process held when its owner went away: at the next owner
it holds it again, unless another process's connection took it there first. Then its open
write transaction must not commit as if it still held it: it is told, and rolled back."""

from __future__ import annotations

from typing import Any

import apsw
import pytest

from tests.sqlite.support import Device, scalar


class OwnerGaveItAway:
    """A new owner, at which another process's connection holds every lease already."""

    def call(self, op: str, *args: Any) -> Any:
        assert op == "lock"
        return False


def test_a_lease_taken_by_another_process_in_a_takeover_is_reported_to_its_holder(
    pair: tuple[Device, Device],
    table: tuple[apsw.Connection, apsw.Connection],
) -> None:
    attached = pair[1]
    mine, theirs = table
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
