"""Random, truncated and malformed msgpack to every endpoint: only 4xx, and nothing changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graft_core.graft import Graft
from graft_core.ids import ClientId, SegmentId, VolumeId
from graft_core.wire import (
    CheckpointRequest,
    CommitRequest,
    ForkRequest,
    Message,
    PullCommitsRequest,
    PullGraftRequest,
    SegmentRef,
    SnapshotRequest,
    VolumesRequest,
    VolumesResponse,
    encode,
)
from tests.metastore.conftest import MetaClient, metastore_command
from tests.support.receipts import signed
from tests.support.servers import ServerProcess, running_server

ENDPOINTS = ["snapshot", "pull_graft", "pull_commits", "commit", "checkpoint", "fork", "volumes"]


@pytest.fixture(scope="module")
def seeded(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[ServerProcess, VolumeId, MetaClient]]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    with running_server(metastore_command("--data-dir", str(tmp / "d")), tmp) as server:
        vid = VolumeId.random()
        client = MetaClient(server.url)
        client.commit(vid, None, pages=(1, 2))
        client.commit(vid, 1, pages=(3,))
        yield server, vid, client
        client.close()


def _valid_bodies(vid: VolumeId) -> list[Message]:
    segs = signed(vid, [SegmentRef(SegmentId.random(), Graft([1, 2]))])
    return [
        SnapshotRequest(vid=vid, lsn=1),
        PullGraftRequest(vid=vid, start=1),
        PullCommitsRequest(vid=vid, start=1),
        CommitRequest(
            vid=vid,
            cid=ClientId.random(),
            base_lsn=1,
            page_count=2,
            segments=segs,
            commit_hash=b"z" * 32,
        ),
        CheckpointRequest(vid=vid, lsn=2, segments=segs),
        VolumesRequest(limit=10),
        ForkRequest(vid=VolumeId.random(), cid=ClientId.random(), parent=vid, lsn=1),
    ]


FIELDS = [
    "vid",
    "cid",
    "lsn",
    "start",
    "end",
    "wait_ms",
    "base_lsn",
    "page_count",
    "segments",
    "commit_hash",
    "parent",
    "limit",
    "prefix",
    "after",
    "sid",
    "graft",
    "x",
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=40),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4)
    ),
    max_leaves=12,
)
objects = st.dictionaries(st.sampled_from(FIELDS), values, max_size=8)


def _state(client: MetaClient) -> bytes:
    listed = client.call("volumes", VolumesRequest(limit=1000), VolumesResponse)
    return encode(listed)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    body=st.one_of(
        st.binary(max_size=200),
        objects.map(msgspec.msgpack.encode),
        values.map(msgspec.msgpack.encode),
        st.tuples(st.integers(0, 6), st.integers(0, 400)).map(lambda t: (t[0], t[1])),
    ),
)
def test_fuzz_every_endpoint(
    seeded: tuple[ServerProcess, VolumeId, MetaClient], endpoint: str, body: bytes | tuple[int, int]
) -> None:
    server, vid, client = seeded
    if isinstance(body, tuple):
        valid = encode(_valid_bodies(vid)[body[0]])
        body = valid[: body[1] % len(valid)]  # a strict prefix: truncated msgpack
    before = _state(client)
    response = client.http.post(f"/metastore/v1/{endpoint}", content=body)
    assert response.status_code in (200, 400, 404, 409, 413), response.content
    assert response.status_code != 200 or endpoint not in ("commit", "checkpoint", "fork")
    assert _state(client) == before
    assert server.proc is not None and server.proc.poll() is None
