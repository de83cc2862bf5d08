"""Errors never name a volume outside the caller's scope, through real servers.

A segment holds pages of every volume whose writes were flushed together, so an error reading
it can be about another volume: here the part of a shared segment's index that belongs to
volume B is damaged, and a caller scoped to volume A reads A's page from that segment. The
answer is the corrupt-segment error, but without B's id; an unscoped caller (the operator)
still sees which volume is damaged.
"""

from __future__ import annotations

import json
import struct
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import crc32c
import pytest

from graft_core import segment as segment_module
from graft_core.errors import CorruptSegmentError, GraftError
from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.service.auth import HIDDEN_VOLUME, redact
from graft_core.tokens import Grant, TokenKeys, new_key_line
from graft_core.types import PAGE_SIZE
from graft_core.wire import ReadPagesRequest, SegmentRef, encode, error_from_body
from tests.pagestore.cluster import Cluster, running_cluster

ADMIN = "admin-secret"
KEY_LINE = new_key_line("k1")
PAGE = b"\x09" * PAGE_SIZE
_SHARE_DEADLINE_S = 60.0


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("scoped-errors")


@pytest.fixture(scope="module")
def cluster(tmp: Path) -> Iterator[Cluster]:
    (tmp / "tokens.json").write_text(json.dumps([{"token": ADMIN}]))
    (tmp / "keys").write_text(KEY_LINE)
    auth = ["--tokens-file", str(tmp / "tokens.json"), "--token-key-file", str(tmp / "keys")]
    pages = [*auth, "--metastore-token", ADMIN, "--flush-window-ms", "1000"]
    with running_cluster(tmp, metastore_args=auth, pagestore_args=pages) as c:
        yield c


def _shared_segment(cluster: Cluster) -> tuple[VolumeId, VolumeId, SegmentRef, SegmentRef]:
    """Two volumes whose concurrent writes were flushed into one segment.

    A lone write flushes at once; writes that arrive during a flush gather for the window, so
    of several concurrent writes some share a segment. Retried with new volumes until they do.
    """
    clients = [cluster.client(ADMIN) for _ in range(6)]
    deadline = time.monotonic() + _SHARE_DEADLINE_S
    with ThreadPoolExecutor(len(clients)) as pool:
        while time.monotonic() < deadline:
            vids = [VolumeId.random() for _ in clients]
            refs = list(pool.map(lambda c, v: c.write(v, {1: PAGE})[0], clients, vids))
            by_sid: dict[SegmentId, list[int]] = {}
            for number, ref in enumerate(refs):
                by_sid.setdefault(ref.sid, []).append(number)
            shared = next((group for group in by_sid.values() if len(group) > 1), None)
            if shared is not None:
                a, b = shared[:2]
                return vids[a], vids[b], refs[a], refs[b]
    raise AssertionError("no two concurrent writes shared a segment")


def _damage_volume_index(path: Path, vid: VolumeId) -> None:
    """Make ``vid``'s page list in the segment index start at page 0, with valid CRCs."""
    data = bytearray(path.read_bytes())
    footer_at = len(data) - segment_module.FOOTER_SIZE
    footer = segment_module.read_footer(bytes(data[footer_at:]))
    index_at = footer.index_offset
    _, frames, volumes = segment_module._INDEX_HEAD.unpack_from(data, index_at)
    table = index_at + segment_module._INDEX_HEAD.size + frames * segment_module._FRAME.size
    pages_at = table + volumes * segment_module._VOLUME.size
    for number in range(volumes):
        raw_vid, _, _, page_count = segment_module._VOLUME.unpack_from(
            data, table + number * segment_module._VOLUME.size
        )
        if raw_vid == bytes(vid):
            struct.pack_into("<I", data, pages_at, 0)
            break
        pages_at += page_count * 4
    else:
        raise AssertionError(f"{vid} is not in the segment")
    index_crc = crc32c.crc32c(bytes(data[index_at:footer_at]))
    offset, length, _, _, magic = segment_module._FOOTER.unpack_from(data, footer_at)
    crc = crc32c.crc32c(bytes(data[:footer_at]))
    segment_module._FOOTER.pack_into(data, footer_at, offset, length, index_crc, crc, magic)
    path.write_bytes(bytes(data))


def _read_error(cluster: Cluster, token: str, vid: VolumeId) -> GraftError:
    try:
        cluster.client(token).read(vid, 1, [1])
    except GraftError as exc:
        return exc
    raise AssertionError("the damaged segment was read without error")


def test_an_error_about_a_shared_segment_hides_foreign_volumes(cluster: Cluster, tmp: Path) -> None:
    vol_a, vol_b, ref_a, ref_b = _shared_segment(cluster)
    admin = cluster.client(ADMIN)
    admin.commit(vol_a, None, 1, [ref_a])
    admin.commit(vol_b, None, 1, [ref_b])
    (segment_file,) = (tmp / "segments").rglob(str(ref_a.sid))
    _damage_volume_index(segment_file, vol_b)
    cluster.pagestore.restart()  # forget the index it cached when it wrote the segment
    keys = TokenKeys.parse(KEY_LINE)
    for scope in ([vol_a], [vol_a, VolumeId.random()]):
        token = keys.sign(Grant(frozenset(scope), read_only=True), ttl_s=600)
        response = cluster.client(token).pages.post(
            "/pagestore/v1/read_pages", content=encode(_read_request(vol_a))
        )
        assert response.status_code >= 500
        assert str(vol_b).encode() not in response.content
        assert bytes(vol_b) not in response.content
        scoped = error_from_body(response.status_code, response.content)
        assert isinstance(scoped, CorruptSegmentError) and HIDDEN_VOLUME in str(scoped)
    operator = _read_error(cluster, ADMIN, vol_a)
    assert isinstance(operator, CorruptSegmentError) and str(vol_b) in str(operator)
    both = keys.sign(Grant(frozenset([vol_a, vol_b]), read_only=True), ttl_s=600)
    assert str(vol_b) in str(_read_error(cluster, both, vol_a))


def _read_request(vid: VolumeId) -> ReadPagesRequest:
    return ReadPagesRequest(vid=vid, lsn=1, graft=Graft([1]))


def test_redact_hides_only_volumes_outside_the_grant_and_the_request() -> None:
    mine, asked, foreign = VolumeId.random(), VolumeId.random(), VolumeId.random()
    sid = SegmentId.random()
    message = f"segment {sid}: volumes {mine}, {asked} and {foreign} ({foreign})"
    scoped = Grant(frozenset([mine]), read_only=False)
    assert redact(message, scoped, asked) == (
        f"segment {sid}: volumes {mine}, {asked} and {HIDDEN_VOLUME} ({HIDDEN_VOLUME})"
    )
    assert redact(message, Grant(None, read_only=True)) == message
    assert redact(f"x{foreign}", scoped) == f"x{foreign}"  # not a whole word: not an id
