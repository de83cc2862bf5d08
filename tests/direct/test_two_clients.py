"""Two clients in direct mode on one remote: push, lazy pull, conflict, reset, rebase, lite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from graft_client import Client, LiteClient, PullOutcome, VolumeStatus
from graft_client.direct.counting import CountingStore, RequestCounter, RequestCounts
from graft_client.status import volume_report
from graft_core.errors import CommitRejectedError, ConflictError, InvalidInputError
from graft_core.objstore import MemoryStore
from graft_core.settings import Settings
from graft_core.types import EMPTY_PAGE
from tests.direct.support import Remote, stored_commits, stored_lsns
from tests.sync.support import page, read_all, write_pages

PAGES = 40
ROOT = Path(__file__).resolve().parents[2]


def test_push_then_lazy_pull_and_lite_reads(remote: Remote, tmp_path: Path) -> None:
    v1 = {idx: page(f"v1 {idx}") for idx in range(1, PAGES + 1)}
    v2 = {3: page("v2 3"), PAGES + 5: page("v2 grows")}
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, v1)
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)  # lazy clone: learns which pages, fetches none
        assert vol_b.stats().pages_fetched == 0
        with vol_b.reader() as reader:
            assert reader.read(7) == v1[7]
        assert 0 < vol_b.stats().pages_fetched < PAGES  # only the read and its neighbours

        write_pages(vol_a, v2)
        assert vol_a.push() == 2
        assert vol_b.pull() is PullOutcome.APPLIED
        expected = {idx: v1.get(idx, EMPTY_PAGE) for idx in range(1, PAGES + 6)} | v2
        assert read_all(vol_b, PAGES + 5) == expected
        assert vol_b.pull() is PullOutcome.UP_TO_DATE
    assert stored_lsns(remote, vol_a.vid) == [1, 2]
    with remote.lite() as lite:
        assert lite.snapshot(vol_a.vid).lsn == 2
        assert lite.read_many(vol_a.vid, range(1, PAGES + 1), lsn=1) == v1
        assert lite.read(vol_a.vid, 3) == page("v2 3")


def test_rejected_push_then_reset(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("base")})
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)
        write_pages(vol_a, {1: page("a1")})
        write_pages(vol_b, {2: page("b2")})
        assert vol_a.push() == 2
        with pytest.raises(CommitRejectedError):
            vol_b.push()  # the create-only PUT of LSN 2 found A's record
        assert vol_b.status() is VolumeStatus.REJECTED_COMMIT
        with pytest.raises(ConflictError):
            vol_b.push()
        snap = vol_b.reset_to_remote()
        assert snap is not None and snap.remote_lsn == 2
        assert read_all(vol_b, 2) == {1: page("a1"), 2: EMPTY_PAGE}
        write_pages(vol_b, {2: page("b2 again")})
        assert vol_b.push() == 3
        assert vol_a.pull() is PullOutcome.APPLIED
        assert read_all(vol_a, 2) == {1: page("a1"), 2: page("b2 again")}
    assert stored_lsns(remote, vol_a.vid) == [1, 2, 3]


def test_pull_conflict_and_rebase(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, {idx: page(f"base {idx}") for idx in range(1, 11)})
        assert vol_a.push() == 1
        vol_b = b.open_volume(vol_a.vid)
        write_pages(vol_a, {1: page("a1")})
        assert vol_a.push() == 2
        write_pages(vol_b, {1: page("b1")})
        assert vol_b.pull() is PullOutcome.CONFLICT  # both wrote page 1
        vol_b.reset_to_remote()
        assert read_all(vol_b, 1) == {1: page("a1")}

        vol_b.conflict_policy = "rebase"
        write_pages(vol_b, {9: page("b9")})
        write_pages(vol_a, {2: page("a2")})
        assert vol_a.push() == 3
        assert vol_b.pull() is PullOutcome.REBASED
        assert vol_b.push() == 4
        assert vol_a.pull() is PullOutcome.APPLIED
        assert read_all(vol_a, 10) == read_all(vol_b, 10)
        assert read_all(vol_a, 10)[9] == page("b9")
    assert stored_lsns(remote, vol_a.vid) == [1, 2, 3, 4]


def test_one_winner_per_lsn_and_exact_idempotency(remote: Remote, tmp_path: Path) -> None:
    """Of two commits on one base, the create-only PUT lets one win; the same commit again is
    answered as the stored one (a replay), a different one is rejected."""
    with remote.client(tmp_path / "a") as a:
        vol = a.create_volume()
        write_pages(vol, {1: page("one")})
        assert vol.push() == 1
        runtime = a.runtime
        metastore, pagestore = runtime.metastore, runtime.pagestore
        refs = runtime.call(pagestore.write_pages, vol.vid, [(1, page("two"))])
        commit = (vol.vid, runtime.client_id, 1, 1, refs, b"h" * 32)
        won = runtime.call(metastore.commit, *commit)
        assert won.lsn == 2
        assert runtime.call(metastore.commit, *commit) == won  # a retry: the same answer
        with pytest.raises(CommitRejectedError):
            runtime.call(metastore.commit, *commit[:-1], b"x" * 32)
    records = stored_commits(remote, vol.vid)
    assert [r.lsn for r in records] == [1, 2] and records[1].commit_hash == b"h" * 32


def test_requests_are_counted(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a, remote.client(tmp_path / "b") as b:
        vol_a = a.create_volume()
        write_pages(vol_a, {1: page("one")})
        vol_a.push()
        write_pages(vol_a, {2: page("two")})
        before = vol_a.stats().requests
        vol_a.push()
        spent = vol_a.stats().requests - before
        # A commit after the first: the segment and the record (create-only), no GET or LIST.
        assert (spent.puts, spent.gets, spent.lists) == (2, 0, 0)
        vol_b = b.open_volume(vol_a.vid)
        assert vol_b.stats().requests.total > 0
        write_pages(vol_a, {3: page("three")})
        vol_a.push()
        before = vol_b.stats().requests
        assert vol_b.pull() is PullOutcome.APPLIED
        spent = vol_b.stats().requests - before
        assert (spent.puts, spent.gets, spent.lists) == (0, 2, 0)  # the new record, then a 404
        before = vol_b.stats().requests
        assert vol_b.pull() is PullOutcome.UP_TO_DATE
        spent = vol_b.stats().requests - before
        assert (spent.puts, spent.gets, spent.lists) == (0, 1, 0)  # one probe of the next LSN


def test_bad_remote_urls(tmp_path: Path) -> None:
    for bad in ("ftp://x/y", str(tmp_path / "plain-path"), "file://elsewhere/x"):
        with pytest.raises(InvalidInputError, match="remote"):
            Client(tmp_path / "a", remote=bad)
        with pytest.raises(InvalidInputError, match="remote"):
            LiteClient(remote=bad)
    with pytest.raises(InvalidInputError, match="both set"):
        Client(tmp_path / "a", remote="memory://x", metastore="http://127.0.0.1:1")


def test_the_first_source_naming_a_remote_or_servers_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAFT_METASTORE", "http://127.0.0.1:1")
    monkeypatch.setenv("GRAFT_PAGESTORE", "http://127.0.0.1:2")
    settings = Settings.resolve(data_dir=tmp_path, remote="memory://x")
    assert (settings.remote, settings.metastore, settings.pagestore) == ("memory://x", None, None)
    monkeypatch.setenv("GRAFT_REMOTE", "memory://y")
    with pytest.raises(InvalidInputError, match="both set"):
        Settings.resolve(data_dir=tmp_path)
    monkeypatch.delenv("GRAFT_METASTORE")
    monkeypatch.delenv("GRAFT_PAGESTORE")
    settings = Settings.resolve(data_dir=tmp_path, metastore="http://h:1", pagestore="http://h:2")
    assert (settings.remote, settings.metastore) == (None, "http://h:1")
    (tmp_path / "graft.toml").write_text('remote = "file:///srv/graft"\n')
    monkeypatch.delenv("GRAFT_REMOTE")
    assert Settings.resolve(data_dir=tmp_path).remote == "file:///srv/graft"


def test_an_attached_process_sees_the_owners_request_counts(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as owner, remote.client(tmp_path / "a") as attached:
        assert owner.is_owner and not attached.is_owner
        volume = attached.create_volume()
        write_pages(volume, {1: page("one")})
        assert volume.push() == 1  # runs in the owner, which syncs for the device
        counted = owner.local_volume(volume.vid).stats().requests
        assert counted.puts >= 2
        assert volume.stats().requests == counted
        assert volume_report(volume)["store_puts"] == counted.puts


def test_request_counts_are_kept_when_the_client_closes(remote: Remote, tmp_path: Path) -> None:
    """``graft status`` in a new process shows what the data dir spent, not zeros."""
    with remote.client(tmp_path / "a") as client:
        volume = client.create_volume()
        write_pages(volume, {1: page("one")})
        volume.push()
        first = volume.stats().requests
    assert first.puts >= 2
    with remote.client(tmp_path / "a") as client:
        volume = client.local_volume(volume.vid)
        assert volume.stats().requests == first
        write_pages(volume, {2: page("two")})
        volume.push()
        second = volume.stats().requests
        assert (second - first).puts == 2  # segment and record (a new process probes the log)
    with remote.client(tmp_path / "a") as client:
        assert client.local_volume(volume.vid).stats().requests == second


def test_a_listing_counts_one_request_per_page_of_1000_keys() -> None:
    counter = RequestCounter()
    inner = MemoryStore()
    for n in range(2000):
        inner.put(f"k/{n:05d}", b"")
    store = CountingStore(inner, counter)
    assert len(list(store.list("k/"))) == 2000
    assert counter.total == RequestCounts(lists=2)
    assert len(list(store.list("k/0000"))) == 10
    assert counter.total == RequestCounts(lists=3)


def test_a_client_of_servers_loads_no_server_code() -> None:
    """Direct mode's server code (and starlette, the server extra) and the object store code
    (obstore: 100+ ms of every process start) load only with a remote."""
    probe = (
        "import sys\n"
        "from graft_client import Client, LiteClient\n"
        "import graft_client.sync.runtime\n"
        "print('obstore' in sys.modules)\n"
        "import graft_client.cli.app\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'starlette', 'uvicorn', 'metastore_server', 'pagestore_server'}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.split("\n")[:2] == ["False", "[]"]


def test_a_waiting_pull_polls_with_backoff(remote: Remote, tmp_path: Path) -> None:
    with remote.client(tmp_path / "a") as a:
        volume = a.create_volume()
        write_pages(volume, {1: page("one")})
        volume.push()
        runtime = a.runtime
        before = volume.stats().requests
        answer = runtime.call(runtime.metastore.pull_graft, volume.vid, 2, None, 1_000)
        assert answer.snapshot is not None and answer.snapshot.lsn == 1  # nothing new
        spent = volume.stats().requests - before
        # Probes 50, 100, 200, 400 ms apart and one at the deadline: 6 at most in a second,
        # where polling every 50 ms would make 20.
        assert 2 <= spent.gets <= 6 and spent.puts == spent.lists == 0
