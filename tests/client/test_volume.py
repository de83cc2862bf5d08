from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client, SyncMode, VolumeStatus
from graft_core import (
    EMPTY_PAGE,
    ClosedError,
    ConcurrentWriteError,
    InvalidInputError,
    InvalidPageError,
    SnapshotNotFoundError,
    VolumeId,
    VolumeNotFoundError,
)
from tests.client.conftest import page


def test_new_volume_has_no_snapshot_and_reads_zeros(client: Client) -> None:
    volume = client.create_volume()
    assert volume.snapshot() is None
    assert volume.status() is VolumeStatus.OK
    assert volume.sync_mode is SyncMode.BOTH
    with volume.reader() as reader:
        assert reader.snapshot is None
        assert reader.read(1) == EMPTY_PAGE
        assert reader.read(2**32 - 1) == EMPTY_PAGE


def test_commit_creates_consecutive_lsns_and_grows_page_count(client: Client) -> None:
    volume = client.create_volume()
    with volume.writer() as writer:
        writer.write(3, page("three"))
    first = volume.snapshot()
    assert first is not None and (first.lsn, first.page_count) == (1, 3)
    with volume.writer() as writer:
        writer.write(1, page("one"))
    second = volume.snapshot()
    assert second is not None and (second.lsn, second.page_count) == (2, 3)
    with volume.reader() as reader:
        assert [reader.read(i) for i in (1, 2, 3)] == [page("one"), EMPTY_PAGE, page("three")]
        assert reader.read(4) == EMPTY_PAGE


def test_writer_reads_its_own_writes_and_readers_stay_pinned(client: Client) -> None:
    volume = client.create_volume()
    with volume.writer() as writer:
        writer.write(1, page("v1"))
    pinned = volume.reader()
    writer = volume.writer()
    writer.write(1, page("v2"))
    assert writer.read(1) == page("v2")
    assert volume.reader().read(1) == page("v1")
    writer.commit()
    assert volume.reader().read(1) == page("v2")
    assert pinned.read(1) == page("v1")
    pinned.close()
    with pytest.raises(ClosedError):
        pinned.read(1)
    with pytest.raises(ClosedError):
        writer.write(1, page("v3"))


def test_concurrent_writers_second_commit_fails(client: Client) -> None:
    volume = client.create_volume()
    first, second = volume.writer(), volume.writer()
    first.write(1, page("a"))
    second.write(2, page("b"))
    first.commit()
    with pytest.raises(ConcurrentWriteError):
        second.commit()
    snap = volume.snapshot()
    assert snap is not None and snap.lsn == 1
    assert volume.reader().read(2) == EMPTY_PAGE


def test_exception_in_writer_block_discards(client: Client) -> None:
    volume = client.create_volume()
    with pytest.raises(RuntimeError), volume.writer() as writer:
        writer.write(1, page("lost"))
        raise RuntimeError("boom")
    assert volume.snapshot() is None


def test_a_commit_to_a_deleted_volume_is_refused_and_stores_nothing(client: Client) -> None:
    """A handle kept past the deletion: its commit was acknowledged, into keys no volume owns
    (found by an outside tester, from this process and from another)."""
    volume = client.create_volume()
    for writes in (False, True):  # a volume deleted with no commit, and one deleted after one
        if writes:
            volume = client.create_volume()
            with volume.writer() as writer:
                writer.write(1, page("kept"))
        client.delete_volume(volume.vid)
        writer = volume.writer()
        writer.write(1, page("orphan"))
        with pytest.raises(VolumeNotFoundError):
            writer.commit()
        assert client.volumes() == [] and volume.snapshot() is None
        with pytest.raises(VolumeNotFoundError):
            client.local_volume(volume.vid)


def test_empty_commit_is_a_noop(client: Client) -> None:
    volume = client.create_volume()
    assert volume.writer().commit() is None
    with volume.writer() as writer:
        writer.write(2, page("x"))
    before = volume.snapshot()
    assert volume.writer().commit() == before
    writer = volume.writer()
    writer.truncate(2)
    assert writer.commit() == before
    assert [entry.lsn for entry in volume.log()] == [1]


