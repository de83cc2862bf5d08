"""Child process of the exit tests: a program that syncs and never calls ``close()``.

usage: forgetful_child.py push|autosync DATA_DIR METASTORE PAGESTORE
       forgetful_child.py lite METASTORE PAGESTORE VID

It prints its result and ``done`` as its last act; the test then expects it to exit promptly.
The clients stay referenced from module globals until the interpreter shuts down, as in a
script that simply ends.
"""

from __future__ import annotations

import sys

from graft_client import Client, LiteClient
from graft_core.types import PAGE_SIZE

MODE, *ARGS = sys.argv[1:]
DATA = b"forgotten".ljust(PAGE_SIZE, b".")

if MODE == "lite":
    lite = LiteClient(ARGS[0], ARGS[1])
    print(lite.read(ARGS[2], 1)[:9].decode(), flush=True)
else:
    client = Client(ARGS[0], metastore=ARGS[1], pagestore=ARGS[2])
    volume = client.create_volume()
    if MODE == "autosync":
        client.start_autosync(wait_ms=1_000)
    with volume.writer() as writer:
        writer.write(1, DATA)
    if MODE == "autosync":
        assert volume.wait_remote_lsn(1, timeout=30), volume.errors()
    else:
        assert volume.push() == 1
    print(volume.vid, flush=True)
print("done", flush=True)
