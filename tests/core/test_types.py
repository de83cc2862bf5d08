"""LSN / PageIdx / PageCount validation, page data checks, Snapshot."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graft_core.errors import InvalidInputError, InvalidPageError
from graft_core.ids import VolumeId
from graft_core.types import (
    EMPTY_PAGE,
    LSN,
    MAX_LSN,
    MAX_PAGEIDX,
    PAGE_SIZE,
    LocalLSN,
    PageCount,
    RemoteLSN,
    RemoteMapping,
    Snapshot,
    check_lsn,
    check_page,
    check_page_count,
    check_pageidx,
    is_empty_page,
)

NOT_INTS: list[object] = [True, False, 1.0, 2.5, "1", b"1", None, [1]]


def test_constants() -> None:
    assert PAGE_SIZE == 4096
    assert MAX_PAGEIDX == 2**32 - 1
    assert EMPTY_PAGE == b"\x00" * 4096
    assert isinstance(EMPTY_PAGE, bytes)
    assert is_empty_page(bytes(4096))
    assert not is_empty_page(b"\x00" * 4095 + b"\x01")


@pytest.mark.parametrize("value", [1, 2, 2**32, MAX_LSN])
def test_check_lsn_accepts(value: int) -> None:
    assert check_lsn(value) == value


@pytest.mark.parametrize("value", [0, -1, -(2**63), MAX_LSN + 1, *NOT_INTS])
def test_check_lsn_rejects(value: object) -> None:
    with pytest.raises(InvalidInputError, match="LSN"):
        check_lsn(value)


@pytest.mark.parametrize("value", [1, 2, 4096, MAX_PAGEIDX])
def test_check_pageidx_accepts(value: int) -> None:
    assert check_pageidx(value) == value


@pytest.mark.parametrize("value", [0, -1, 2**32, 2**64, *NOT_INTS])
def test_check_pageidx_rejects(value: object) -> None:
    with pytest.raises(InvalidPageError, match="page index"):
        check_pageidx(value)


@pytest.mark.parametrize("value", [0, 1, MAX_PAGEIDX])
def test_check_page_count_accepts(value: int) -> None:
    assert check_page_count(value) == value


@pytest.mark.parametrize("value", [-1, 2**32, *NOT_INTS])
def test_check_page_count_rejects(value: object) -> None:
    with pytest.raises(InvalidPageError, match="page count"):
        check_page_count(value)


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview])
def test_check_page_accepts_buffers_of_exactly_a_page(wrap: Callable[[bytes], object]) -> None:
    data = bytes(range(256)) * 16
    out = check_page(wrap(data))
    assert type(out) is bytes
    assert out == data


def test_check_page_copies_mutable_input() -> None:
    buf = bytearray(b"A" * PAGE_SIZE)
    out = check_page(buf)
    buf[0] = ord("B")
    assert out == b"A" * PAGE_SIZE


@pytest.mark.parametrize("size", [0, 1, PAGE_SIZE - 1, PAGE_SIZE + 1, 2 * PAGE_SIZE])
@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview])
def test_check_page_rejects_other_sizes(size: int, wrap: Callable[[bytes], object]) -> None:
    with pytest.raises(InvalidPageError, match=str(size)):
        check_page(wrap(b"x" * size))


@pytest.mark.parametrize("value", ["x" * PAGE_SIZE, [0] * PAGE_SIZE, None, 4096])
def test_check_page_rejects_non_buffers(value: object) -> None:
    with pytest.raises(InvalidPageError):
        check_page(value)


def test_validation_errors_are_value_errors() -> None:
    for fn, bad in ((check_lsn, 0), (check_pageidx, 0), (check_page_count, -1), (check_page, b"")):
        with pytest.raises(ValueError):
            fn(bad)


def test_snapshot_remote_lsn() -> None:
    vid = VolumeId.random()
    local_only = Snapshot(vid, LSN(3), PageCount(10))
    assert local_only.remote_lsn is None
    mapped = Snapshot(
        vid, LSN(5), PageCount(10), RemoteMapping(RemoteLSN(LSN(2)), LocalLSN(LSN(4)))
    )
    assert mapped.remote_lsn == 2
    assert mapped.remote is not None and mapped.remote.local_lsn == 4
    assert mapped == Snapshot(
        vid, LSN(5), PageCount(10), RemoteMapping(RemoteLSN(LSN(2)), LocalLSN(LSN(4)))
    )
    with pytest.raises(AttributeError):
        mapped.lsn = LSN(6)  # type: ignore[misc]
