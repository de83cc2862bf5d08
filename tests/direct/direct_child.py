"""Child process of the direct-mode crash tests: push one volume to a remote, then exit.

usage: direct_child.py DATA_DIR REMOTE VID
Run with ``GRAFT_FAILPOINTS=name=crash``: the process is SIGKILLed at that point.
"""

from __future__ import annotations

import sys

from graft_client import Client


def main(data_dir: str, remote: str, vid: str) -> None:
    with Client(data_dir, remote=remote) as client:
        print(client.open_volume(vid).push(), flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