def test_truncate_drops_pages_and_they_stay_gone_when_regrown(client: Client) -> None:
    volume = client.create_volume()
    with volume.writer() as writer:
        for idx in range(1, 11):
            writer.write(idx, page(f"p{idx}"))
    with volume.writer() as writer:
        writer.write(9, page("staged"))
        writer.truncate(4)
        assert writer.read(9) == EMPTY_PAGE
        assert writer.read(4) == page("p4")
        writer.write(8, page("new8"))
        assert writer.read(6) == EMPTY_PAGE
    snap = volume.snapshot()
    assert snap is not None and snap.page_count == 8
    with volume.reader() as reader:
        assert [reader.read(i) for i in range(4, 11)] == [
            page("p4"),
            EMPTY_PAGE,
            EMPTY_PAGE,
            EMPTY_PAGE,
            page("new8"),
            EMPTY_PAGE,
            EMPTY_PAGE,
        ]
    with volume.writer() as writer:
        writer.write(10, page("grow"))
    with volume.reader() as reader:
        assert reader.read(9) == EMPTY_PAGE
        assert reader.read(5) == EMPTY_PAGE
    with volume.reader(1) as old:
        assert old.read(9) == page("p9")
    assert 9 in volume.log()[1].pages


def test_bad_page_input_is_rejected_without_effect(client: Client) -> None:
    volume = client.create_volume()
    writer = volume.writer()
    for bad in (0, -1, 2**32, "1", 1.0, True):
        with pytest.raises(InvalidPageError):
            writer.write(bad, page("x"))  # type: ignore[arg-type]
    for data in (b"", b"x" * 4095, b"x" * 4097, "x" * 4096):
        with pytest.raises(InvalidPageError):
            writer.write(1, data)  # type: ignore[arg-type]
    with pytest.raises(InvalidPageError):
        writer.truncate(-1)
    assert writer.commit() is None
    with pytest.raises(InvalidInputError):
        volume.reader(0)
    with pytest.raises(SnapshotNotFoundError):
        volume.reader(1)


def test_reads_at_old_lsns_until_retention_reclaims_them(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=4) as client:
        volume = client.create_volume(sync="disabled")
        for lsn in range(1, 31):
            with volume.writer() as writer:
                writer.write(1, page(f"v{lsn}"))
        client.compact()
        for lsn in range(27, 31):
            with volume.reader(lsn) as reader:
                assert reader.read(1) == page(f"v{lsn}")
        with pytest.raises(SnapshotNotFoundError, match="no longer retained"):
            volume.reader(26)
        with pytest.raises(SnapshotNotFoundError):
            volume.reader(31)


def test_reclaim_bounds_versions_per_page(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=8) as client:
        volume = client.create_volume(sync="disabled")
        for lsn in range(1, 201):
            with volume.writer() as writer:
                writer.write(1 + lsn % 4, page(f"v{lsn}"))
        versions = client.state.page_versions(volume.vid, 1, 4)
        # Auto-reclaim runs every keep/4 commits: at most keep + keep/4 + one per page remain.
        assert len(versions) <= 8 + 2 + 4
        assert len(volume.log()) <= 8 + 2
        with volume.reader() as reader:
            assert [reader.read(i) for i in range(1, 5)] == [
                page(f"v{n}") for n in (200, 197, 198, 199)
            ]


def test_open_reader_pins_its_snapshot_through_compaction(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=1) as client:
        volume = client.create_volume(sync="disabled")
        with volume.writer() as writer:
            writer.write(1, page("old"))
        pinned = volume.reader()
        for lsn in range(2, 40):
            with volume.writer() as writer:
                writer.write(1, page(f"v{lsn}"))
        client.compact()
        assert pinned.read(1) == page("old")
        with volume.reader(1) as again:
            assert again.read(1) == page("old")
        pinned.close()
        client.compact()
        with pytest.raises(SnapshotNotFoundError):
            volume.reader(1)
        assert len(client.state.page_versions(volume.vid, 1, 1)) == 1


def test_unpushed_commits_keep_their_log_records(tmp_path: Path) -> None:
    with Client(tmp_path, keep_commits=2) as client:
        synced = client.create_volume(sync="both")
        local = client.create_volume(sync="disabled")
        for lsn in range(1, 21):
            for volume in (synced, local):
                with volume.writer() as writer:
                    writer.write(1, page(f"v{lsn}"))
        client.compact()
        assert [e.lsn for e in synced.log()] == list(range(1, 21))
        assert [e.lsn for e in local.log()] == [19, 20]


