"""The RPC core's rules, for the blocking and the async front alike, against scripted answers
(respx): what is retried, for how long, and which typed error every other outcome becomes."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import respx
from anyio.from_thread import start_blocking_portal

from graft_core.errors import (
    AuthError,
    CommitRejectedError,
    ForbiddenError,
    GraftError,
    InternalServerError,
    InvalidInputError,
    RemoteError,
    ServiceUnavailableError,
    SnapshotNotFoundError,
    StorageFullError,
    StorageUnavailableError,
    VolumeNotFoundError,
)
from graft_core.ids import ClientId, VolumeId
from graft_core.rpcclient import AsyncMetastoreClient, RetryPolicy, SyncMetastoreClient
from graft_core.wire import ErrorBody, SnapshotInfo, decode, encode

URL = "http://metastore.test:3001"
SNAPSHOT = f"{URL}/metastore/v1/snapshot"
COMMIT = f"{URL}/metastore/v1/commit"
VID = VolumeId.random()
FAST = RetryPolicy(attempts=5, first_delay=0.001, max_delay=0.002, deadline=10.0)
FRONTS = ("sync", "async")

Caller = Callable[..., Any]


@contextmanager
def metastore(kind: str, router: respx.Router, **options: Any) -> Iterator[Caller]:
    """``call(method, *args)`` on a metastore client of the ``kind`` front, answered by
    ``router``; the async one runs on an event loop of its own, one for all its calls."""
    options.setdefault("retry", FAST)
    if kind == "sync":
        transport = httpx.MockTransport(router.handler)
        with SyncMetastoreClient(URL, transport=transport, **options) as client:
            yield lambda name, *args: getattr(client, name)(*args)
        return
    with start_blocking_portal() as portal:
        transport = httpx.MockTransport(router.async_handler)
        aclient = AsyncMetastoreClient(URL, transport=transport, **options)
        try:
            yield lambda name, *args: portal.call(getattr(aclient, name), *args)
        finally:
            portal.call(aclient.aclose)


def ok(lsn: int = 3) -> httpx.Response:
    return httpx.Response(200, content=encode(SnapshotInfo(vid=VID, lsn=lsn, page_count=7)))


def error(status: int, code: str, message: str = "no") -> httpx.Response:
    return httpx.Response(status, content=encode(ErrorBody(code=code, message=message)))


def html(status: int) -> httpx.Response:
    page = f"<html><body><h1>{status} Bad Gateway</h1>nginx</body></html>".encode()
    return httpx.Response(status, content=page, headers={"content-type": "text/html"})


def commit(call: Caller) -> Any:
    return call("commit", VID, ClientId.random(), 2, 7, [], b"h" * 32)


@pytest.fixture
def router() -> respx.Router:
    return respx.Router(assert_all_called=False)


@pytest.mark.parametrize("kind", FRONTS)
def test_a_503_is_retried_and_the_next_answer_returned(kind: str, router: respx.Router) -> None:
    route = router.post(SNAPSHOT).mock(side_effect=[error(503, "unavailable"), ok()])
    with metastore(kind, router) as call:
        assert call("snapshot", VID).lsn == 3
    assert route.call_count == 2


@pytest.mark.parametrize("kind", FRONTS)
@pytest.mark.parametrize(
    "failure",
    [
        httpx.ConnectError("connection refused"),
        httpx.ReadError("connection reset by peer"),
        httpx.WriteError("broken pipe"),
        httpx.RemoteProtocolError("server closed the connection mid-answer"),
    ],
    ids=["refused", "reset", "broken-pipe", "cut-mid-answer"],
)
def test_a_failed_exchange_is_retried(kind: str, failure: Exception, router: respx.Router) -> None:
    route = router.post(SNAPSHOT).mock(side_effect=[failure, failure, ok()])
    with metastore(kind, router) as call:
        assert call("snapshot", VID).lsn == 3
    assert route.call_count == 3


@pytest.mark.parametrize("kind", FRONTS)
def test_a_lost_commit_answer_is_retried_with_the_same_request(
    kind: str, router: respx.Router
) -> None:
    """The metastore answers a repeated (cid, commit_hash) with the commit it stored."""
    route = router.post(COMMIT).mock(side_effect=[httpx.ReadError("reset"), ok(lsn=3)])
    with metastore(kind, router) as call:
        assert commit(call).lsn == 3
    first, second = (sent.request.content for sent in route.calls)
    assert first == second


@pytest.mark.parametrize("kind", FRONTS)
def test_timeouts_are_retried_until_the_deadline_then_a_typed_error(
    kind: str, router: respx.Router
) -> None:
    route = router.post(SNAPSHOT).mock(side_effect=httpx.ReadTimeout("no progress in 30 s"))
    policy = RetryPolicy(attempts=10_000, first_delay=0.01, max_delay=0.02, deadline=0.3)
    with (
        metastore(kind, router, retry=policy) as call,
        pytest.raises(ServiceUnavailableError, match=f"metastore at {URL} timed out"),
    ):
        call("snapshot", VID)
    assert 2 <= route.call_count < 100  # stopped by the deadline, not the attempts


@pytest.mark.parametrize("kind", FRONTS)
def test_the_attempts_are_bounded(kind: str, router: respx.Router) -> None:
    route = router.post(SNAPSHOT).mock(return_value=error(503, "storage_unavailable", "S3 down"))
    with metastore(kind, router) as call, pytest.raises(StorageUnavailableError, match="S3 down"):
        call("snapshot", VID)
    assert route.call_count == FAST.attempts


@pytest.mark.parametrize("kind", FRONTS)
@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (error(409, "commit_rejected", "LSN 3 was won by another commit"), CommitRejectedError),
        (error(404, "snapshot_not_found", "no LSN 9"), SnapshotNotFoundError),
        (error(404, "volume_not_found", "no such volume"), VolumeNotFoundError),
        (error(400, "invalid_input", "bad segments"), InvalidInputError),
        (error(401, "unauthorized", "missing token"), AuthError),
        (error(403, "forbidden", "read-only token"), ForbiddenError),
        (error(500, "internal_error", "internal server error"), InternalServerError),
    ],
    ids=lambda value: str(getattr(value, "status_code", getattr(value, "__name__", value))),
)
def test_an_error_body_is_its_typed_error_and_final(
    kind: str, answer: httpx.Response, expected: type[GraftError], router: respx.Router
) -> None:
    route = router.post(COMMIT).mock(return_value=answer)
    with metastore(kind, router) as call, pytest.raises(expected) as raised:
        commit(call)
    assert type(raised.value) is expected
    assert str(raised.value) == decode(answer.content, ErrorBody).message
    assert route.call_count == 1


@pytest.mark.parametrize("kind", FRONTS)
def test_a_servers_storage_error_says_whose_storage(kind: str, router: respx.Router) -> None:
    """Before: "cannot write 'segments/...': No space left on device", which a user reads as
    their own disk."""
    full = error(503, "storage_full", "cannot write 'segments/x': No space left on device")
    router.post(COMMIT).mock(return_value=full)
    with metastore(kind, router) as call, pytest.raises(StorageFullError) as raised:
        commit(call)
    assert str(raised.value) == (
        f"the server at {URL} could not use its storage: "
        "cannot write 'segments/x': No space left on device"
    )


@pytest.mark.parametrize("kind", FRONTS)
def test_a_proxys_html_502_is_retried_then_a_typed_error_naming_the_status(
    kind: str, router: respx.Router
) -> None:
    route = router.post(SNAPSHOT).mock(return_value=html(502))
    with (
        metastore(kind, router) as call,
        pytest.raises(RemoteError, match=r"HTTP 502 and no error body: b'<html>") as raised,
    ):
        call("snapshot", VID)
    assert URL in str(raised.value)
    assert route.call_count == FAST.attempts


@pytest.mark.parametrize("kind", FRONTS)
@pytest.mark.parametrize(
    ("status", "expected"),
    [(400, InvalidInputError), (401, AuthError), (403, ForbiddenError), (500, InternalServerError)],
)
def test_an_error_without_an_error_body_is_the_class_of_its_status(
    kind: str, status: int, expected: type[GraftError], router: respx.Router
) -> None:
    route = router.post(SNAPSHOT).mock(return_value=html(status))
    with metastore(kind, router) as call, pytest.raises(expected, match=f"HTTP {status}"):
        call("snapshot", VID)
    assert route.call_count == 1


@pytest.mark.parametrize("kind", FRONTS)
def test_a_server_without_the_endpoint_is_named(kind: str, router: respx.Router) -> None:
    router.post(SNAPSHOT).mock(return_value=error(404, "not_found", "POST /metastore/v1/snapshot"))
    with (
        metastore(kind, router) as call,
        pytest.raises(InvalidInputError, match=f"{URL} is not a metastore"),
    ):
        call("snapshot", VID)


@pytest.mark.parametrize("kind", FRONTS)
def test_an_answer_that_does_not_decode_is_the_servers_fault(
    kind: str, router: respx.Router
) -> None:
    route = router.post(SNAPSHOT).mock(return_value=httpx.Response(200, content=b"\xc1garbage"))
    with metastore(kind, router) as call, pytest.raises(RemoteError, match="invalid answer"):
        call("snapshot", VID)
    assert route.call_count == 1


@pytest.mark.parametrize("kind", FRONTS)
def test_a_fixed_and_a_renewing_token(kind: str, router: respx.Router) -> None:
    route = router.post(SNAPSHOT).mock(return_value=ok())
    with metastore(kind, router, token="fixed") as call:
        call("snapshot", VID)
    renewed = (f"token-{n}" for n in itertools.count())
    with metastore(kind, router, token=lambda: next(renewed)) as call:
        call("snapshot", VID)
        call("snapshot", VID)
    sent = [request.request.headers["authorization"] for request in route.calls]
    assert sent == ["Bearer fixed", "Bearer token-0", "Bearer token-1"]


@pytest.mark.parametrize("kind", FRONTS)
def test_an_outage_logs_one_warning_and_one_recovery(
    kind: str, router: respx.Router, caplog: pytest.LogCaptureFixture
) -> None:
    reset = httpx.ReadError("connection reset by peer")
    router.post(SNAPSHOT).mock(
        side_effect=[reset, reset, error(503, "unavailable"), ok(), ok(), reset, ok()]
    )
    caplog.set_level(logging.DEBUG, logger="graft_core.rpcclient")
    with metastore(kind, router) as call:
        for _ in range(3):  # an outage of three attempts, then an answer; one call; another outage
            call("snapshot", VID)
    lines = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert [level for level, _ in lines] == ["WARNING", "INFO", "WARNING", "INFO"], lines
    assert lines[0][1].startswith(f"metastore at {URL} unreachable: ")
    assert lines[0][1].endswith("; retrying")
    assert "connection reset by peer" in lines[0][1]
    assert lines[1][1].startswith(f"metastore at {URL} reachable again")
    assert "3 failed attempts" in lines[1][1]


def test_a_url_without_http_is_bad_input_not_an_outage() -> None:
    """Checked by the transports before any connection: the blocking one and ``LeanTransport``."""
    with (
        SyncMetastoreClient("ftp://host", retry=FAST) as client,
        pytest.raises(InvalidInputError, match="metastore URL 'ftp://host'"),
    ):
        client.snapshot(VID)
    with start_blocking_portal() as portal:
        aclient = AsyncMetastoreClient("ftp://host", retry=FAST)
        with pytest.raises(InvalidInputError, match="metastore URL 'ftp://host'"):
            portal.call(aclient.snapshot, VID)
        portal.call(aclient.aclose)
