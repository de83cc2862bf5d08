"""A process that forks with a Client open (``multiprocessing``'s default on Linux, gunicorn's
``--preload``): the child inherits the parent's client, which stays the parent's. Found by an
outside tester: the child committed through it (acknowledged, then lost when the parent wrote
the same LSN), and it held the parent's lock and connections, so that once the parent was
killed no other process could take over while the child lived."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from graft_client import Client
from tests.multiproc.conftest import ROOT
from tests.support.polling import wait_until

PARENT = """
import os, sys
from pathlib import Path
from graft_client import Client
from graft_core.errors import ClosedError
client = Client(sys.argv[1])
told = Path(sys.argv[2])
volume = client.create_volume()
with volume.writer() as writer:
    writer.write(1, b"p" * 4096)
child = os.fork()
if child == 0:
    try:
        with volume.writer() as writer:
            writer.write(2, b"c" * 4096)
        told.write_text("committed")
    except ClosedError as exc:
        told.write_text(f"refused: {exc}")
    client.close()  # quietly: nothing of the parent's goes with it
    told.write_text(told.read_text() + "\\nclosed")
    sys.stdin.read()  # lives on, holding what it inherited
    os._exit(0)
print(volume.vid, child, flush=True)
sys.stdin.read()
"""


def _ended(told: Path) -> bool | None:
    """Whether the child said how it fared and closed its client (None until then)."""
    return (told.exists() and told.read_text().endswith("closed")) or None


def test_a_forked_child_cannot_use_the_parents_client_nor_hold_its_data_dir(
    tmp_path: Path,
) -> None:
    told = tmp_path / "child.txt"
    argv = [sys.executable, "-c", PARENT, str(tmp_path / "device"), str(told)]
    parent = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    child = 0
    try:
        assert parent.stdout is not None
        vid, pid = parent.stdout.readline().decode().split()
        child = int(pid)
        wait_until(lambda: _ended(told), 30, "the child")
        outcome = told.read_text()
        assert outcome.startswith("refused: ") and "fork" in outcome, outcome
        with Client(tmp_path / "device") as here:
            assert not here.is_owner
            parent.kill()
            parent.wait(30)
            wait_until(lambda: here.is_owner or None, 10, "a takeover while the child lives")
            with here.local_volume(vid).reader() as reader:
                assert reader.snapshot is not None and reader.snapshot.lsn == 1
                assert reader.read(1) == b"p" * 4096
    finally:
        parent.kill()
        parent.wait(30)
        if child:
            os.kill(child, signal.SIGKILL)
