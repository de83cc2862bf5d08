"""``graft import`` from a process attached to another's data dir: the owner loads the file as
its own, so the volume appears whole or not at all; an import cut off leaves none behind.
(Found by a README walk: a Ctrl-C or kill -9 of the attached import left an empty volume, or a
whole one without its tag, which the owner then pushed.)"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from pathlib import Path

from graft_client import Client
from graft_client.sqlite.transfer import import_file
from graft_core.failpoints import armed
from graft_core.types import PAGE_SIZE
from tests.cli.runner import GRAFT, clean_env
from tests.sqlite.support import Device
from tests.support.polling import wait_until

PAGES = 4096


def test_an_attached_import_appears_whole_or_not_at_all(
    pair: tuple[Device, Device], tmp_path: Path
) -> None:
    owner, attached = pair
    source = tmp_path / "file.bin"
    source.write_bytes(os.urandom(PAGES * PAGE_SIZE))
    seen: list[int] = []  # the page counts of the volumes the owner had meanwhile
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            for info in owner.client.volumes():
                snapshot = owner.client.local_volume(info.vid).snapshot()
                seen.append(0 if snapshot is None else snapshot.page_count)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        imported = import_file(attached.client, source)
        wait_until(lambda: seen or None, 10, "the owner seeing the volume")
    finally:
        stop.set()
        watcher.join()
    assert set(seen) == {PAGES}  # an empty volume was there while the pages went over
    assert imported.snapshot is not None and imported.snapshot.page_count == PAGES


def test_ctrl_c_of_an_attached_import_leaves_no_volume(tmp_path: Path, gate: Path) -> None:
    """Interrupted while the owner loads its pages: the owner makes the volume all the same
    (the request reached it whole), then deletes it as the interrupted import asks."""
    data_dir = tmp_path / "data"
    source = tmp_path / "file.bin"
    source.write_bytes(os.urandom(64 * PAGE_SIZE))
    with Client(data_dir) as owner, armed("import.before_commit", "pause"):
        app = subprocess.Popen(
            [str(GRAFT), "--data-dir", str(data_dir), "import", str(source), "--tag", "file"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=clean_env(GRAFT_FAILPOINT_DIR=str(gate)),
        )
        try:
            wait_until(lambda: any(gate.glob("import.before_commit.*.reached")), 30, "the load")
            app.send_signal(signal.SIGINT)
            (gate / "import.before_commit.resume").touch()
            _, err = app.communicate(timeout=60)
        finally:
            app.kill()
        assert app.returncode == 130, err
        assert b"Traceback" not in err
        assert owner.volumes() == [] and owner.tags() == {}
