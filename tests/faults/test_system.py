"""Sync, fetch and lite reads through the fault proxy: the invariants hold under network faults.

Every assertion about what the servers hold goes straight to the servers (``remote_commits``,
``lite_direct``), never through the proxies under test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from graft_client import LiteClient, PullOutcome, Volume, VolumeStatus
from graft_client.remote import RetryPolicy
from graft_core.errors import ServiceUnavailableError
from graft_core.types import EMPTY_PAGE
from tests.support.faultproxy import Fault, FaultPlan, Rule
from tests.sync.support import (
    ProxiedCluster,
    client_for,
    lite_for,
    page,
    read_all,
    remote_commits,
    remote_lsns,
    write_pages,
)

PAGES = 12
ATTEMPTS = RetryPolicy().attempts
PAGES_WRITTEN = "pagestore_pages_written_total"


@pytest.fixture
def lite_direct(cluster: ProxiedCluster) -> Iterator[LiteClient]:
    """Reads straight from the servers, to check what they hold."""
    with LiteClient(cluster.metastore.url, cluster.pagestore.url) as lite:
        yield lite


def pages_of(tag: str, idxs: range = range(1, PAGES + 1)) -> dict[int, bytes]:
    return {idx: page(f"{tag} {idx}") for idx in idxs}


def assert_one_commit_holding(
    cluster: ProxiedCluster, lite: LiteClient, volume: Volume, model: dict[int, bytes]
) -> None:
    """The metastore's log has exactly one commit, LSN 1, and it holds ``model``."""
    (commit,) = remote_commits(cluster, volume.vid)
    assert (commit.lsn, commit.page_count) == (1, len(model))
    assert lite.read_many(volume.vid, model, lsn=1) == model


def test_dropped_commit_answer_is_retried_without_a_second_commit(
    cluster: ProxiedCluster, lite_direct: LiteClient, tmp_path: Path
) -> None:
    model = pages_of("dropped ack")
    cluster.metastore_proxy.script(Rule("/commit", Fault.DROP_RESPONSE))
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume()
        write_pages(volume, model)
        assert volume.push() == 1  # the retry got the stored commit back, idempotently
        assert volume.status() is VolumeStatus.OK
    assert cluster.metastore_proxy.stats().count(Fault.DROP_RESPONSE, "/commit") == 1
    assert_one_commit_holding(cluster, lite_direct, volume, model)


def test_push_cut_off_after_its_commit_resumes_the_same_commit(
    cluster: ProxiedCluster, lite_direct: LiteClient, tmp_path: Path
) -> None:
    model = pages_of("resumed")
    # Every attempt of the push's commit is applied and none is acknowledged.
    cluster.metastore_proxy.script(Rule("/commit", Fault.DROP_RESPONSE, times=ATTEMPTS))
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume()
        write_pages(volume, model)
        with pytest.raises(ServiceUnavailableError):
            volume.push()
        assert volume.status() is VolumeStatus.INTERRUPTED_PUSH
        assert remote_lsns(cluster, volume.vid) == [1]  # it landed; the client cannot know yet
        assert volume.push() == 1
        assert volume.status() is VolumeStatus.OK
        assert [(entry.lsn, entry.remote_lsn) for entry in volume.log()] == [(1, 1)]
        assert volume.push() is None
    assert_one_commit_holding(cluster, lite_direct, volume, model)


def test_duplicated_write_pages_and_commit_make_one_commit(
    cluster: ProxiedCluster, lite_direct: LiteClient, tmp_path: Path
) -> None:
    model = pages_of("duplicated")
    written = cluster.metric(PAGES_WRITTEN)
    cluster.pagestore_proxy.script(Rule("/write_pages", Fault.DUPLICATE))
    cluster.metastore_proxy.script(Rule("/commit", Fault.DUPLICATE, times=2))
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume()
        write_pages(volume, model)
        assert volume.push() == 1
        assert cluster.metric(PAGES_WRITTEN) == written + 2 * PAGES  # the pagestore got it twice
        assert_one_commit_holding(cluster, lite_direct, volume, model)
        write_pages(volume, {1: page("second")})
        assert volume.push() == 2
    assert remote_lsns(cluster, volume.vid) == [1, 2]
    assert lite_direct.read(volume.vid, 1, lsn=2) == page("second")
    assert cluster.metastore_proxy.stats().count(Fault.DUPLICATE, "/commit") == 2


def test_503s_and_resets_are_retried_until_they_succeed(
    cluster: ProxiedCluster, lite_direct: LiteClient, tmp_path: Path
) -> None:
    model = pages_of("retried")
    retries = ATTEMPTS - 1  # the last attempt of each call gets through
    cluster.pagestore_proxy.script(
        Rule("/write_pages", Fault.UNAVAILABLE, times=retries),
        Rule("/read_pages", Fault.RESET, times=retries),
    )
    cluster.metastore_proxy.script(
        Rule("/commit", Fault.RESET, times=retries),
        Rule("/pull_graft", Fault.UNAVAILABLE, times=retries),
    )
    with client_for(cluster, tmp_path / "a") as a, client_for(cluster, tmp_path / "b") as b:
        volume = a.create_volume()
        write_pages(volume, model)
        assert volume.push() == 1
        clone = b.open_volume(volume.vid)
        assert read_all(clone, PAGES) == model
        assert clone.errors() == [] and volume.errors() == []
    meta, pages = cluster.metastore_proxy.stats(), cluster.pagestore_proxy.stats()
    assert meta.count(Fault.RESET) == meta.count(Fault.UNAVAILABLE) == retries
    assert pages.count(Fault.RESET) == pages.count(Fault.UNAVAILABLE) == retries
    assert_one_commit_holding(cluster, lite_direct, volume, model)


