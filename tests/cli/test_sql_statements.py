"""How ``graft sql`` cuts a line of SQL into statements to print each graft pragma once."""

from __future__ import annotations

from graft_client.cli.sqlshell import statements


def test_statements_split_at_semicolons_outside_strings_and_triggers() -> None:
    sql = (
        "select ';'; pragma graft_status;\n"
        "create trigger t after insert on x begin select 1; select 2; end;"
        " select 3"
    )
    assert [s.strip() for s in statements(sql)] == [
        "select ';';",
        "pragma graft_status;",
        "create trigger t after insert on x begin select 1; select 2; end;",
        "select 3",
    ]
    assert list(statements("  ")) == []
