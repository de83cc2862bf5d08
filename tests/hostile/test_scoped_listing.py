"""A hostile caller with a scoped token pages through the volume listing, through real servers:
no part of any answer (volumes, ``next`` cursor, raw bytes) may name a volume outside its scope,
whatever ``limit``, ``after`` and ``prefix`` it sends, for static and for signed tokens."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from graft_core.ids import VolumeId
from graft_core.tokens import Grant, TokenKeys, new_key_line
from graft_core.types import PAGE_SIZE
from graft_core.wire import VolumesRequest, VolumesResponse, encode
from tests.pagestore.cluster import Cluster, GraftHttp, running_cluster

# Time-ordered ids, so the scope interleaves with foreign volumes in the listing order.
VIDS = [VolumeId.random(now_ms=1_700_000_000_000 + i) for i in range(8)]
SCOPE = [VIDS[1], VIDS[4], VIDS[6]]
NEVER_COMMITTED = VolumeId.random(now_ms=1_700_000_000_000 + 5)
FOREIGN = [vid for vid in VIDS if vid not in SCOPE]
KEY_LINE = new_key_line("k1")
ADMIN = "admin-secret"
STATIC_SCOPED = "scoped-secret"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp("scoped-listing")
    tokens = [
        {"token": ADMIN},
        {"token": STATIC_SCOPED, "volumes": [str(v) for v in [*SCOPE, NEVER_COMMITTED]]},
    ]
    (tmp / "tokens.json").write_text(json.dumps(tokens))
    (tmp / "keys").write_text(f"{KEY_LINE}\n")
    auth = ["--tokens-file", str(tmp / "tokens.json"), "--token-key-file", str(tmp / "keys")]
    with running_cluster(
        tmp,
        metastore_args=auth,
        pagestore_args=[*auth, "--metastore-token", ADMIN],
    ) as c:
        admin = c.client(ADMIN)
        for vid in VIDS:
            admin.commit(vid, None, 1, admin.write(vid, {1: b"\x01" * PAGE_SIZE}))
        yield c


@pytest.fixture(params=["static", "signed"])
def scoped(request: pytest.FixtureRequest, cluster: Cluster) -> GraftHttp:
    if request.param == "static":
        return cluster.client(STATIC_SCOPED)
    grant = Grant(frozenset([*SCOPE, NEVER_COMMITTED]), read_only=True)
    return cluster.client(TokenKeys.parse(KEY_LINE).sign(grant, ttl_s=3600))


def _list(http: GraftHttp, req: VolumesRequest) -> VolumesResponse:
    response = http.meta.post("/metastore/v1/volumes", content=encode(req))
    assert response.status_code == 200, response.content
    for vid in FOREIGN:
        assert str(vid).encode() not in response.content and bytes(vid) not in response.content
    answer = http._call(http.meta, "/metastore/v1/volumes", req, VolumesResponse)
    named = [info.vid for info in answer.volumes] + ([answer.next] if answer.next else [])
    assert set(named) <= set(SCOPE), named
    return answer


def _page_through(http: GraftHttp, limit: int, after: VolumeId | None = None) -> list[VolumeId]:
    seen: list[VolumeId] = []
    while True:
        answer = _list(http, VolumesRequest(limit=limit, after=after))
        seen += [info.vid for info in answer.volumes]
        if answer.next is None:
            return seen
        assert answer.volumes, "a page with a cursor but no volumes"
        after = answer.next


@pytest.mark.parametrize("limit", [1, 2, 3, 1000])
def test_paging_shows_exactly_the_scope_and_no_foreign_cursor(
    scoped: GraftHttp, limit: int
) -> None:
    assert _page_through(scoped, limit) == SCOPE


@pytest.mark.parametrize("after", FOREIGN)
def test_a_foreign_after_reveals_nothing(scoped: GraftHttp, after: VolumeId) -> None:
    assert _page_through(scoped, 1, after) == [vid for vid in SCOPE if after < vid]


def test_prefix_listing_stays_in_scope(scoped: GraftHttp) -> None:
    for vid in VIDS:
        answer = _list(scoped, VolumesRequest(limit=1, prefix=str(vid)))
        assert [info.vid for info in answer.volumes] == ([vid] if vid in SCOPE else [])
        assert answer.next is None


def test_an_unscoped_token_still_pages_through_everything(cluster: Cluster) -> None:
    admin = cluster.client(ADMIN)
    seen: list[VolumeId] = []
    after = None
    while True:
        answer = admin._call(
            admin.meta,
            "/metastore/v1/volumes",
            VolumesRequest(limit=3, after=after),
            VolumesResponse,
        )
        seen += [info.vid for info in answer.volumes]
        if answer.next is None:
            break
        after = answer.next
    assert seen == VIDS


def test_metrics_and_about_pages_name_no_volume(scoped: GraftHttp, cluster: Cluster) -> None:
    for http in (scoped.meta, scoped.pages):
        for path in ("/metrics", "/"):
            response = http.get(path)
            assert response.status_code == 200
            for vid in VIDS:
                assert str(vid).encode() not in response.content, (path, vid)
