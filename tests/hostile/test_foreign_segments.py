"""A commit or checkpoint may name only segments the pagestore wrote for that volume, with exactly
the pages it wrote (issue 14 item 8): another volume's segment, one that does not exist, or a real
one with other pages is 400 ``invalid_segment`` and nothing stored changes. Reads of a commit
whose segment is missing or foreign (stored before receipts existed, or with a leaked key) answer
503 with a message that names the problem, never 500."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from graft_core.errors import InvalidSegmentError
from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.receipts import KEY_ENV, KEY_FILE_NAME
from graft_core.types import PAGE_SIZE
from graft_core.wire import (
    CheckpointRequest,
    CommitRequest,
    Message,
    ReadPagesRequest,
    SegmentRef,
    VolumesRequest,
    VolumesResponse,
    encode,
)
from graft_pipeline.location import Location
from tests.hostile.rpc import error_code, send
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster
from tests.support.polling import wait_until
from tests.support.receipts import signed

GRAFT = str(Path(sys.executable).with_name("graft"))
PAGE_A = b"A" * PAGE_SIZE
PAGE_B = b"B" * PAGE_SIZE


@dataclass
class Volumes:
    cluster: Cluster
    http: GraftHttp
    a: VolumeId  # the victim: its segment is what the attacker points at
    b: VolumeId  # the attacker's own volume
    a_segments: list[SegmentRef]  # with A's receipts
    b_segments: list[SegmentRef]  # with B's receipts
    segments_dir: Path

    def state(self) -> tuple[bytes, list[str], dict[int, bytes], dict[int, bytes]]:
        """Every volume's LSN and page count, the stored segment objects, and both volumes'
        pages at their latest LSN."""
        request = VolumesRequest(limit=1000)
        listed = self.http._call(self.http.meta, "/metastore/v1/volumes", request, VolumesResponse)
        lsns = {info.vid: info.lsn for info in listed.volumes}
        return (
            encode(listed),
            sorted(p.name for p in self.segments_dir.rglob("*")),
            self.http.read(self.a, lsns[self.a], [1, 2]),
            self.http.read(self.b, lsns[self.b], [1, 2]),
        )


@pytest.fixture
def volumes(tmp_path: Path) -> Iterator[Volumes]:
    with running_cluster(tmp_path) as cluster:
        http = cluster.client()
        a, b = VolumeId.random(), VolumeId.random()
        a_segments = http.write(a, {1: PAGE_A, 2: PAGE_A})
        http.commit(a, None, 2, a_segments)
        b_segments = http.write(b, {1: PAGE_B})
        http.commit(b, None, 2, b_segments)
        yield Volumes(cluster, http, a, b, a_segments, b_segments, tmp_path / "segments")


def _commit(vid: VolumeId, base: int | None, segments: list[SegmentRef]) -> CommitRequest:
    return CommitRequest(
        vid=vid,
        cid=ClientId.random(),
        base_lsn=base,
        page_count=2,
        segments=segments,
        commit_hash=os.urandom(32),
    )


def _attacks(v: Volumes) -> dict[str, tuple[str, Message]]:
    (a_seg,) = v.a_segments
    (b_seg,) = v.b_segments
    fresh = VolumeId.random()
    unsigned = SegmentRef(sid=a_seg.sid, graft=a_seg.graft)
    nowhere = SegmentRef(sid=SegmentId.random(), graft=Graft([1]), receipt=os.urandom(32))
    widened = SegmentRef(sid=b_seg.sid, graft=Graft([1, 2]), receipt=b_seg.receipt)
    commit, checkpoint = "/metastore/v1/commit", "/metastore/v1/checkpoint"
    return {
        "another volume's segment, with its receipt": (commit, _commit(v.b, 1, [a_seg])),
        "another volume's segment, no receipt": (commit, _commit(v.b, 1, [unsigned])),
        "a segment that does not exist": (commit, _commit(v.b, 1, [nowhere])),
        "own segment, more pages than written": (commit, _commit(v.b, 1, [widened])),
        "own and foreign segments together": (commit, _commit(v.b, 1, [b_seg, a_seg])),
        "a new volume made of a foreign segment": (commit, _commit(fresh, None, [a_seg])),
        "a checkpoint of a foreign segment": (
            checkpoint,
            CheckpointRequest(vid=v.b, lsn=1, segments=[a_seg]),
        ),
        "a checkpoint of a nonexistent segment": (
            checkpoint,
            CheckpointRequest(vid=v.b, lsn=1, segments=[nowhere]),
        ),
    }


def test_foreign_and_nonexistent_segments_are_refused_and_nothing_changes(
    volumes: Volumes,
) -> None:
    before = volumes.state()
    url = volumes.cluster.metastore.url
    for name, (path, body) in _attacks(volumes).items():
        status, answer = send(url, path, body)
        assert status == 400, (name, status, answer[:300])
        assert error_code(answer) == "invalid_segment", name
    assert volumes.state() == before
    # The same commit path takes the volume's own receipted segment: receipts decide, not luck.
    status, answer = send(url, "/metastore/v1/commit", _commit(volumes.b, 1, volumes.b_segments))
    assert status == 200, answer[:300]


def _read_status(v: Volumes, vid: VolumeId, lsn: int, page: int) -> tuple[int, bytes]:
    request = ReadPagesRequest(vid=vid, lsn=lsn, graft=Graft([page]))
    return send(v.cluster.pagestore.url, "/pagestore/v1/read_pages", request)


def test_a_stored_commit_naming_a_foreign_or_missing_segment_reads_as_503(
    volumes: Volumes,
) -> None:
    """Such commits can only come from before receipts (or a leaked key); the test signs them
    with the servers' key to store them, then reads must say what is wrong, not crash."""
    (a_seg,) = volumes.a_segments
    foreign = signed(volumes.b, [SegmentRef(sid=a_seg.sid, graft=Graft([1]))])
    assert volumes.http.commit(volumes.b, 1, 2, foreign).lsn == 2
    status, answer = _read_status(volumes, volumes.b, 2, 1)
    assert status == 503, answer[:300]
    assert error_code(answer) == "segment_mismatch"

    missing = signed(volumes.b, [SegmentRef(sid=SegmentId.random(), graft=Graft([2]))])
    assert volumes.http.commit(volumes.b, 2, 2, missing).lsn == 3
    status, answer = _read_status(volumes, volumes.b, 3, 2)
    assert status == 503, answer[:300]
    assert error_code(answer) == "segment_missing"
    # The volume's other versions and other volumes read as before.
    assert volumes.http.read(volumes.b, 1, [1]) == {1: PAGE_B}
    assert volumes.http.read(volumes.a, 1, [1, 2]) == {1: PAGE_A, 2: PAGE_A}