def test_pull_and_lazy_fetch_through_delays_and_resets(
    cluster: ProxiedCluster, tmp_path: Path
) -> None:
    plan = FaultPlan(
        seed=11,
        rates={Fault.RESET: 0.15, Fault.DELAY_REQUEST: 0.2, Fault.DELAY_RESPONSE: 0.2},
    )
    rng = random.Random(11)
    model = pages_of("base", range(1, 41))
    with (
        client_for(cluster, tmp_path / "writer") as writer,
        client_for(cluster, tmp_path / "reader") as reader,
    ):
        volume = writer.create_volume()
        write_pages(volume, model)
        volume.push()
        cluster.metastore_proxy.set_plan(plan)
        cluster.pagestore_proxy.set_plan(plan)
        clone = reader.open_volume(volume.vid)
        for lsn in range(2, 8):
            changes = {idx: page(f"lsn {lsn} {idx}") for idx in rng.sample(sorted(model), 5)}
            write_pages(volume, changes)
            model |= changes
            assert volume.push() == lsn
            assert clone.pull() is PullOutcome.APPLIED
            sample = rng.sample(sorted(model), 10)
            with clone.reader() as pinned:  # pages fetched lazily, through the faults
                assert {idx: pinned.read(idx) for idx in sample} == {
                    idx: model[idx] for idx in sample
                }
        assert read_all(clone, 41) == model | {41: EMPTY_PAGE}
        assert clone.errors() == []
    for proxy in (cluster.metastore_proxy, cluster.pagestore_proxy):
        stats = proxy.stats()
        assert stats.count(Fault.RESET) > 0 and stats.count(Fault.DELAY_RESPONSE) > 0


WANTED = range(1, 14)


def at_every(model: dict[int, bytes]) -> dict[int, bytes]:
    return {idx: model.get(idx, EMPTY_PAGE) for idx in WANTED}


def test_lite_reads_through_every_fault(cluster: ProxiedCluster, tmp_path: Path) -> None:
    models: dict[int, dict[int, bytes]] = {}
    with client_for(cluster, tmp_path / "writer") as writer:
        volume = writer.create_volume()
        model: dict[int, bytes] = {}
        for lsn in range(1, 6):
            changes = pages_of(f"lsn {lsn}", range(lsn, lsn + 8))
            write_pages(volume, changes)
            assert volume.push() == lsn
            model |= changes
            models[lsn] = dict(model)
    plan = FaultPlan(seed=3, rates={fault: 0.05 for fault in Fault})
    cluster.metastore_proxy.set_plan(plan)
    cluster.pagestore_proxy.set_plan(plan)
    with lite_for(cluster) as lite:
        for _ in range(4):
            for lsn, expected in models.items():
                assert lite.read_many(volume.vid, WANTED, lsn=lsn) == at_every(expected)
            assert lite.read_many(volume.vid, WANTED) == at_every(models[5])  # the latest LSN
    assert cluster.metastore_proxy.stats().injections
    assert len(cluster.pagestore_proxy.stats().injections) > 1


def push_until_acknowledged(volume: Volume, tries: int = 10) -> int | None:
    """Push, pushing again after each push the faults cut off (the runtime's recovery, by hand)."""
    for _ in range(tries - 1):
        try:
            return volume.push()
        except ServiceUnavailableError:
            assert volume.status() is VolumeStatus.INTERRUPTED_PUSH
    return volume.push()


def test_pushes_under_random_faults_create_one_commit_each(
    cluster: ProxiedCluster, lite_direct: LiteClient, tmp_path: Path
) -> None:
    plan = FaultPlan(seed=9, rates={fault: 0.12 for fault in Fault})
    cluster.metastore_proxy.set_plan(plan)
    cluster.pagestore_proxy.set_plan(plan)
    rng = random.Random(9)
    models: list[dict[int, bytes]] = []
    model: dict[int, bytes] = {}
    with client_for(cluster, tmp_path / "a") as client:
        volume = client.create_volume()
        for lsn in range(1, 16):
            changes = {idx: page(f"lsn {lsn} {idx}") for idx in rng.sample(range(1, 21), 4)}
            write_pages(volume, changes)
            model |= changes
            models.append(dict(model))
            assert push_until_acknowledged(volume) == lsn
        assert [(entry.lsn, entry.remote_lsn) for entry in volume.log()] == [
            (lsn, lsn) for lsn in range(1, 16)
        ]
    assert remote_lsns(cluster, volume.vid) == list(range(1, 16))
    for lsn, expected in enumerate(models, start=1):
        idxs = range(1, max(expected) + 1)
        got = lite_direct.read_many(volume.vid, idxs, lsn=lsn)
        assert got == {idx: expected.get(idx, EMPTY_PAGE) for idx in idxs}
    injected = {fault for _, fault in cluster.metastore_proxy.stats().injections}
    injected |= {fault for _, fault in cluster.pagestore_proxy.stats().injections}
    assert injected == set(Fault)
