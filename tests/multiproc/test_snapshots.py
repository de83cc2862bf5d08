"""Snapshot semantics across processes (issue 16, point 1): an attached process's reader keeps
its LSN however many commits the owner makes (its pin holds back reclaim there), its writer
whose base moved gets ``ConcurrentWriteError``, and its pins go when it dies."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.errors import InvalidInputError, SnapshotNotFoundError
from graft_core.types import PAGE_SIZE
from tests.cli.runner import graft, stderr_lines
from tests.multiproc.conftest import events, first_event, start_worker, tell
from tests.support.polling import wait_until

COMMITS = 20


def tagged(n: int) -> bytes:
    return f"v{n}".encode().ljust(PAGE_SIZE, b"\0")


def test_an_attached_reader_keeps_its_snapshot_until_its_process_dies(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=2) as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, tagged(0))
        worker = start_worker("pin", tmp_path, volume.vid, 0, 0)
        try:
            pinned = int(first_event(worker, "pinned")[0])
            for n in range(1, COMMITS + 1):  # each commit reclaims what no pin holds
                with volume.writer() as writer:
                    writer.write(1, tagged(n))
            tell(worker)
            assert first_event(worker, "read") == ["v0"]
            wait_until(
                lambda: bool(events(worker, "conflict") + events(worker, "committed")),
                30,
                "the commit",
            )
            assert events(worker, "conflict") == [[]]
            assert volume.reader(pinned).read(1) == tagged(0)  # still retained: pinned
        finally:
            os.kill(worker.proc.pid, signal.SIGKILL)
            worker.proc.wait(timeout=30)

        def released() -> bool:
            volume.reclaim()
            try:
                volume.reader(pinned).close()
            except SnapshotNotFoundError:
                return True
            return False

        wait_until(released, 30, "the dead process's pin to go")
        snapshot = volume.snapshot()
        assert snapshot is not None and snapshot.lsn == COMMITS + 1
        with pytest.raises(SnapshotNotFoundError):
            volume.reader(pinned)


def test_a_volume_is_deleted_as_soon_as_another_process_closed_its_readers(
    tmp_path: Path,
) -> None:
    # An attached process lets the owner know of a closed reader a little later (with its
    # next request, or within ``SOON_S``): a deletion meanwhile must not find it still open.
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        volume = owner.create_volume()
        with volume.writer() as writer:
            writer.write(1, tagged(1))
        with attached.local_volume(volume.vid).reader() as reader:
            assert reader.read(1) == tagged(1)
            with pytest.raises(InvalidInputError, match="open readers or writers"):
                owner.delete_volume(volume.vid)
        owner.delete_volume(volume.vid)
        assert volume.vid not in [info.vid for info in attached.volumes()]


def test_a_deletion_refused_for_open_readers_names_the_processes_that_hold_them(
    tmp_path: Path,
) -> None:
    with Client(tmp_path) as owner:
        volume = owner.create_volume()
        with volume.writer() as writer:
            writer.write(1, tagged(1))
        worker = start_worker("pin", tmp_path, volume.vid, 0, 0)
        try:
            first_event(worker, "pinned")
            with pytest.raises(InvalidInputError, match=rf"\(held in pid {worker.proc.pid}\)$"):
                owner.delete_volume(volume.vid)
            with volume.reader():
                proc = graft(
                    "volume", "delete", str(volume.vid), "--yes", "--force", data_dir=tmp_path
                )
        finally:
            os.kill(worker.proc.pid, signal.SIGKILL)
            worker.proc.wait(timeout=30)
        assert proc.returncode == 2, proc.stderr.decode()
        held = f"(held in pid {worker.proc.pid}, pid {os.getpid()}, which owns the data dir)"
        assert stderr_lines(proc)[-1].endswith(held), stderr_lines(proc)

        def deleted() -> bool:
            try:
                owner.delete_volume(volume.vid)
            except InvalidInputError:
                return False
            return True

        wait_until(deleted, 30, "the dead process's pin to go")
