"""The fault proxy itself, against real servers: each fault does what it says, and nothing else."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from graft_core import wire
from graft_core.errors import ServiceUnavailableError
from graft_core.ids import VolumeId
from tests.pagestore.cluster import Cluster, GraftHttp
from tests.support.faultproxy import Fault, FaultPlan, FaultProxy, Rule
from tests.sync.support import ProxiedCluster, page, remote_commits, remote_lsns

PAGES_WRITTEN = "pagestore_pages_written_total"
DELAY_S = 0.4


@pytest.fixture
def through(cluster: ProxiedCluster) -> Iterator[GraftHttp]:
    """Blocking calls to both services through their proxies."""
    http = GraftHttp(cluster.metastore_proxy.url, cluster.pagestore_proxy.url)
    yield http
    http.close()


def first_commit(http: GraftHttp, vid: VolumeId, tag: str) -> None:
    segments = http.write(vid, {1: page(tag)})
    http.commit(vid, None, 1, segments)


def test_requests_pass_through_on_one_kept_alive_connection(
    cluster: ProxiedCluster, through: GraftHttp
) -> None:
    vids = [VolumeId.random() for _ in range(5)]
    for vid in vids:
        first_commit(through, vid, f"kept alive {vid}")
    for vid in vids:
        assert through.read(vid, 1, [1, 2]) == {1: page(f"kept alive {vid}"), 2: bytes(4096)}
        assert remote_lsns(cluster, vid) == [1]
    meta, pages = cluster.metastore_proxy.stats(), cluster.pagestore_proxy.stats()
    assert (meta.connections, meta.requests, meta.forwarded) == (1, 5, 5)
    assert (pages.connections, pages.requests, pages.forwarded) == (1, 10, 10)
    assert meta.injections == pages.injections == ()


def test_unavailable_answers_503_with_a_wire_error_and_forwards_nothing(
    cluster: ProxiedCluster, through: GraftHttp
) -> None:
    vid = VolumeId.random()
    segments = through.write(vid, {1: page("refused once")})
    cluster.metastore_proxy.script(Rule("/commit", Fault.UNAVAILABLE))
    with pytest.raises(ServiceUnavailableError, match="injected"):
        through.commit(vid, None, 1, segments)
    assert remote_lsns(cluster, vid) == []
    assert cluster.metastore_proxy.stats().forwarded == 0
    through.commit(vid, None, 1, segments)  # one-shot: the same connection, answered this time
    assert remote_lsns(cluster, vid) == [1]
    stats = cluster.metastore_proxy.stats()
    assert (stats.connections, stats.forwarded, stats.count(Fault.UNAVAILABLE, "/commit")) == (
        1,
        1,
        1,
    )


def test_reset_closes_the_connection_before_forwarding(
    cluster: ProxiedCluster, through: GraftHttp
) -> None:
    before = cluster.metric(PAGES_WRITTEN)
    cluster.pagestore_proxy.script(Rule("/write_pages", Fault.RESET, times=2))
    for _ in range(2):
        with pytest.raises(httpx.ReadError, match="reset"):
            through.write(VolumeId.random(), {1: page("reset")})
    assert cluster.metric(PAGES_WRITTEN) == before
    through.write(VolumeId.random(), {1: page("after the resets")})
    assert cluster.metric(PAGES_WRITTEN) == before + 1
    stats = cluster.pagestore_proxy.stats()
    assert (stats.connections, stats.requests, stats.forwarded) == (3, 3, 1)
    assert stats.count(Fault.RESET) == 2


def test_dropped_response_leaves_the_request_applied(
    cluster: ProxiedCluster, through: GraftHttp
) -> None:
    vid = VolumeId.random()
    segments = through.write(vid, {1: page("applied, never acknowledged")})
    cluster.metastore_proxy.script(Rule("/commit", Fault.DROP_RESPONSE))
    with pytest.raises(httpx.RemoteProtocolError, match="without sending a response"):
        through.commit(vid, None, 1, segments)
    assert remote_lsns(cluster, vid) == [1]  # the ambiguous ack: it happened all the same
    assert cluster.metastore_proxy.stats().forwarded == 1


def test_duplicate_reaches_the_server_twice_and_answers_once(
    cluster: ProxiedCluster, through: GraftHttp
) -> None:
    before = cluster.metric(PAGES_WRITTEN)
    vid = VolumeId.random()
    cluster.pagestore_proxy.script(Rule("/write_pages", Fault.DUPLICATE))
    segments = through.write(vid, {1: page("twice"), 2: page("twice 2")})
    assert cluster.metric(PAGES_WRITTEN) == before + 4
    assert len(segments) == 1  # the second copy's segment, a whole answer
    through.commit(vid, None, 2, segments)
    assert through.read(vid, 1, [1, 2]) == {1: page("twice"), 2: page("twice 2")}
    stats = cluster.pagestore_proxy.stats()
    assert (stats.requests, stats.forwarded, stats.count(Fault.DUPLICATE)) == (2, 3, 1)


@pytest.mark.parametrize("fault", [Fault.DELAY_REQUEST, Fault.DELAY_RESPONSE])
def test_delay_holds_back_the_request_or_the_response(
    cluster: ProxiedCluster, through: GraftHttp, fault: Fault
) -> None:
    vid = VolumeId.random()
    segments = through.write(vid, {1: page("late")})
    plan = FaultPlan(delay_s=(DELAY_S, DELAY_S), rules=[Rule("/commit", fault)])
    cluster.metastore_proxy.set_plan(plan)
    sent = time.time()
    through.commit(vid, None, 1, segments)
    answered = time.time()
    (commit,) = remote_commits(cluster, vid)
    assert commit.ts_ms is not None
    applied = commit.ts_ms / 1000
    assert answered - sent >= DELAY_S
    if fault is Fault.DELAY_REQUEST:
        assert applied >= sent + DELAY_S - 0.001  # ts_ms is truncated to the millisecond
    else:
        assert applied <= answered - DELAY_S  # applied at once, answered after the delay


def snapshot_status(http: httpx.Client) -> str:
    """POST one snapshot request of an unknown volume; what came back."""
    body = wire.encode(wire.SnapshotRequest(vid=VolumeId.random()))
    try:
        return str(http.post("/metastore/v1/snapshot", content=body).status_code)
    except httpx.TransportError as exc:
        return type(exc).__name__


def test_random_faults_follow_the_seed(servers: Cluster) -> None:
    rates = {fault: 0.1 for fault in Fault}
    runs = []
    for seed in (7, 7, 8):
        plan = FaultPlan(seed=seed, rates=rates)
        with (
            FaultProxy(servers.metastore.url, plan) as proxy,
            httpx.Client(base_url=proxy.url, timeout=10) as http,
        ):
            answers = [snapshot_status(http) for _ in range(40)]
            assert http.get("/health").status_code == 200  # a GET is never faulted at random
            runs.append((answers, proxy.stats().injections))
    assert runs[0] == runs[1]
    assert runs[0][1] != runs[2][1]
    answers, injections = runs[0]
    assert {fault for _, fault in injections} == set(Fault)  # 40 draws at 6 x 10%: all of them
    expected = {
        Fault.UNAVAILABLE: "503",
        Fault.RESET: "ReadError",
        Fault.DROP_RESPONSE: "RemoteProtocolError",
    }
    faulted = [expected.get(fault, "404") for _, fault in injections]
    assert sorted(answers) == sorted(faulted + ["404"] * (len(answers) - len(faulted)))


def test_unreachable_server_resets_the_client() -> None:
    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
    with FaultProxy(dead) as proxy:
        with pytest.raises(httpx.ReadError):
            httpx.post(proxy.url + "/metastore/v1/snapshot", content=b"", timeout=10)
        assert proxy.stats().requests == 1


def test_a_chunked_request_is_refused_not_forwarded(cluster: ProxiedCluster) -> None:
    body = iter([wire.encode(wire.SnapshotRequest(vid=VolumeId.random()))])  # no length: chunked
    # The proxy hangs up without an answer: a clean close or, if unread bytes remain, a reset.
    with pytest.raises((httpx.RemoteProtocolError, httpx.ReadError)):
        httpx.post(cluster.metastore_proxy.url + "/metastore/v1/snapshot", content=body)
    stats = cluster.metastore_proxy.stats()
    assert (stats.requests, stats.forwarded) == (0, 0)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="loopback"):
        FaultProxy("http://192.0.2.1:3001")
    with pytest.raises(ValueError, match="loopback"):
        FaultProxy("https://127.0.0.1:3001")
    with pytest.raises(ValueError, match="sum of at most 1"):
        FaultPlan(rates={Fault.RESET: 0.6, Fault.UNAVAILABLE: 0.6})
    with pytest.raises(ValueError, match="probabilities"):
        FaultPlan(rates={Fault.RESET: -0.1})
    with pytest.raises(ValueError, match="delay_s"):
        FaultPlan(delay_s=(0.2, 0.1))
    with pytest.raises(ValueError, match="path starting with '/'"):
        Rule("commit", Fault.RESET)
    with pytest.raises(ValueError, match="times >= 1"):
        Rule("/commit", Fault.RESET, times=0)
