"""Child of the crash test: write transactions on a volume in a loop until SIGKILLed.

usage: crash_child.py DATA_DIR VID|new
Prints ``vid VID`` once, then ``begin N`` when transaction N starts and ``committed N`` once
COMMIT has returned.
"""

from __future__ import annotations

import sys

import apsw

from graft_client import Client
from graft_client.sqlite import register

ROWS_PER_TRANSACTION = 2000


def main(data_dir: str, vid: str) -> None:
    with Client(data_dir) as client:
        register(client)
        db = apsw.Connection(vid, vfs="graft")
        db.execute("create table if not exists batches (batch int, n int, pad text)")
        print(f"vid {db.filename}", flush=True)
        batch = db.execute("select coalesce(max(batch), 0) from batches").fetchall()[0][0]
        assert isinstance(batch, int), batch
        while True:
            batch += 1
            print(f"begin {batch}", flush=True)
            with db:
                db.executemany(
                    "insert into batches values (?, ?, ?)",
                    ((batch, n, "p" * 100) for n in range(ROWS_PER_TRANSACTION)),
                )
            print(f"committed {batch}", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