def _serve(data: Path, ready: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    ready.unlink(missing_ok=True)
    command = [GRAFT, "serve", "--data-dir", str(data), "--ready-file", str(ready)]
    ports = ["--metastore-port", "0", "--pagestore-port", "0"]
    return subprocess.Popen([*command, *ports], env=env, stdout=subprocess.DEVNULL)


def _wait_ready(ready: Path) -> dict[str, str]:
    text = wait_until(lambda: ready.read_text() if ready.exists() else None, 60, "graft serve")
    urls: dict[str, str] = json.loads(text)
    return urls


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)


def test_graft_serve_gives_both_servers_one_key_kept_in_its_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_ENV)
    env = dict(os.environ)
    data, ready = tmp_path / "data", tmp_path / "ready.json"
    vid = VolumeId.random()
    proc = _serve(data, ready, env)
    try:
        urls = _wait_ready(ready)
        http = GraftHttp(urls["metastore"], urls["pagestore"])
        kept = http.write(vid, {1: PAGE_A})
        http.commit(vid, None, 1, http.write(vid, {1: PAGE_B}))
        forged = [SegmentRef(sid=kept[0].sid, graft=kept[0].graft, receipt=os.urandom(32))]
        with pytest.raises(InvalidSegmentError):
            http.commit(vid, 1, 1, forged)
        http.close()
    finally:
        _stop(proc)
    key_file = data / KEY_FILE_NAME
    assert key_file.stat().st_mode & 0o777 == 0o600
    key = key_file.read_bytes()
    proc = _serve(data, ready, env)
    try:
        urls = _wait_ready(ready)
        http = GraftHttp(urls["metastore"], urls["pagestore"])
        # The same key after a restart: a receipt from before it still commits.
        assert http.commit(vid, 1, 1, kept).lsn == 2
        assert http.read(vid, 2, [1]) == {1: PAGE_A}
        # The pipeline finds the key in the data dir too (compaction signs checkpoints).
        location = Location.resolve(metastore=urls["metastore"], store=None, data_dir=data)
        assert location.receipt_key is not None
        resigned = [location.receipt_key.sign(vid, SegmentRef(sid=kept[0].sid, graft=Graft([1])))]
        assert http.commit(vid, 2, 1, resigned).lsn == 3
        http.close()
    finally:
        _stop(proc)
    assert key_file.read_bytes() == key