def test_state_survives_reopen_and_client_id_persists(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        cid = client.client_id
        volume = client.create_volume(sync="pull")
        with volume.writer() as writer:
            writer.write(5, page("kept"))
        vid = volume.vid
    with Client(tmp_path) as client:
        assert client.client_id == cid
        volume = client.open_volume(str(vid))
        assert volume.sync_mode is SyncMode.PULL
        assert volume.reader().read(5) == page("kept")
        volume.sync_mode = "push"
    with Client(tmp_path, client_id=cid) as client:
        assert client.open_volume(vid).sync_mode is SyncMode.PUSH
        assert [info.vid for info in client.volumes()] == [vid]


def test_open_errors(client: Client, tmp_path: Path) -> None:
    with pytest.raises(VolumeNotFoundError):
        client.open_volume(VolumeId.random())
    with pytest.raises(InvalidInputError):
        client.open_volume("not-a-volume-id")
    with pytest.raises(InvalidInputError):
        client.create_volume(sync="sideways")
    with pytest.raises(InvalidInputError):
        Client(tmp_path / "other", keep_commits=0)


def test_second_client_on_same_dir_attaches_in_process(tmp_path: Path) -> None:
    with Client(tmp_path) as owner, Client(tmp_path) as attached:
        assert owner.is_owner and not attached.is_owner
        assert attached.owner_pid == os.getpid()
        volume = attached.create_volume()
        with volume.writer() as writer:
            writer.write(1, page("a"))
        snapshot = owner.local_volume(volume.vid).snapshot()
        assert snapshot is not None and snapshot.lsn == 1
    with Client(tmp_path) as reopened:
        assert [info.vid for info in reopened.volumes()] == [volume.vid]
    closed = Client(tmp_path)
    closed.close()
    with pytest.raises(ClosedError):
        closed.create_volume()


def test_second_client_on_same_dir_attaches_across_processes(tmp_path: Path) -> None:
    holder = textwrap.dedent(
        f"""
        import sys
        from graft_client import Client
        with Client({str(tmp_path)!r}) as client:
            print("open", flush=True)
            vid = sys.stdin.readline().strip()
            with client.local_volume(vid).reader() as reader:
                print(reader.read(1)[:1].decode(), flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "open"
        with Client(tmp_path) as client:
            assert not client.is_owner and client.owner_pid == proc.pid
            volume = client.create_volume()
            with volume.writer() as writer:
                writer.write(1, page("b"))
            out, _ = proc.communicate(f"{volume.vid}\n", timeout=30)
            assert out.strip() == "b"
    finally:
        if proc.poll() is None:
            proc.kill()
    with Client(tmp_path) as client:
        assert [info.vid for info in client.volumes()] == [volume.vid]


def test_closing_the_client_closes_open_readers_and_releases_the_dir(tmp_path: Path) -> None:
    client = Client(tmp_path)
    volume = client.create_volume()
    with volume.writer() as writer:
        writer.write(1, page("x"))
    reader = volume.reader()
    writer = volume.writer()
    client.close()
    with pytest.raises(ClosedError):
        reader.read(1)
    with pytest.raises(ClosedError):
        writer.read(1)
    with Client(tmp_path) as reopened:
        assert reopened.open_volume(volume.vid).reader().read(1) == page("x")


def test_reclaim_walks_no_commit_record_it_deleted_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each reclaim deleted the commit records below the horizon, then looked for more from
    LSN 1: over the tombstones of every record deleted before (until RocksDB compacts them), a
    walk that grew with the volume's history."""
    from graft_client.storage.volumes import VolumeRecords

    starts: list[int] = []
    commits = VolumeRecords.commits

    def recorded(records: VolumeRecords, vid: VolumeId, start: int, stop: int) -> Any:
        starts.append(start)
        return commits(records, vid, start, stop)

    with Client(tmp_path, keep_commits=4) as client:
        volume = client.create_volume(sync="disabled")
        monkeypatch.setattr(VolumeRecords, "commits", recorded)
        for lsn in range(1, 101):
            with volume.writer() as writer:
                writer.write(1, page(f"v{lsn}"))
        assert starts.count(1) == 1, starts  # the first reclaim's, which finds where to start
        assert len(volume.log()) <= 4 + 1
