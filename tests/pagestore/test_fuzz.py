"""Random, truncated and malformed bodies to both pagestore endpoints: only 4xx, server stays up."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import ReadPagesRequest, WritePagesRequest, encode
from tests.pagestore.cluster import Cluster, running_cluster

ENDPOINTS = ["write_pages", "read_pages"]
PAGE = bytes(range(256)) * (PAGE_SIZE // 256)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, VolumeId]]:
    with running_cluster(tmp_path_factory.mktemp("fuzz")) as cluster:
        http = cluster.client()
        vid = VolumeId.random()
        http.commit(vid, None, 2, http.write(vid, {1: PAGE, 2: PAGE}))
        yield cluster, vid


def _valid(vid: VolumeId) -> list[bytes]:
    return [
        encode(WritePagesRequest(vid=vid, pages=[(3, PAGE)])),
        encode(ReadPagesRequest(vid=vid, lsn=1, graft=Graft([1, 2, 3]))),
    ]


_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.binary(max_size=40)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _post(cluster: Cluster, endpoint: str, body: bytes) -> httpx.Response:
    return httpx.post(f"{cluster.pagestore.url}/pagestore/v1/{endpoint}", content=body, timeout=30)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(endpoint=st.sampled_from(ENDPOINTS), body=st.binary(max_size=300))
def test_random_bytes(seeded: tuple[Cluster, VolumeId], endpoint: str, body: bytes) -> None:
    response = _post(seeded[0], endpoint, body)
    assert 400 <= response.status_code < 500, response.content


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    fields=st.dictionaries(
        st.sampled_from(["vid", "lsn", "graft", "pages", "extra"]), _values, max_size=4
    ),
)
def test_wrong_shapes(
    seeded: tuple[Cluster, VolumeId], endpoint: str, fields: dict[str, object]
) -> None:
    response = _post(seeded[0], endpoint, msgspec.msgpack.encode(fields))
    assert 400 <= response.status_code < 500, response.content


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(which=st.integers(0, 1), cut=st.integers(0, 5000), flip=st.integers(0, 5000))
def test_truncated_and_flipped_valid_bodies(
    seeded: tuple[Cluster, VolumeId], which: int, cut: int, flip: int
) -> None:
    cluster, vid = seeded
    body = bytearray(_valid(vid)[which])
    truncated = bytes(body[: cut % len(body)])
    assert 400 <= _post(cluster, ENDPOINTS[which], truncated).status_code < 500
    body[flip % len(body)] ^= 0xFF
    # A flip may still decode into a valid request (a different page or LSN): 200 or 4xx.
    assert _post(cluster, ENDPOINTS[which], bytes(body)).status_code < 500


def test_server_still_serves_after_fuzzing(seeded: tuple[Cluster, VolumeId]) -> None:
    cluster, vid = seeded
    assert cluster.client().read(vid, 1, [1, 2]) == {1: PAGE, 2: PAGE}
