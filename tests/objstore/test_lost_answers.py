"""A create-only PUT to S3 whose answer is lost: the stored object, not the lost answer, decides.

obstore retries a PUT whose connection broke before the answer (4 attempts in all). When the first
attempt created the object, the retry is told "exists": ``put_if_absent`` must still answer True
(this write is the one stored), and False only when another writer's object is there. A PUT that
times out is not retried: it fails though it may have landed, and the stored object decides too.
The metastore's commit fence, its checkpoints and every segment write rely on that answer.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graft_core.errors import StorageError
from graft_core.objstore import ObjectStore, open_store
from tests.support.faultproxy import Fault, FaultPlan, FaultProxy, Rule
from tests.support.moto import MotoS3

ATTEMPTS = 4  # obstore's first PUT and its 3 retries (graft_core.objstore._RETRY)
TIMEOUT_S = 0.5  # the store timeout (--store-timeout) in the late-answer test
LATE_S = 1.5  # how late the answers come: well past the timeout
KEY = "volumes/v/log/0000000000000008"


@pytest.fixture
def proxy(moto_s3: MotoS3) -> Iterator[FaultProxy]:
    with FaultProxy(moto_s3.endpoint) as started:
        yield started


@pytest.fixture
def store(moto_s3: MotoS3, proxy: FaultProxy) -> Iterator[ObjectStore]:
    url = moto_s3.make_bucket(f"lost-{uuid.uuid4().hex[:12]}")
    with open_store(url, env=dict(moto_s3.env, AWS_ENDPOINT_URL=proxy.url)) as opened:
        yield opened


@pytest.mark.parametrize("lost", [1, ATTEMPTS])
def test_a_create_whose_answers_are_lost_is_still_won(
    store: ObjectStore, proxy: FaultProxy, lost: int
) -> None:
    proxy.script(Rule(f"/{KEY}", Fault.DROP_RESPONSE, times=lost, method="PUT"))
    assert store.put_if_absent(KEY, b"ours") is True
    assert proxy.stats().count(Fault.DROP_RESPONSE) == lost
    assert store.get(KEY) == b"ours"
    assert store.put_if_absent(KEY, b"a later writer") is False


def test_a_lost_answer_over_another_writers_object_is_lost(
    store: ObjectStore, proxy: FaultProxy
) -> None:
    assert store.put_if_absent(KEY, b"theirs") is True
    proxy.script(Rule(f"/{KEY}", Fault.DROP_RESPONSE, times=ATTEMPTS, method="PUT"))
    assert store.put_if_absent(KEY, b"ours") is False
    assert store.get(KEY) == b"theirs"


def test_a_create_that_never_arrived_fails(store: ObjectStore, proxy: FaultProxy) -> None:
    proxy.script(Rule(f"/{KEY}", Fault.RESET, times=ATTEMPTS, method="PUT"))
    with pytest.raises(StorageError, match="PUT"):
        store.put_if_absent(KEY, b"ours")
    assert list(store.list("volumes/")) == []


def test_a_create_answered_after_the_store_timeout_is_still_won(
    moto_s3: MotoS3, proxy: FaultProxy
) -> None:
    """The PUT lands but every answer comes after the request timed out (what a store timeout
    such as --store-timeout does to a slow store): the write is still this call's."""
    url = moto_s3.make_bucket(f"late-{uuid.uuid4().hex[:12]}")
    env = dict(moto_s3.env, AWS_ENDPOINT_URL=proxy.url)
    late = Rule(f"/{KEY}", Fault.DELAY_RESPONSE, times=ATTEMPTS, method="PUT")
    proxy.set_plan(FaultPlan(delay_s=(LATE_S, LATE_S), rules=[late]))
    with open_store(url, env=env, timeout_s=TIMEOUT_S) as store:
        assert store.put_if_absent(KEY, b"ours") is True
        assert proxy.stats().count(Fault.DELAY_RESPONSE) >= 1
        assert store.get(KEY) == b"ours"
