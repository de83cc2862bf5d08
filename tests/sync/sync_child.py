"""Child process of the fail point tests: one sync operation on a data dir, then exit.

usage: sync_child.py DATA_DIR METASTORE PAGESTORE VID push|pull|read [PAGEIDX]
Run with ``GRAFT_FAILPOINTS=name=crash``: the process is SIGKILLed at that point.
"""

from __future__ import annotations

import sys

from graft_client import Client


def main(data_dir: str, metastore: str, pagestore: str, vid: str, action: str, *rest: str) -> None:
    with Client(data_dir, metastore=metastore, pagestore=pagestore) as client:
        volume = client.open_volume(vid)
        if action == "push":
            print(volume.push(), flush=True)
        elif action == "pull":
            print(volume.pull().value, flush=True)
        elif action == "read":
            with volume.reader() as reader:
                print(reader.read(int(rest[0]))[:16].decode(errors="replace"), flush=True)
        else:
            raise SystemExit(f"unknown action {action!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
