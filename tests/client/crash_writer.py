"""Child process for the crash test: commits forever, printing each acknowledged LSN.

Commit L writes pages 1..pages_for(L), each holding ``f"{L}:{idx}"``, so any reader can compute
the expected content of every page at every LSN without talking to this process.
"""

from __future__ import annotations

import sys

from graft_client import Client


def pages_for(lsn: int) -> int:
    return (lsn * 7) % 50 + 1


def content(lsn: int, idx: int) -> bytes:
    return f"{lsn}:{idx}".encode().ljust(4096, b"#")


def main(data_dir: str, vid: str) -> None:
    with Client(data_dir, keep_commits=8) as client:
        volume = client.open_volume(vid)
        while True:
            snapshot = volume.snapshot()
            lsn = 1 if snapshot is None else snapshot.lsn + 1
            with volume.writer() as writer:
                for idx in range(1, pages_for(lsn) + 1):
                    writer.write(idx, content(lsn, idx))
            print(lsn, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
